import Foundation

/// The facts every completion script is written from, per command.
struct CompletionModel {
    struct OptionEntry {
        var names: [String]
        var help: String
        var takesValue: Bool
        var completion: CompletionKind
    }

    struct Command {
        var path: String
        var options: [OptionEntry]
        var subcommands: [(name: String, help: String)]
        var positionals: [(completion: CompletionKind, isRepeating: Bool)]
        var isGroup: Bool { !subcommands.isEmpty }
        /// Whether the runner's `help` works here: in a group with no subcommand of that name.
        var offersHelp: Bool { isGroup && !subcommands.contains { $0.name == "help" } }
    }

    let toolName: String
    let commands: [Command]

    init(root: CommandNode) {
        toolName = root.name
        commands = root.allNodes.map { node in
            var options = node.options.map { definition in
                OptionEntry(
                    names: definition.names.map(\.description), help: definition.help.abstract,
                    takesValue: definition.kind == .option,
                    completion: definition.allValues.isEmpty ? definition.completion : .list(definition.allValues))
            }
            if node.acceptsVersion {
                options.append(
                    OptionEntry(
                        names: ["--version"], help: "Show the version.", takesValue: false, completion: .nothing))
            }
            if node.isRoot {
                options.append(
                    OptionEntry(
                        names: [CommandParser.completionOption], help: "Print a completion script.", takesValue: true,
                        completion: .list(CompletionShell.allValueStrings)))
            }
            options.append(
                OptionEntry(
                    names: ["-h", "--help"], help: "Show help information.", takesValue: false, completion: .nothing))
            let subcommands = node.children.map { ($0.name, $0.configuration.abstract) }
            return Command(
                path: node.pathString, options: options, subcommands: subcommands,
                positionals: node.positionals.map {
                    ($0.allValues.isEmpty ? $0.completion : .list($0.allValues), $0.isRepeating)
                })
        }
    }

    /// The tool's name as part of a shell function's name: letters, digits and `_`.
    var functionName: String {
        String(toolName.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// What completion says of the runner's `help`.
    static let helpSummary = "Show the help of a command."

    /// `'text'` for a POSIX shell (fish reads it the same way), a `'` inside written `'\''`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The first line of `help`, for a completion's description.
    static func summary(_ help: String) -> String {
        String(help.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }
}
