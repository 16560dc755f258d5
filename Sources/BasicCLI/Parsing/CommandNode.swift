/// One command of a tool's tree, with its declarations found once: the parser, help, completion
/// scripts and the declaration check all read these.
///
/// A node's children are made when asked for, so that parsing a command line reflects only the
/// commands on its path (`bsl cnblogs news` reflects 3 of bsl's 67 commands).
struct CommandNode: Sendable {
    let type: any ParsableCommand.Type
    let configuration: CommandConfiguration
    /// The names from the root: `["bsl", "kv", "get"]`.
    let path: [String]
    /// Its own options, flags and arguments, those of its option groups included.
    let ownDefinitions: [ArgumentDefinition]
    /// The options and flags of the groups above it that it does not declare itself.
    let inheritedOptions: [ArgumentDefinition]
    /// The options and flags its subcommands inherit from it and from above.
    private let handedDown: [ArgumentDefinition]

    /// The tree under `type`, the tool's root.
    init(root type: any ParsableCommand.Type) {
        self.init(type, parentPath: [], inherited: [])
    }

    private init(_ type: any ParsableCommand.Type, parentPath: [String], inherited: [ArgumentDefinition]) {
        self.type = type
        configuration = type.configuration
        path = parentPath + [type.commandName]
        let own = CommandReflection.definitions(of: type)
        ownDefinitions = own
        let ownNames = Set(own.flatMap(\.names))
        inheritedOptions = inherited.filter { Set($0.names).isDisjoint(with: ownNames) }
        handedDown = own.filter { $0.kind != .positional } + inheritedOptions
    }

    /// Its subcommands, in declaration order, each reflected now.
    var children: [CommandNode] {
        configuration.subcommands.map { CommandNode($0, parentPath: path, inherited: handedDown) }
    }

    var name: String { path.last ?? "" }
    var isRoot: Bool { path.count == 1 }
    var isGroup: Bool { !configuration.subcommands.isEmpty }
    var pathString: String { path.joined(separator: " ") }

    /// Every option and flag the command accepts: its own, then those it inherits.
    var options: [ArgumentDefinition] { ownDefinitions.filter { $0.kind != .positional } + inheritedOptions }

    /// Its positional arguments, in order.
    var positionals: [ArgumentDefinition] { ownDefinitions.filter { $0.kind == .positional } }

    /// Whether `--version` works here: at the root of a tool with a version.
    var acceptsVersion: Bool { isRoot && !configuration.version.isEmpty }

    func option(named name: OptionName) -> ArgumentDefinition? {
        options.first { $0.names.contains(name) }
    }

    /// The subcommand called `name`, the only one reflected.
    func child(named name: String) -> CommandNode? {
        configuration.subcommands.first { $0.commandName == name }.map {
            CommandNode($0, parentPath: path, inherited: handedDown)
        }
    }

    /// The command whose path is `path` (`["bsl", "kv", "get"]`) when this is the first command of
    /// that path (the root, for a whole path), reflecting only the commands along it; nil when no
    /// command has that path.
    func descendant(at path: [String]) -> CommandNode? {
        guard path.first == name else { return nil }
        var node = self
        for name in path.dropFirst() {
            guard let child = node.child(named: name) else { return nil }
            node = child
        }
        return node
    }

    /// This command and every command under it, depth first.
    var allNodes: [CommandNode] {
        [self] + children.flatMap(\.allNodes)
    }
}
