import BasicCLI
import BasicCore
import BasicFormat
import BasicNetworking
import BasicXML
import Foundation

/// `bsl feed URL|FILE`: the entries of an Atom or RSS feed.
struct FeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "List the entries of an Atom or RSS feed: title, author, date.",
        discussion: """
            An http or https URL is downloaded; FILE '-' reads standard input. Dates are shown in the local \
            time zone (set TZ to change it).
            """)

    @Argument(help: ArgumentHelp("The feed's URL, or a file; '-' reads standard input.", valueName: "source"))
    var source: String
    @Flag(help: "Print the decoded feed as JSON, extensions included.") var json = false
    @OptionGroup(title: "Network options") var transport: TransportOptions

    func validate() throws {
        guard isURL else {
            if transport.record != nil || transport.replay != nil {
                throw ValidationError("--record and --replay go with a feed URL, not a file")
            }
            return
        }
        guard HTTPURL(argument: source) != nil else {
            throw ValidationError("'\(source)' is not a valid URL; write it as https://host/path")
        }
    }

    var isURL: Bool {
        let lowered = source.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    func run() async throws {
        let terminal = Terminal()
        let data = isURL ? try await download() : try terminal.readInput(source)
        let feed: Feed
        do {
            feed = try Feed(parsing: data)
        } catch {
            throw CommandFailure(oneLine: "\(XMLCommands.sourceName(source)): \(error)")
        }
        if json {
            terminal.print(feed.jsonValue.jsonString(.pretty))
            return
        }
        let dateFormat = Date.VerbatimFormatStyle(
            format:
                "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)",
            timeZone: .current, calendar: Calendar(identifier: .gregorian))
        var table = TextTable(shrinkable: [0, 1])
        for entry in feed.entries {
            let author = entry.author?.name ?? feed.authors.first?.name ?? ""
            table.rows.append([
                entry.title ?? "(untitled)", author.isEmpty ? "-" : author,
                entry.date.map { $0.formatted(dateFormat) } ?? "-",
            ])
        }
        if let title = feed.title { terminal.print(PrintableText.oneLine(title)) }
        if !table.rows.isEmpty { terminal.print(table.render(fitting: TerminalWidth.measure())) }
    }

    /// The feed's bytes from the network (or the cassette `--replay` names).
    private func download() async throws -> Data {
        // validate() has made sure it is one.
        guard let url = HTTPURL(argument: source)?.url else { throw ValidationError("'\(source)' is not a valid URL") }
        do {
            let pool = RequestPool(transport: try transport.makeTransport())
            return try await pool.send(Endpoint(url: url)).body
        } catch {
            // The hint is for a network that did not answer, not for a server that said no.
            let hint: String?
            switch error {
            case .transport, .timedOut:
                hint = "offline, save the feed to a file, or replay a recording with --replay DIR"
            default: hint = nil
            }
            throw CommandFailure(oneLine: transport.message(for: error, offlineHint: hint))
        }
    }
}
