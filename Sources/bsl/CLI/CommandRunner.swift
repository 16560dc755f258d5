import Foundation

/// Finds the command a command line names, parses its arguments, runs it, and turns the
/// outcome into an exit status: 0 success, 1 failed operation, 64 usage error.
struct CommandRunner {
    static let exitSuccess: Int32 = 0
    static let exitFailure: Int32 = 1
    static let exitUsage: Int32 = 64

    let root: any Command.Type
    let version: String
    let terminal = Terminal()

    func run(_ arguments: [String]) async -> Int32 {
        var path: [any Command.Type] = [root]
        var rest = arguments[...]
        // Walk down the subcommands the line names.
        while let next = rest.first, let command = path.last,
            let sub = command.spec.subcommands.first(where: { $0.spec.name == next })
        {
            path.append(sub)
            rest = rest.dropFirst()
        }
        let command = path.last ?? root
        let names = path.map { $0.spec.name }
        let tokens = Array(rest.prefix { $0 != "--" })

        if tokens.contains("--help") || tokens.contains("-h") {
            terminal.print(HelpFormatter.help(for: command.spec, path: names))
            return Self.exitSuccess
        }
        if path.count == 1, tokens == ["--version"] {
            terminal.print("\(root.spec.name) \(version)")
            return Self.exitSuccess
        }
        if !command.spec.subcommands.isEmpty {
            if let first = rest.first {
                return usageFailure("unknown command '\(first)'", names: names, spec: command.spec)
            }
            // No command named: the help, on standard error, as a usage error.
            terminal.printError(HelpFormatter.help(for: command.spec, path: names))
            return Self.exitUsage
        }

        do {
            let parsed = try ParsedArguments(Array(rest), spec: command.spec)
            let instance = try command.init(parsed)
            try await instance.run(terminal)
            return Self.exitSuccess
        } catch let error as UsageError {
            return usageFailure(error.description, names: names, spec: command.spec)
        } catch {
            terminal.printError("Error: \(error)")
            return Self.exitFailure
        }
    }

    private func usageFailure(_ message: String, names: [String], spec: CommandSpec) -> Int32 {
        terminal.printError("Error: \(message)")
        terminal.printError("Usage: \(HelpFormatter.usage(for: spec, path: names))")
        terminal.printError("  See '\(names.joined(separator: " ")) --help'.")
        return Self.exitUsage
    }
}
