import BasicFormat
import Foundation

extension ParsableCommand {
    /// Parses `arguments` (the words after the tool's name) against this command's tree, then
    /// prints help, the version or a completion script, or runs the command they name:
    /// `validate()`, then `run()`.
    ///
    /// ```swift
    /// let outcome = await Tool.execute(["cnblogs", "read", "--prety"], columns: 80)
    /// outcome.status        // 64
    /// outcome.errorOutput   // Error: unknown option '--prety'; did you mean '--pretty'? …
    /// ```
    ///
    /// Help and usage lines are wrapped to `columns`, by default the terminal's width
    /// (``TerminalWidth/measure(fileDescriptor:environment:)``). A debug build runs nothing when
    /// ``declarationProblems()`` finds a mistake in the tree: it prints each (exit status 1).
    public static func execute(_ arguments: [String], columns: Int? = nil) async -> CommandExecution {
        let root = CommandNode(root: Self.self)
        let formatter = HelpFormatter(columns: columns ?? TerminalWidth.measure().columns)
        #if DEBUG
            // Mistakes in the declarations are the tool's bugs: a debug build refuses to run with them,
            // so that any test that runs the tool finds them.
            let problems = DeclarationCheck.problems(in: root, parent: nil)
            if !problems.isEmpty {
                let lines = problems.map { "Error: the declarations of \(root.name) are wrong: \($0)\n" }
                return CommandExecution(status: CommandExecution.failure, errorOutput: lines.joined())
            }
        #endif
        let line: ParsedLine
        do {
            line = try CommandParser(root: root).parse(arguments)
        } catch {
            return usageFailure(error, root: root, formatter: formatter)
        }
        switch line {
        case .help(let node):
            return CommandExecution(status: CommandExecution.success, output: formatter.help(for: node) + "\n")
        case .version:
            return CommandExecution(
                status: CommandExecution.success, output: "\(root.name) \(root.configuration.version)\n")
        case .completionScript(let shell):
            return CommandExecution(status: CommandExecution.success, output: completionScript(for: shell))
        case .run(let node, let values):
            do {
                var command = try node.type.init(from: ArgumentDecoder(values: values, codingPath: []))
                try CommandReflection.validate(&command)
                if var asynchronous = command as? any AsyncParsableCommand {
                    try await asynchronous.run()
                } else {
                    try command.run()
                }
                return CommandExecution(status: CommandExecution.success)
            } catch var error as CommandLineError {
                if error.commandPath.isEmpty { error.commandPath = node.path }
                return usageFailure(error, root: root, formatter: formatter)
            } catch {
                // Escaped here too: an error of another library's may carry a line break or an
                // escape sequence from the input, and the message must stay one line.
                let message = PrintableText.escaped(String(describing: error))
                return CommandExecution(status: CommandExecution.failure, errorOutput: "Error: \(message)\n")
            }
        }
    }

    /// A usage error on standard error: the message, the usage line and the hint, or the whole help
    /// of a group named without a command.
    private static func usageFailure(
        _ error: CommandLineError, root: CommandNode, formatter: HelpFormatter
    ) -> CommandExecution {
        let node = root.descendant(at: error.commandPath) ?? root
        let text =
            error.reason == .missingCommand ? formatter.help(for: node) : formatter.usageFailure(error, node: node)
        return CommandExecution(status: CommandExecution.usageFailure, errorOutput: text + "\n")
    }

    /// The help of the command `path` names under this one (`["cnblogs", "read"]`; empty for this
    /// one), wrapped to `columns` (80 by default); nil when `path` names no command.
    public static func helpMessage(for path: [String] = [], columns: Int = TerminalWidth.fallbackColumns) -> String? {
        let root = CommandNode(root: Self.self)
        guard let node = root.descendant(at: root.path + path) else { return nil }
        return HelpFormatter(columns: columns).help(for: node)
    }

    /// The completion script for `shell`, made from this command's tree: what
    /// `--generate-completion-script` prints.
    public static func completionScript(for shell: CompletionShell) -> String {
        let model = CompletionModel(root: CommandNode(root: Self.self))
        switch shell {
        case .bash: return BashCompletion(model: model).script
        case .zsh: return ZshCompletion(model: model).script
        case .fish: return FishCompletion(model: model).script
        }
    }
}

extension AsyncParsableCommand {
    /// Runs the tool: parses `CommandLine.arguments`, prints or runs what they ask for (see
    /// ``ParsableCommand/execute(_:columns:)``), and exits with its status.
    ///
    /// A tool that has work of its own to do after the command, before the process ends, writes
    /// its own `main()` from the same two steps:
    ///
    /// ```swift
    /// static func main() async {
    ///     let outcome = await execute(Array(CommandLine.arguments.dropFirst()))
    ///     cleanUp()
    ///     outcome.finish()
    /// }
    /// ```
    public static func main() async {
        await execute(Array(CommandLine.arguments.dropFirst())).finish()
    }
}

extension CommandExecution {
    /// Ends the process as the outcome says: writes ``output`` to standard output and
    /// ``errorOutput`` to standard error, after whatever the command printed, and exits with
    /// ``status``.
    public func finish() -> Never {
        // What the command printed with print() waits in the C library's buffer: out before the runner's text.
        fflush(nil)
        if !output.isEmpty { FileHandle.standardOutput.write(Data(output.utf8)) }
        if !errorOutput.isEmpty { FileHandle.standardError.write(Data(errorOutput.utf8)) }
        exit(status)
    }
}
