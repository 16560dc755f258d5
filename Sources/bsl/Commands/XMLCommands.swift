import BasicCLI
import BasicCore
import BasicXML

/// `bsl xml`: XML documents as JSON.
struct XMLCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xml",
        abstract: "Turn XML into JSON by XMLDictionary's rules.",
        discussion: """
            The root becomes an object with "__name"; attributes are keys prefixed "_"; an element's \
            text is "__text" (each run, when children interrupt it) when it also has attributes or \
            children, else the element is its text; names keep their prefixes and namespace \
            declarations are "_xmlns" attributes; repeated names become arrays; empty elements are \
            left out. --empty and --names choose otherwise. FILE '-' or absent reads standard input.
            """,
        subcommands: [XMLToJSONCommand.self])

    /// How messages name the input: the file, or "standard input".
    static func sourceName(_ file: String?) -> String {
        guard let file, file != "-" else { return "standard input" }
        return file
    }
}

/// `bsl xml to-json [FILE]`
struct XMLToJSONCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "to-json", abstract: "Print an XML document as JSON.")

    @Argument(help: "The XML file; '-' or absent reads standard input.", completion: .file(extensions: ["xml"]))
    var file: String?
    @Flag(help: "Print the JSON indented.") var pretty = false
    @Flag(help: "Make every child element an array, even when its name occurs once.") var alwaysArrays = false
    @Flag(help: "Keep text as written instead of trimming it and dropping blank text.") var keepWhitespace = false
    @Option(help: "What an empty element becomes: omit (XMLDictionary), null or string.") var empty: EmptyElements =
        .omit
    @Option(help: "Element and attribute names: qualified (dc:creator), local (creator) or expanded ({uri}creator).")
    var names: Names = .qualified
    @Flag(help: "Keep comments, under \"__comments\".") var comments = false

    enum EmptyElements: String, CaseIterable, ExpressibleByArgument {
        case omit, null, string

        var style: XMLConverter.Configuration.EmptyElementStyle {
            switch self {
            case .omit: .omit
            case .null: .null
            case .string: .emptyString
            }
        }
    }

    enum Names: String, CaseIterable, ExpressibleByArgument {
        case qualified, local, expanded

        var style: XMLConverter.Configuration.NameStyle {
            switch self {
            case .qualified: .qualified
            case .local: .local
            case .expanded: .expanded
            }
        }
    }

    func run() async throws {
        let terminal = Terminal()
        let data = try terminal.readInput(file)
        var configuration = XMLConverter.Configuration()
        configuration.alwaysUsesArrays = alwaysArrays
        configuration.keepsWhitespace = keepWhitespace
        configuration.emptyElements = empty.style
        configuration.names = names.style
        configuration.keepsComments = comments
        do {
            let value = try XMLConverter(configuration: configuration).convert(data)
            terminal.print(value.jsonString(pretty ? .pretty : .compact))
        } catch {
            throw CommandFailure("\(XMLCommands.sourceName(file)): \(error)")
        }
    }
}
