import BasicCore
import BasicNetworking
import BasicXML
import CnblogsClient
import Foundation

/// `bsl feed URL|FILE`: the entries of an Atom or RSS feed.
struct FeedCommand: Command {
    static let spec = CommandSpec(
        name: "feed",
        abstract: "List the entries of an Atom or RSS feed: title, author, date.",
        discussion: """
            An http or https URL is downloaded; FILE '-' reads standard input. Dates are shown in the local \
            time zone (set TZ to change it).
            """,
        arguments: [.init(name: "source", help: "The feed's URL, or a file; '-' reads standard input.")],
        options: [.flag("json", help: "Print the decoded feed as JSON, extensions included.")] + TransportChoice.options
    )

    let file: String
    let isJSON: Bool
    let transport: TransportChoice

    init(_ arguments: ParsedArguments) throws {
        file = arguments.argument("source") ?? "-"
        isJSON = arguments.flag("json")
        transport = try TransportChoice(arguments)
        if !isURL && (transport.record != nil || transport.replay != nil) {
            throw UsageError("--record and --replay go with a feed URL, not a file")
        }
    }

    var isURL: Bool {
        let lowered = file.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    func run(_ terminal: Terminal) async throws {
        let data = isURL ? try await download() : try terminal.readInput(file)
        let feed: Feed
        do {
            feed = try Feed(parsing: data)
        } catch {
            throw CommandFailure(oneLine: "\(XMLCommands.sourceName(file)): \(error)")
        }
        if isJSON {
            terminal.print(feed.jsonValue.jsonString(.pretty))
            return
        }
        let dateFormat = Date.VerbatimFormatStyle(
            format:
                "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)",
            timeZone: .current, calendar: Calendar(identifier: .gregorian))
        var table = TextTable(maximumWidths: [60, 24, nil])
        for entry in feed.entries {
            let author = entry.author?.name ?? feed.authors.first?.name ?? ""
            table.rows.append([
                entry.title ?? "(untitled)", author.isEmpty ? "-" : author,
                entry.date.map { $0.formatted(dateFormat) } ?? "-",
            ])
        }
        if let title = feed.title { terminal.print(TerminalText.printable(title)) }
        if !table.rows.isEmpty { terminal.print(table.render()) }
    }

    /// The feed's bytes from the network (or the cassette `--replay` names).
    private func download() async throws -> Data {
        guard let url = URL(string: file) else { throw UsageError("'\(file)' is not a valid URL") }
        let pool = RequestPool(transport: try transport.makeTransport())
        do {
            return try await pool.send(Endpoint(url: url)).body
        } catch {
            // The hint is for a network that did not answer, not for a server that said no.
            switch error {
            case .transport, .timedOut:
                throw CommandFailure(
                    oneLine: "\(error); offline, save the feed to a file, or replay a recording with --replay DIR")
            default:
                throw CommandFailure(oneLine: "\(error)")
            }
        }
    }
}
