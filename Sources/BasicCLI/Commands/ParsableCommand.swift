/// A command: its options and arguments as properties, its name and help in ``configuration``,
/// and the work in `run()`.
///
/// ```swift
/// struct KVGet: AsyncParsableCommand {
///     static let configuration = CommandConfiguration(commandName: "get", abstract: "Print a value.")
///
///     @OptionGroup(title: "Store options") var store: StoreOptions
///     @Argument(help: "The key.") var key: String
///     @Flag(help: "Print arrays and objects indented.") var pretty = false
///
///     func run() async throws {
///         print(try store.open().value(forKey: key, pretty: pretty))
///     }
/// }
/// ```
///
/// The runner parses the line, runs `validate()` (the option groups' first), then `run()`. An
/// error from `run()` is printed as `Error: <error>` with exit status 1; a ``ValidationError``
/// from either is a usage error, exit status 64.
public protocol ParsableCommand: ParsableArguments {
    /// The command's name, help and subcommands.
    static var configuration: CommandConfiguration { get }

    /// Does the work. Conform to ``AsyncParsableCommand`` for an `async` one.
    mutating func run() throws
}

extension ParsableCommand {
    /// The type's name in kebab case, without help or subcommands.
    public static var configuration: CommandConfiguration { CommandConfiguration() }

    /// For a group: the runner prints the group's help as a usage error.
    public mutating func run() throws {
        throw CommandLineError(.missingCommand)
    }

    /// The name typed on the command line.
    static var commandName: String {
        configuration.commandName ?? String(describing: Self.self).kebabCased
    }
}

/// A command whose work is `async`; the root of a tool conforms to it, for its `main()`.
///
/// ```swift
/// @main
/// struct Tool: AsyncParsableCommand {
///     static let configuration = CommandConfiguration(
///         commandName: "tool", abstract: "What the tool does.", version: "1.0.0", subcommands: [Get.self])
/// }
/// ```
public protocol AsyncParsableCommand: ParsableCommand {
    /// Does the work.
    mutating func run() async throws
}

extension AsyncParsableCommand {
    /// For a group: the runner prints the group's help as a usage error.
    public mutating func run() async throws {
        throw CommandLineError(.missingCommand)
    }
}
