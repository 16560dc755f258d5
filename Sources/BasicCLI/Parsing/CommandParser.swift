/// What a command line asks for.
enum ParsedLine {
    /// Run the command `node` with these values, keyed by the dotted property path.
    case run(CommandNode, values: [String: any Sendable])
    /// Print the help of `node` (`--help`, `-h`, `help …`).
    case help(CommandNode)
    /// Print the root's version.
    case version
    /// Print a completion script.
    case completionScript(CompletionShell)
}

/// Matches a command line to a tree of commands.
///
/// Words are read left to right. A subcommand's name moves down the tree; an option is looked up
/// among the current command's own options and those of the groups above it, so a group's options
/// may come before or after its subcommand's name and among the subcommand's positional arguments.
/// `--name value`, `--name=value`, `-n value` and grouped short flags (`-yv`) set options; a word
/// that looks like a negative number (`-1234.5`, `-.5`) and a lone `-` are positional; `--` ends
/// the options. `--help`, `-h` and the `help` subcommand win over any error on the line.
struct CommandParser {
    static let helpNames = ["--help", "-h"]
    static let completionOption = "--generate-completion-script"

    let root: CommandNode

    func parse(_ words: [String]) throws(CommandLineError) -> ParsedLine {
        var scan = Scan(words: words, node: root)
        try scan.run()
        let node = scan.node
        if let target = scan.helpTarget { return .help(target) }
        if scan.helpRequested { return .help(node) }
        if let error = scan.firstError { throw error }
        if scan.versionRequested { return .version }
        if let shellName = scan.completionShell {
            guard let shell = CompletionShell(rawValue: shellName) else {
                throw CommandLineError(
                    .invalidValue(
                        subject: "the option \(Self.completionOption)", value: shellName,
                        expectation: "takes bash, zsh or fish"),
                    commandPath: node.path)
            }
            return .completionScript(shell)
        }
        if node.isGroup { throw CommandLineError(.missingCommand, commandPath: node.path) }
        return .run(node, values: try values(for: node, scan: scan))
    }

    /// Assigns the positional words, checks what is required, and makes each property's value.
    private func values(for node: CommandNode, scan: Scan) throws(CommandLineError) -> [String: any Sendable] {
        func failure(_ reason: CommandLineError.Reason) -> CommandLineError {
            CommandLineError(reason, commandPath: node.path)
        }
        var remaining = scan.positionals[...]
        var assigned: [String: [String]] = [:]
        for definition in node.positionals {
            if definition.isRepeating {
                assigned[definition.keyString] = Array(remaining)
                remaining = []
            } else if let word = remaining.popFirst() {
                assigned[definition.keyString] = [word]
            }
        }
        if let extra = remaining.first { throw failure(.unexpectedArgument(extra)) }
        if let missing = node.positionals.first(where: { $0.isRequired && (assigned[$0.keyString] ?? []).isEmpty }) {
            throw failure(.missingArgument("<\(missing.valueName)>"))
        }
        if let missing = node.options.first(where: { $0.isRequired && scan.occurrences[$0.preferredName] == nil }) {
            throw failure(.missingOption(missing.usageText))
        }
        var values: [String: any Sendable] = [:]
        do {
            for definition in node.ownDefinitions {
                let words =
                    definition.kind == .positional
                    ? assigned[definition.keyString] ?? [] : scan.occurrences[definition.preferredName] ?? []
                values[definition.keyString] = try definition.makeValue(words, definition.subject)
            }
            // An inherited option the command does not read is still checked, so that a bad value is
            // an error wherever it is given.
            for definition in node.inheritedOptions {
                if let words = scan.occurrences[definition.preferredName] {
                    _ = try definition.makeValue(words, definition.subject)
                }
            }
        } catch {
            throw failure(error.reason)
        }
        return values
    }

    /// Whether `word` is an option: `-x`, `--name`, but not `-`, `-1` or `-.5`.
    static func isOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1 else { return false }
        let second = word[word.index(after: word.startIndex)]
        return !((second.isASCII && second.isNumber) || second == ".")
    }
}

/// The state of one left-to-right reading of a command line.
private struct Scan {
    let words: [String]
    var node: CommandNode
    var index = 0
    var optionsEnded = false
    /// The words given for each option, by its preferred name (`--db`); a flag's are empty strings.
    var occurrences: [String: [String]] = [:]
    var positionals: [String] = []
    var firstError: CommandLineError?
    var helpRequested = false
    /// The command `help a b` names.
    var helpTarget: CommandNode?
    var versionRequested = false
    var completionShell: String?

    init(words: [String], node: CommandNode) {
        self.words = words
        self.node = node
    }

    mutating func fail(_ reason: CommandLineError.Reason) {
        if firstError == nil { firstError = CommandLineError(reason, commandPath: node.path) }
    }

    mutating func run() throws(CommandLineError) {
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded {
                positionals.append(word)
            } else if word == "--" {
                optionsEnded = true
            } else if CommandParser.isOption(word) {
                readOption(word)
            } else if node.isGroup {
                if let child = node.child(named: word) {
                    node = child
                } else if word == "help" {
                    try readHelpCommand()
                    return
                } else {
                    fail(.unknownCommand(word, suggestion: Suggestion.nearest(to: word, in: commandNames)))
                    // The rest of the line is meaningless without its command, but a --help in it still counts.
                    helpRequested =
                        helpRequested
                        || words[index...].prefix { $0 != "--" }.contains(where: CommandParser.helpNames.contains)
                    return
                }
            } else {
                positionals.append(word)
            }
        }
    }

    /// The names a group answers to: its subcommands', and `help`.
    var commandNames: [String] { node.children.map(\.name) + ["help"] }

    /// `help a b`: the command the words after `help` name, options ignored.
    mutating func readHelpCommand() throws(CommandLineError) {
        var target = node
        for word in words[index...] where !CommandParser.isOption(word) && word != "--" {
            guard let child = target.child(named: word) else {
                let names = target.children.map(\.name)
                throw CommandLineError(
                    .unknownCommand(word, suggestion: Suggestion.nearest(to: word, in: names)), commandPath: target.path
                )
            }
            target = child
        }
        helpTarget = target
    }

    mutating func readOption(_ word: String) {
        if CommandParser.helpNames.contains(word) {
            helpRequested = true
            return
        }
        if word.hasPrefix("--") {
            readLongOption(word)
        } else {
            readShortOptions(word)
        }
    }

    mutating func readLongOption(_ word: String) {
        var name = word
        var inlineValue: String?
        if let equals = word.firstIndex(of: "=") {
            name = String(word[..<equals])
            inlineValue = String(word[word.index(after: equals)...])
        }
        if node.isRoot, name == CommandParser.completionOption {
            completionShell = value(inline: inlineValue, option: name, valueName: "shell")
            return
        }
        if node.acceptsVersion, name == "--version", inlineValue == nil {
            versionRequested = true
            return
        }
        guard let definition = node.option(named: .long(String(name.dropFirst(2)))) else {
            fail(unknownOptionReason(name))
            return
        }
        record(definition, inlineValue: inlineValue)
    }

    /// `-y`, `-n VALUE`, or grouped flags `-yv` whose last may take a value.
    mutating func readShortOptions(_ word: String) {
        let characters = Array(word.dropFirst())
        for (position, character) in characters.enumerated() {
            guard let definition = node.option(named: .short(character)) else {
                // `-pretty` for `--pretty` is a common slip: suggest the long option.
                let long = String(word.dropFirst())
                let suggestion = characters.count > 1 && node.option(named: .long(long)) != nil ? "--" + long : nil
                fail(.unknownOption(characters.count == 1 ? word : "-\(character)", suggestion: suggestion))
                return
            }
            if definition.kind == .option && position < characters.count - 1 {
                fail(.valueOptionInsideGroup("-\(character)", group: word))
                return
            }
            record(definition, inlineValue: nil)
        }
    }

    /// An option's value: written after `=`, else the next word unless it is an option.
    mutating func value(inline: String?, option: String, valueName: String) -> String? {
        if let inline { return inline }
        if index < words.count, !CommandParser.isOption(words[index]) {
            index += 1
            return words[index - 1]
        }
        fail(.missingValue(option: option, valueName: valueName))
        return nil
    }

    mutating func record(_ definition: ArgumentDefinition, inlineValue: String?) {
        let key = definition.preferredName
        if definition.kind == .flag {
            if inlineValue != nil { fail(.flagWithValue(key)) }
            occurrences[key, default: []].append("")
            return
        }
        guard let value = value(inline: inlineValue, option: key, valueName: definition.valueName) else { return }
        if !definition.isRepeating, occurrences[key] != nil { fail(.repeatedOption(key)) }
        occurrences[key, default: []].append(value)
    }

    /// Why `--name` is unknown here: it belongs to a subcommand, or it is a near miss of a known one.
    func unknownOptionReason(_ name: String) -> CommandLineError.Reason {
        let long = OptionName.long(String(name.dropFirst(2)))
        if let owner = node.children.flatMap(\.allNodes).first(where: { $0.option(named: long) != nil }) {
            return .misplacedOption(name, command: owner.pathString)
        }
        var known = node.options.flatMap(\.names).filter(\.isLong).map(\.description) + CommandParser.helpNames
        if node.acceptsVersion { known.append("--version") }
        return .unknownOption(name, suggestion: Suggestion.nearest(to: name, in: known))
    }
}
