import BasicCLI
import BasicCore
import BasicRouting
import Foundation

/// `bsl route URL --table FILE [--json]`: which route of a deep-link table a URL takes.
struct RouteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Resolve a URL against a table of route patterns and print the match and its parameters.",
        discussion: """
            The table is JSON: {"routes": [{"name": "topic", "pattern": "mod://topic/:id"}, \
            {"name": "web", "scheme": "https"}, …]}. The most specific pattern wins.
            """)

    @Argument(help: "The URL to route.", completion: .nothing) var url: String
    @Option(help: ArgumentHelp("The JSON table of routes.", valueName: "file"), completion: .file(extensions: ["json"]))
    var table: String
    @Flag(help: "Print one JSON object.") var json = false

    func run() async throws {
        let terminal = Terminal()
        let router = try Self.loadTable(table, terminal: terminal)
        let match: RouteMatch
        do {
            match = try router.match(url)
        } catch {
            throw Self.reported(error)
        }
        let name = match.name ?? match.pattern.description
        if json {
            let object: JSONValue = [
                "name": .string(name),
                "pattern": .string(match.pattern.description),
                "parameters": .object(
                    JSONObject(match.parameters.sorted { $0.key < $1.key }.map { ($0, .string($1)) })),
                "query": .object(JSONObject(match.query.sorted { $0.key < $1.key }.map { ($0, .string($1)) })),
                "fragment": match.link.fragment.map(JSONValue.string) ?? .null,
            ]
            terminal.print(object.jsonString())
            return
        }
        var lines = ["route:   \(name)", "pattern: \(match.pattern)"]
        for (key, value) in match.parameters.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(key) = \(value)")
        }
        for (key, value) in match.query.sorted(by: { $0.key < $1.key }) {
            lines.append("  ?\(key) = \(value)")
        }
        if let fragment = match.link.fragment { lines.append("  #\(fragment)") }
        terminal.print(lines.joined(separator: "\n"))
    }

    /// A URL that is not one is a usage error, as any malformed argument; no match is the
    /// routing error itself.
    static func reported(_ error: RoutingError) -> any Error {
        if case .malformedURL = error { return ValidationError(error.description) }
        return error
    }

    /// Reads a routing table: each entry has a `name` and either a `pattern` or a `scheme`.
    ///
    /// - Throws: ``CommandFailure`` naming the file and the entry that is wrong.
    static func loadTable(_ path: String, terminal: Terminal) throws -> Router<Void> {
        let data = try terminal.readInput(path)
        let document: JSONValue
        do {
            document = try JSONValue(parsing: data)
        } catch {
            throw CommandFailure("\(path): \(error)")
        }
        guard let entries = (document["routes"] ?? document).arrayValue else {
            throw CommandFailure("\(path): expected {\"routes\": [...]} or an array of routes")
        }
        var router = Router<Void>()
        for (index, entry) in entries.enumerated() {
            let name = entry["name"]?.asString
            do {
                if let pattern = entry["pattern"]?.asString {
                    try router.register(pattern, name: name) { _ in }
                } else if let scheme = entry["scheme"]?.asString {
                    try router.register(scheme: scheme, name: name) { _ in }
                } else {
                    throw CommandFailure("\(path): route \(index) needs a \"pattern\" or a \"scheme\"")
                }
            } catch let error as RoutingError {
                throw CommandFailure("\(path): route \(index): \(error)")
            }
        }
        return router
    }
}
