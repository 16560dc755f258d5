import BasicCore
import BasicXML

/// `bsl xml`: XML documents as JSON.
struct XMLCommands: CommandGroup {
    static let spec = CommandSpec(
        name: "xml",
        abstract: "Turn XML into JSON by XMLDictionary's rules.",
        discussion: """
            The root becomes an object with "__name"; attributes are keys prefixed "_"; an element's
            text is "__text" when it also has attributes or children, else the element is its text;
            repeated names become arrays; empty elements become null. FILE '-' or absent reads
            standard input.
            """,
        subcommands: [XMLToJSONCommand.self])
}

/// `bsl xml to-json [FILE]`
struct XMLToJSONCommand: Command {
    static let spec = CommandSpec(
        name: "to-json",
        abstract: "Print an XML document as JSON.",
        arguments: [.init(name: "file", help: "The XML file; '-' or absent reads standard input.", isOptional: true)],
        options: [
            .flag("pretty", help: "Print the JSON indented."),
            .flag("always-arrays", help: "Make every child element an array, even when its name occurs once."),
            .flag("keep-whitespace", help: "Keep text as written instead of trimming it and dropping blank text."),
        ])

    let file: String?
    let style: JSONRenderingStyle
    let configuration: XMLConverter.Configuration

    init(_ arguments: ParsedArguments) throws {
        file = arguments.argument("file")
        style = arguments.flag("pretty") ? .pretty : .compact
        var configuration = XMLConverter.Configuration()
        configuration.alwaysUsesArrays = arguments.flag("always-arrays")
        configuration.keepsWhitespace = arguments.flag("keep-whitespace")
        self.configuration = configuration
    }

    func run(_ terminal: Terminal) async throws {
        let data = try terminal.readInput(file)
        do {
            let value = try XMLConverter(configuration: configuration).convert(data)
            terminal.print(value.jsonString(style))
        } catch {
            throw CommandFailure("\(XMLCommands.sourceName(file)): \(error)")
        }
    }
}

extension XMLCommands {
    /// How messages name the input: the file, or "standard input".
    static func sourceName(_ file: String?) -> String {
        guard let file, file != "-" else { return "standard input" }
        return file
    }
}
