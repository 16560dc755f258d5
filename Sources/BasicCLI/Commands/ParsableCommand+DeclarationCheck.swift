extension ParsableCommand {
    /// The mistakes in the declarations of this command's tree, one line each; empty when there
    /// are none. A tool's test suite asserts it is empty, since the parser cannot report them:
    ///
    /// ```swift
    /// @Test func declarations() { #expect(BSL.declarationProblems() == []) }
    /// ```
    ///
    /// It finds a name declared twice in one command (its option groups included) or used by
    /// `-h`, `--help`, `--version` or `--generate-completion-script`; a command that redeclares
    /// a group's option differently (a flag for an option, other names); short names that are
    /// digits, and long names with spaces, `=` or a leading dash; an array argument before
    /// another argument; a required argument after an optional one; arguments on a group; and
    /// two subcommands with one name.
    public static func declarationProblems() -> [String] {
        DeclarationCheck.problems(in: CommandNode(root: Self.self), parent: nil)
    }
}

enum DeclarationCheck {
    /// The problems of `node` and of every command under it.
    static func problems(in node: CommandNode, parent: CommandNode?) -> [String] {
        problems(of: node, parent: parent) + node.children.flatMap { problems(in: $0, parent: node) }
    }

    static func problems(of node: CommandNode, parent: CommandNode?) -> [String] {
        var problems: [String] = []
        let command = "'\(node.pathString)'"
        var reserved: Set<OptionName> = [.long("help"), .short("h")]
        if node.isRoot { reserved.insert(.long(String(CommandParser.completionOption.dropFirst(2)))) }
        if node.acceptsVersion { reserved.insert(.long("version")) }

        var seen: Set<OptionName> = []
        for definition in node.ownDefinitions where definition.kind != .positional {
            if definition.names.isEmpty {
                problems.append("\(command): the option '\(definition.keyString)' has no name")
            }
            for name in definition.names {
                if reserved.contains(name) { problems.append("\(command): \(name) is the runner's own") }
                if !seen.insert(name).inserted { problems.append("\(command): \(name) is declared twice") }
                switch name {
                case .short(let character) where character.isNumber || character == "-" || character == ".":
                    problems.append("\(command): \(name) would read as a negative number or a dash")
                case .long(let long)
                where long.isEmpty || long.hasPrefix("-") || long.contains("=") || long.contains(" "):
                    problems.append("\(command): '\(long)' is no long name (no spaces, '=' or leading dash)")
                default:
                    break
                }
            }
        }
        problems += shadowingProblems(of: node, parent: parent, command: command)
        problems += positionalProblems(of: node, command: command)
        var names: Set<String> = []
        for child in node.children where !names.insert(child.name).inserted {
            problems.append("\(command): two subcommands are named '\(child.name)'")
        }
        return problems
    }

    /// A command's own option that shares a name with one of a group above it must be the same
    /// option: the same names, the same kind, as one `@OptionGroup` struct included twice gives.
    private static func shadowingProblems(of node: CommandNode, parent: CommandNode?, command: String) -> [String] {
        guard let parent else { return [] }
        var problems: [String] = []
        for own in node.ownDefinitions where own.kind != .positional {
            for above in parent.options where !Set(above.names).isDisjoint(with: own.names) {
                if above.names != own.names || above.kind != own.kind || above.isRepeating != own.isRepeating {
                    problems.append(
                        "\(command): \(own.preferredName) differs from the option of '\(parent.pathString)' it shares a name with"
                    )
                }
            }
        }
        return problems
    }

    private static func positionalProblems(of node: CommandNode, command: String) -> [String] {
        let positionals = node.positionals
        var problems: [String] = []
        if node.isGroup && !positionals.isEmpty {
            problems.append("\(command): a group takes no arguments; its words name subcommands")
        }
        for (index, positional) in positionals.enumerated() {
            if positional.isRepeating && index < positionals.count - 1 {
                problems.append(
                    "\(command): <\(positional.valueName)> takes the rest of the words, so it must come last")
            }
            if positional.isRequired, positionals[..<index].contains(where: { !$0.isRequired }) {
                problems.append("\(command): <\(positional.valueName)> is required but follows an optional argument")
            }
        }
        return problems
    }

}
