import BasicCLI
import BasicCore
import BudejieClient
import Foundation

/// `bsl budejie`: the Budejie "Me" page's data.
struct BudejieCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "budejie", abstract: "Read the Budejie API the \"Me\" page uses.",
        subcommands: [BudejieSquaresCommand.self])
}

/// `bsl budejie squares [--api URL] [--replay DIR | --record DIR] [--json]`
struct BudejieSquaresCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "squares", abstract: "Print the square grid: each cell's name, kind of link, and link.")

    @Option(help: ArgumentHelp("The API's base (default \(BudejieClient.defaultBaseURL)).", valueName: "url"))
    var api: HTTPURL?
    @OptionGroup(title: "Network options") var transport: TransportOptions
    @Flag(help: "Print the squares, tags and dropped count as JSON.") var json = false

    func run() async throws {
        let terminal = Terminal()
        let page: SquarePage
        do {
            let client = BudejieClient(
                baseURL: api?.url ?? BudejieClient.defaultBaseURL, transport: try transport.makeTransport())
            page = try await client.squarePage()
        } catch {
            throw CommandFailure(oneLine: transport.message(for: error, offlineHint: Self.offlineHint))
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
        // Only names shrink: a link is never cut (TextTable keeps it whole in any case).
        let table = TextTable(rows: page.squares.map { [$0.name, $0.link.kindName, $0.url] }, shrinkable: [0])
        var lines = [table.render(fitting: TerminalWidth.measure())]
        lines.append("\(page.squares.count) squares, \(page.droppedCount) dropped (no name or no link)")
        terminal.print(lines.joined(separator: "\n"))
    }

    static let offlineHint = "offline, `--replay Samples/budejie` answers from the bundled recording"
}
