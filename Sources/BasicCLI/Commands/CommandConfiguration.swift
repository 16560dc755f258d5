/// What a command is called, what help says about it, and its subcommands.
///
/// ```swift
/// static let configuration = CommandConfiguration(
///     commandName: "kv", abstract: "Read and write an encrypted key-value store.",
///     subcommands: [KVSet.self, KVGet.self])
/// ```
public struct CommandConfiguration: Sendable {
    /// The name typed on the command line; nil for the type's name in kebab case
    /// (`KVGetCommand` is `kv-get-command`).
    public var commandName: String?
    /// One line for help's `OVERVIEW:` and the parent's list of subcommands.
    public var abstract: String
    /// A usage line of your own, in place of the one built from the declarations; nil for that one.
    public var usage: String?
    /// Paragraphs after the overview. Each line of it is wrapped on its own, so write a paragraph
    /// on one line (end the source lines of a multi-line string with `\`).
    public var discussion: String
    /// The version `--version` prints, at the root; empty for no `--version`.
    public var version: String
    /// The commands under this one; a command with subcommands is a group and never runs itself.
    public var subcommands: [any ParsableCommand.Type]

    /// A configuration; every part may be left out.
    public init(
        commandName: String? = nil, abstract: String = "", usage: String? = nil, discussion: String = "",
        version: String = "", subcommands: [any ParsableCommand.Type] = []
    ) {
        self.commandName = commandName
        self.abstract = abstract
        self.usage = usage
        self.discussion = discussion
        self.version = version
        self.subcommands = subcommands
    }
}
