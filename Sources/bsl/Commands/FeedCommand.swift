import BasicCLI
import BasicCore
import BasicFormat
import BasicNetworking
import BasicXML
import FeedsClient
import Foundation

/// `bsl feed URL|FILE`: the entries of an Atom or RSS feed.
struct FeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "List the entries of an Atom or RSS feed: title, author, date, and each entry's link.",
        discussion: """
            An http or https URL is downloaded, and relative links resolve against it; FILE '-' reads standard \
            input. Titles are plain text, entities decoded. Dates are shown in the local time zone (set TZ to \
            change it).
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
        let feed: Feed
        do {
            if isURL {
                // The URL that answered (after redirects) resolves relative links; the charset of
                // its Content-Type reads bytes that do not say their encoding.
                let response = try await download()
                feed = try Feed(
                    parsing: response.body, url: response.url, fallbackEncoding: CachePolicy.charset(response))
            } else {
                feed = try Feed(parsing: try terminal.readInput(source))
            }
        } catch let error as XMLError {
            throw CommandFailure(oneLine: "\(XMLCommands.sourceName(source)): \(error)")
        }
        if json {
            terminal.print(feed.jsonValue.jsonString(.pretty))
            return
        }
        terminal.print(Self.listing(of: feed, width: TerminalWidth.measure()))
    }

    /// The feed for people: its plain title, then a row per entry (plain title, author, date in the
    /// local zone, proleptic Gregorian) with the entry's link, resolved, on the line below it.
    static func listing(of feed: Feed, width: TerminalWidth) -> String {
        let formatter = TimeFormatter(timeZone: .current)
        var table = TextTable(shrinkable: [0, 1])
        var links: [String?] = []
        for entry in feed.entries {
            let author = entry.author?.name ?? feed.authors.first?.name ?? ""
            let title = entry.plainTitle ?? ""
            table.rows.append([
                title.isEmpty ? "(untitled)" : title, author.isEmpty ? "-" : author,
                entry.date.map { formatter.string(from: $0, pattern: "yyyy-MM-dd HH:mm") } ?? "-",
            ])
            // As written when it resolves to no URL (relative, in a document read without one).
            links.append(entry.link.map { $0.url?.absoluteString ?? $0.href })
        }
        var lines: [String] = []
        if let title = feed.plainTitle { lines.append(PrintableText.oneLine(title)) }
        if !table.rows.isEmpty {
            let rows = table.render(fitting: width).split(separator: "\n", omittingEmptySubsequences: false)
            for (row, link) in zip(rows, links) {
                lines.append(String(row))
                if let link, !link.isEmpty { lines.append("  " + PrintableText.oneLine(link)) }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The feed's response from the network (or the cassette `--replay` names).
    private func download() async throws -> Response {
        // validate() has made sure it is one.
        guard let url = HTTPURL(argument: source)?.url else { throw ValidationError("'\(source)' is not a valid URL") }
        do {
            let pool = RequestPool(transport: try transport.makeTransport())
            return try await pool.send(Endpoint(url: url))
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
