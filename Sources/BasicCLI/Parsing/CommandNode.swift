/// One command of a tool's tree, with its declarations found once: the parser, help, completion
/// scripts and the declaration check all read these.
struct CommandNode: Sendable {
    let type: any ParsableCommand.Type
    let configuration: CommandConfiguration
    /// The names from the root: `["bsl", "kv", "get"]`.
    let path: [String]
    /// Its own options, flags and arguments, those of its option groups included.
    let ownDefinitions: [ArgumentDefinition]
    /// The options and flags of the groups above it that it does not declare itself.
    let inheritedOptions: [ArgumentDefinition]
    let children: [CommandNode]

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
        let handedDown = own.filter { $0.kind != .positional } + inheritedOptions
        let path = path
        children = configuration.subcommands.map { CommandNode($0, parentPath: path, inherited: handedDown) }
    }

    var name: String { path.last ?? "" }
    var isRoot: Bool { path.count == 1 }
    var isGroup: Bool { !children.isEmpty }
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

    func child(named name: String) -> CommandNode? {
        children.first { $0.name == name }
    }

    /// This command and every command under it, depth first.
    var allNodes: [CommandNode] {
        [self] + children.flatMap(\.allNodes)
    }
}
