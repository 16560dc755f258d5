import BasicCore
import BasicXML
import Foundation

/// `bsl feed FILE`: the entries of an Atom or RSS feed.
struct FeedCommand: Command {
    static let spec = CommandSpec(
        name: "feed",
        abstract: "List the entries of an Atom or RSS feed: title, author, date.",
        discussion: """
            FILE '-' reads standard input. Dates are shown in the local time zone (set TZ to change it).
            Reading a feed from a URL comes with the networking module.
            """,
        arguments: [.init(name: "file", help: "The feed file; '-' reads standard input.")],
        options: [.flag("json", help: "Print the decoded feed as JSON, extensions included.")])

    let file: String
    let isJSON: Bool

    init(_ arguments: ParsedArguments) throws {
        file = arguments.argument("file") ?? "-"
        if file.hasPrefix("http://") || file.hasPrefix("https://") {
            throw UsageError("reading a feed from a URL is not supported yet: save it to a file and give the file")
        }
        isJSON = arguments.flag("json")
    }

    func run(_ terminal: Terminal) async throws {
        let data = try terminal.readInput(file)
        let feed: Feed
        do {
            feed = try Feed(parsing: data)
        } catch {
            throw CommandFailure("\(XMLCommands.sourceName(file)): \(error)")
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
        if let title = feed.title { terminal.print(title) }
        if !table.rows.isEmpty { terminal.print(table.render()) }
    }
}
