import BasicCLI
import BasicCore

/// `bsl json`: read and change JSON documents through key paths.
struct JSONCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Read and change JSON documents through key paths.",
        discussion: """
            Key paths: data.list[0].title, list[-1] (from the end), ["key.with.dots"].
            FILE '-' or absent reads standard input.
            """,
        subcommands: [JSONGetCommand.self, JSONSetCommand.self])

    /// Reads and parses the document in `file` (standard input for nil or `-`).
    static func document(_ file: String?, terminal: Terminal) throws -> JSONValue {
        let data = try terminal.readInput(file)
        let name = file.flatMap { $0 == "-" ? nil : $0 } ?? "standard input"
        do {
            return try JSONValue(parsing: data)
        } catch {
            throw CommandFailure("\(name): \(error)")
        }
    }

    /// A value given on the command line: JSON when it parses as JSON, else the text as a string.
    static func value(_ text: String) -> JSONValue {
        (try? JSONValue(parsing: text)) ?? .string(text)
    }
}

/// `bsl json get PATH [FILE]`
struct JSONGetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print the value at a key path: strings raw, anything else as JSON.")

    @Argument(
        help: "The key path, such as data.list[0].title.", completion: .nothing, transform: { try JSONKeyPath($0) })
    var path: JSONKeyPath
    @Argument(help: "The JSON file; '-' or absent reads standard input.", completion: .file(extensions: ["json"]))
    var file: String?
    @Flag(help: "Print arrays and objects indented.") var pretty = false

    func run() async throws {
        let terminal = Terminal()
        let document = try JSONCommands.document(file, terminal: terminal)
        guard let value = document.value(at: path) else {
            throw CommandFailure("no value at \(path)")
        }
        if case .string(let string) = value {
            terminal.print(string)
        } else {
            terminal.print(value.jsonString(pretty ? .pretty : .compact))
        }
    }
}

/// `bsl json set PATH VALUE [FILE]`
struct JSONSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Print the document with a value set at a key path, creating what is missing.",
        discussion:
            "VALUE is parsed as JSON when it is valid JSON (42, true, {\"a\":1}, \"text\"), else taken as a string.")

    @Argument(
        help: "The key path, such as data.list[0].title.", completion: .nothing, transform: { try JSONKeyPath($0) })
    var path: JSONKeyPath
    @Argument(help: "The value: JSON, or any other text as a string.", completion: .nothing) var value: String
    @Argument(help: "The JSON file; '-' or absent reads standard input.", completion: .file(extensions: ["json"]))
    var file: String?
    @Flag(help: "Print the document indented.") var pretty = false

    func run() async throws {
        let terminal = Terminal()
        var document = try JSONCommands.document(file, terminal: terminal)
        try document.set(JSONCommands.value(value), at: path)
        terminal.print(document.jsonString(pretty ? .pretty : .compact))
    }
}
