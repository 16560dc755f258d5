import BasicCore

/// `bsl json`: read and change JSON documents through key paths.
struct JSONCommands: CommandGroup {
    static let spec = CommandSpec(
        name: "json",
        abstract: "Read and change JSON documents through key paths.",
        discussion: """
            Key paths: data.list[0].title, list[-1] (from the end), ["key.with.dots"].
            FILE '-' or absent reads standard input.
            """,
        subcommands: [JSONGetCommand.self, JSONSetCommand.self])

    /// Parses a key path argument; a malformed one is a usage error.
    static func keyPath(_ text: String) throws -> JSONKeyPath {
        do {
            return try JSONKeyPath(text)
        } catch let error as KeyPathError {
            throw UsageError(error.description)
        }
    }

    /// Reads and parses the document in `file` (standard input for nil or `-`).
    static func document(_ file: String?, terminal: Terminal) throws -> JSONValue {
        let data = try terminal.readInput(file)
        do {
            return try JSONValue(parsing: data)
        } catch let error as JSONParseError {
            throw CommandFailure("\(file.flatMap { $0 == "-" ? nil : $0 } ?? "standard input"): \(error)")
        }
    }
}

/// `bsl json get PATH [FILE]`
struct JSONGetCommand: Command {
    static let spec = CommandSpec(
        name: "get",
        abstract: "Print the value at a key path: strings raw, anything else as JSON.",
        arguments: [
            .init(name: "path", help: "The key path, such as data.list[0].title."),
            .init(name: "file", help: "The JSON file; '-' or absent reads standard input.", isOptional: true),
        ],
        options: [.flag("pretty", help: "Print arrays and objects indented.")])

    let path: JSONKeyPath
    let file: String?
    let style: JSONRenderingStyle

    init(_ arguments: ParsedArguments) throws {
        path = try JSONCommands.keyPath(arguments.argument("path") ?? "")
        file = arguments.argument("file")
        style = arguments.flag("pretty") ? .pretty : .compact
    }

    func run(_ terminal: Terminal) async throws {
        let document = try JSONCommands.document(file, terminal: terminal)
        guard let value = document.value(at: path) else {
            throw CommandFailure("no value at \(path)")
        }
        if case .string(let string) = value {
            terminal.print(string)
        } else {
            terminal.print(value.jsonString(style))
        }
    }
}

/// `bsl json set PATH VALUE [FILE]`
struct JSONSetCommand: Command {
    static let spec = CommandSpec(
        name: "set",
        abstract: "Print the document with a value set at a key path, creating what is missing.",
        discussion:
            "VALUE is parsed as JSON when it is valid JSON (42, true, {\"a\":1}, \"text\"), else taken as a string.",
        arguments: [
            .init(name: "path", help: "The key path, such as data.list[0].title."),
            .init(name: "value", help: "The value: JSON, or any other text as a string."),
            .init(name: "file", help: "The JSON file; '-' or absent reads standard input.", isOptional: true),
        ],
        options: [.flag("pretty", help: "Print the document indented.")])

    let path: JSONKeyPath
    let value: JSONValue
    let file: String?
    let style: JSONRenderingStyle

    init(_ arguments: ParsedArguments) throws {
        path = try JSONCommands.keyPath(arguments.argument("path") ?? "")
        let text = arguments.argument("value") ?? ""
        value = (try? JSONValue(parsing: text)) ?? .string(text)
        file = arguments.argument("file")
        style = arguments.flag("pretty") ? .pretty : .compact
    }

    func run(_ terminal: Terminal) async throws {
        var document = try JSONCommands.document(file, terminal: terminal)
        try document.set(value, at: path)
        terminal.print(document.jsonString(style))
    }
}
