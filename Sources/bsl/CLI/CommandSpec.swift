/// What a command accepts, declared once: parsing, validation messages and `--help` all come
/// from it (the shape of swift-argument-parser, without the dependency).
struct CommandSpec: Sendable {
    /// A positional argument.
    struct Argument: Sendable {
        var name: String
        var help: String
        var isOptional = false
        /// Whether it takes every remaining positional token (one or more; zero when optional).
        var isVariadic = false
    }

    /// A named option: `--name VALUE`, or a flag `--name` when `valueName` is nil. A repeatable
    /// option may be given several times (`--param a=1 --param b=2`).
    struct Option: Sendable {
        var name: String
        var valueName: String?
        var help: String
        var short: Character?
        /// Whether the command cannot run without it; parsing fails when it is missing.
        var isRequired = false
        /// Whether it may be given several times; read all its values with `ParsedArguments.values(_:)`.
        var isRepeatable = false

        static func flag(_ name: String, short: Character? = nil, help: String) -> Option {
            Option(name: name, valueName: nil, help: help, short: short)
        }

        static func value(_ name: String, _ valueName: String, short: Character? = nil, help: String) -> Option {
            Option(name: name, valueName: valueName, help: help, short: short)
        }

        static func required(_ name: String, _ valueName: String, help: String) -> Option {
            Option(name: name, valueName: valueName, help: help, short: nil, isRequired: true)
        }

        static func repeatable(_ name: String, _ valueName: String, short: Character? = nil, help: String) -> Option {
            Option(name: name, valueName: valueName, help: help, short: short, isRepeatable: true)
        }

        var isFlag: Bool { valueName == nil }
    }

    var name: String
    var abstract: String
    var discussion: String?
    var arguments: [Argument] = []
    var options: [Option] = []
    var subcommands: [any Command.Type] = []
}

/// One `bsl` command. Groups (`bsl json`) only have subcommands; leaves have a `run()`.
protocol Command: Sendable {
    /// What the command accepts.
    static var spec: CommandSpec { get }

    /// Reads and checks the parsed arguments; throws ``UsageError`` when they do not fit.
    init(_ arguments: ParsedArguments) throws

    /// Does the work. An error thrown here is an operation failure (exit status 1).
    func run(_ terminal: Terminal) async throws
}

/// A command line that does not fit a command's spec (exit status 64).
struct UsageError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// An operation that failed (exit status 1), with a message for the user.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A command that only holds subcommands (`bsl json`): the runner never builds or runs it.
protocol CommandGroup: Command {}

extension CommandGroup {
    init(_ arguments: ParsedArguments) throws {
        throw UsageError("choose one of the commands of '\(Self.spec.name)'")
    }

    func run(_ terminal: Terminal) async throws {}
}
