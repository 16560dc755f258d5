import BasicFormat

/// A command line that does not fit its command's declarations: a usage error, exit status 64.
///
/// The parser throws it for an unknown option, a missing argument, a value that does not
/// parse; a command throws it from `validate()` or `run()` for a combination it refuses, under
/// its swift-argument-parser name ``ValidationError``:
///
/// ```swift
/// mutating func validate() throws {
///     guard (1...100).contains(size) else { throw ValidationError("--size takes 1 to 100, not \(size)") }
/// }
/// ```
///
/// The runner prints it as `Error: <description>`, then the command's usage line and a
/// `See '<command> --help'.` hint, all on standard error.
public struct CommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What does not fit.
    public enum Reason: Sendable, Equatable {
        /// An option no command on the path declares; `suggestion` is a near name (`--pretty` for `--prety`).
        case unknownOption(String, suggestion: String?)
        /// An option that a subcommand declares, given before that subcommand's name.
        case misplacedOption(String, command: String)
        /// A word that names no subcommand of a group; `suggestion` is a near name.
        case unknownCommand(String, suggestion: String?)
        /// A positional argument beyond those the command declares.
        case unexpectedArgument(String)
        /// A required positional argument that is missing, as `<name>`.
        case missingArgument(String)
        /// A required option that is missing, as `--name <value>`.
        case missingOption(String)
        /// An option given last on the line, or before another option, without its value.
        case missingValue(option: String, valueName: String)
        /// A value given to a flag (`--pretty=yes`).
        case flagWithValue(String)
        /// An option that takes a value, inside a group of short flags but not last (`-ny`).
        case valueOptionInsideGroup(String, group: String)
        /// An option given twice that is not declared repeatable.
        case repeatedOption(String)
        /// A value that does not parse: `subject` is `the option --size` or `the argument <id>`,
        /// `expectation` what it takes (`needs a whole number`, `takes zh or en`).
        case invalidValue(subject: String, value: String, expectation: String)
        /// A group named without one of its commands (the runner prints the group's help).
        case missingCommand
        /// A message of the command's own, thrown as ``ValidationError`` or by a value's `transform`.
        case invalid(String)
    }

    /// What does not fit.
    public var reason: Reason

    /// The names of the command the line reached, from the root (`["bsl", "kv", "get"]`); the
    /// runner fills it in for errors thrown by a command.
    public var commandPath: [String]

    /// An error for `reason`, on the command `commandPath`.
    public init(_ reason: Reason, commandPath: [String] = []) {
        self.reason = reason
        self.commandPath = commandPath
    }

    /// A usage error with a message of the command's own (`ValidationError("--size takes 1 to 100")`).
    public init(_ message: String) {
        self.init(.invalid(message))
    }

    /// One line: what does not fit, and what to do when it is not obvious.
    public var description: String { PrintableText.escaped(unescapedDescription) }

    /// The description before control characters from the input are escaped.
    private var unescapedDescription: String {
        switch reason {
        case .unknownOption(let name, let suggestion):
            return "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .misplacedOption(let name, let command):
            return "the option '\(name)' belongs to '\(command)': give it after the command's name"
        case .unknownCommand(let name, let suggestion):
            return "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .unexpectedArgument(let token):
            return "unexpected argument '\(token)'"
        case .missingArgument(let name):
            return "missing argument \(name)"
        case .missingOption(let name):
            return "missing option \(name)"
        case .missingValue(let option, let valueName):
            return "the option \(option) needs a value (\(valueName))"
        case .flagWithValue(let name):
            return "the flag \(name) takes no value"
        case .valueOptionInsideGroup(let name, let group):
            return "the option \(name) takes a value, so it must come last in '\(group)'"
        case .repeatedOption(let name):
            return "the option \(name) is given twice"
        case .invalidValue(let subject, let value, let expectation):
            return "\(subject) \(expectation), not '\(value)'"
        case .missingCommand:
            let group = commandPath.joined(separator: " ")
            return "'\(group)' needs one of its commands; see '\(group) --help'"
        case .invalid(let message):
            return message
        }
    }
}

/// A usage error a command throws from `validate()` or `run()`: swift-argument-parser's name for
/// a ``CommandLineError`` with a message of the command's own.
///
/// ```swift
/// throw ValidationError("--record and --replay cannot be used together")
/// ```
public typealias ValidationError = CommandLineError
