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
        var groupOptions: [ParsedArguments] = []
        // Walk down the subcommands the line names. A group's own options come before its
        // subcommand (`bsl kv --db FILE get KEY`) and are handed down to the leaf.
        while let command = path.last, !command.spec.subcommands.isEmpty {
            let tokens = Self.groupOptionTokens(&rest, spec: command.spec)
            if !tokens.isEmpty {
                do {
                    groupOptions.append(try ParsedArguments(tokens, spec: command.spec))
                } catch {
                    return usageFailure("\(error)", names: path.map { $0.spec.name }, spec: command.spec)
                }
            }
            guard let next = rest.first, let sub = command.spec.subcommands.first(where: { $0.spec.name == next })
            else { break }
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
            var parsed = try ParsedArguments(Array(rest), spec: command.spec)
            for options in groupOptions { parsed.inherit(options) }
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

    /// Takes the leading tokens of `rest` that are options of the group `spec` (with their
    /// values), stopping at the first token that is not one.
    private static func groupOptionTokens(_ rest: inout ArraySlice<String>, spec: CommandSpec) -> [String] {
        var tokens: [String] = []
        while let token = rest.first, ParsedArguments.isOptionToken(token) {
            let name = token.hasPrefix("--") ? String(token.prefix { $0 != "=" }) : token
            guard let option = ParsedArguments.option(named: name, in: spec) else { break }
            tokens.append(token)
            rest = rest.dropFirst()
            if !option.isFlag, name == token, let value = rest.first {
                tokens.append(value)
                rest = rest.dropFirst()
            }
        }
        return tokens
    }

    private func usageFailure(_ message: String, names: [String], spec: CommandSpec) -> Int32 {
        terminal.printError("Error: \(message)")
        terminal.printError("Usage: \(HelpFormatter.usage(for: spec, path: names))")
        terminal.printError("  See '\(names.joined(separator: " ")) --help'.")
        return Self.exitUsage
    }
}
