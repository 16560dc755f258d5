import BasicCore
import BudejieClient
import Foundation

/// `bsl budejie`: the Budejie "Me" page's data.
struct BudejieCommands: CommandGroup {
    static let spec = CommandSpec(
        name: "budejie",
        abstract: "Read the Budejie API the \"Me\" page uses.",
        subcommands: [BudejieSquaresCommand.self])
}

/// `bsl budejie squares [--api URL] [--replay DIR | --record DIR] [--json]`
struct BudejieSquaresCommand: Command {
    static let spec = CommandSpec(
        name: "squares",
        abstract: "Print the square grid: each cell's name, kind of link, and link.",
        options: [
            .value("api", "url", help: "The API's base (default \(BudejieClient.defaultBaseURL)).")
        ] + TransportChoice.options + [
            .flag("json", help: "Print the squares, tags and dropped count as JSON.")
        ])

    let api: String
    let transport: TransportChoice
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        api = arguments.value("api") ?? BudejieClient.defaultBaseURL
        transport = try TransportChoice(arguments)
        json = arguments.flag("json")
    }

    func run(_ terminal: Terminal) async throws {
        let client = BudejieClient(baseURL: api, transport: try transport.makeTransport())
        let page: SquarePage
        do {
            page = try await client.squarePage()
        } catch {
            throw CommandFailure(
                oneLine: "\(error); offline, `--replay Samples/budejie` answers from the bundled recording")
        }
        if json {
            let squares: [JSONValue] = page.squares.map { square in
                [
                    "id": square.id.map { .integer(Int64($0)) } ?? .null,
                    "name": .string(square.name),
                    "icon": square.icon.map { .string($0.absoluteString) } ?? .null,
                    "url": .string(square.url),
                    "kind": .string(square.link.kindName),
                ]
            }
            let tags: [JSONValue] = page.tags.map { ["id": .integer(Int64($0.id)), "name": .string($0.name)] }
            let object: JSONValue = [
                "squares": .array(squares), "tags": .array(tags), "dropped": .integer(Int64(page.droppedCount)),
            ]
            terminal.print(object.jsonString())
            return
        }
        let table = TextTable(rows: page.squares.map { [$0.name, $0.link.kindName, $0.url] })
        var lines = [table.render()]
        lines.append("\(page.squares.count) squares, \(page.droppedCount) dropped (no name or no link)")
        terminal.print(lines.joined(separator: "\n"))
    }
}
