import BasicCLI
import BasicFormat
import CnblogsClient
import FeedsClient
import Foundation

/// `bsl feeds items [FEED | --folder F] [--unread] [--json]`
struct FeedsItemsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "items",
        abstract: "List the items of every feed, one feed's or one folder's, newest first; * marks the unread.",
        discussion: """
            Each item's id (first column; `id` in --json) is short and stable: read, mark-read and unread take \
            it. --json gives each item's id, feed, feedTitle, title, link, author, date, read and summary.
            """)

    @Argument(help: ArgumentHelp("Only this feed's items, by URL or id.", valueName: "feed"), completion: .nothing)
    var feed: String?
    @Option(help: ArgumentHelp("Only the items of the feeds in this folder.", valueName: "folder")) var folder: String?
    @Flag(help: "Only the items not read yet.") var unread = false
    @Flag(help: "Print the items as JSON.") var json = false
    @OptionGroup(title: "Feeds options") var options: FeedsOptions

    func validate() throws {
        if feed != nil && folder != nil { throw ValidationError("give a FEED or --folder, not both") }
    }

    func run() async throws {
        let subscriptions = try FeedsLibrary.openForReading(options.libraryFolder)
        let scope = FeedsScope.of(feed: feed, folder: folder)
        let unread = unread
        let items = try await FeedsLibrary.run { () throws(FeedsError) -> [FeedItem] in
            guard let subscriptions else {
                if let feed { throw .unknownFeed(feed) }
                return []
            }
            return try subscriptions.items(in: scope, unreadOnly: unread)
        }
        let empty: String
        if subscriptions == nil {
            empty = FeedsLibrary.noSubscriptions(options.libraryFolder)
        } else {
            empty = unread ? "no unread items" : "no items; `bsl feeds refresh` fetches them"
        }
        FeedsOutput.print(items, json: json, emptyMessage: empty, Terminal())
    }
}

/// `bsl feeds read ITEM [--width N]`: an item as text; it is marked read.
struct FeedsReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Show an item as text (title, feed, author, date, link, then its body), and mark it read.",
        discussion: "The body is the one the feed carried (its content, else its summary); no network is used.")

    @Argument(help: ArgumentHelp("The item's id (from feeds items).", valueName: "item"), completion: .nothing)
    var item: String
    @Option(
        help: ArgumentHelp(
            "Wrap text to N columns, 20 to 1000 (default: the terminal's width, or $COLUMNS, or 80).", valueName: "n"))
    var width: TextColumns?
    @OptionGroup(title: "Feeds options") var options: FeedsOptions

    func run() async throws {
        let terminal = Terminal()
        // Before the library: a COLUMNS out of range is a usage error.
        let columns = try TextColumns.resolve(width)
        let subscriptions = try FeedsLibrary.open(options.libraryFolder)
        let id = item
        let opened = try await FeedsLibrary.run { () throws(FeedsError) in try subscriptions.open(id) }
        Self.print(opened, width: columns, terminal)
    }

    /// Prints `item` for a terminal: title, feed · author · date, link, then the body as text.
    static func print(_ item: FeedItem, width: Int, _ terminal: Terminal) {
        var header = [PrintableText.oneLine(item.title.isEmpty ? "(untitled)" : item.title)]
        let date = TimeFormatter(timeZone: .current).string(from: item.date, pattern: "yyyy-MM-dd HH:mm")
        let byline = [item.feedTitle, item.author].compactMap { $0 }.filter { !$0.isEmpty }.map(PrintableText.oneLine)
        header.append((byline + [date]).joined(separator: " · "))
        if let link = item.link { header.append(link.absoluteString) }
        terminal.print(header.joined(separator: "\n"))
        let html = item.body ?? ""
        let text = TerminalText.render(html: html, width: width, base: item.bodyBaseURL ?? item.link)
        let summary = item.summary
        if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            terminal.print("")
            terminal.print(text)
        } else if !summary.isEmpty {
            terminal.print("")
            terminal.print(
                TerminalText.render(html: "<p>\(HTMLText.escapingText(summary))</p>", width: width, base: nil))
        }
    }
}

/// `bsl feeds mark-read ITEM…` or `mark-read --all [FEED | --folder F]`
struct FeedsMarkReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark-read",
        abstract: "Mark items read by id; or, with --all, every item (of one feed, or one folder).",
        discussion: "Every id must name an item, or nothing is changed.")

    @Argument(help: ArgumentHelp("The items' ids; with --all, at most one FEED.", valueName: "item"))
    var items: [String] = []
    @Flag(help: "Mark every item read: of FEED when given, of --folder's feeds, else of every feed.") var all = false
    @Option(help: ArgumentHelp("With --all: only the feeds in this folder.", valueName: "folder")) var folder: String?
    @OptionGroup(title: "Feeds options") var options: FeedsOptions

    func validate() throws {
        if all {
            if items.count > 1 { throw ValidationError("--all takes at most one FEED, not \(items.count) words") }
            if !items.isEmpty && folder != nil { throw ValidationError("give a FEED or --folder, not both") }
        } else {
            if folder != nil { throw ValidationError("--folder goes with --all") }
            if items.isEmpty { throw ValidationError("give the ids of the items to mark read, or --all") }
        }
    }

    func run() async throws {
        let subscriptions = try FeedsLibrary.open(options.libraryFolder)
        let (all, items) = (all, items)
        let scope = FeedsScope.of(feed: items.first, folder: folder)
        let changed = try await FeedsLibrary.run { () throws(FeedsError) in
            all ? try subscriptions.markAllRead(in: scope) : try subscriptions.markRead(items)
        }
        Terminal().print("marked \(changed) read")
    }
}

/// `bsl feeds unread ITEM…`
struct FeedsUnreadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unread", abstract: "Mark items unread again, by id; every id must name an item.")

    @Argument(help: ArgumentHelp("The items' ids.", valueName: "item")) var items: [String]
    @OptionGroup(title: "Feeds options") var options: FeedsOptions

    func run() async throws {
        let subscriptions = try FeedsLibrary.open(options.libraryFolder)
        let items = items
        let changed = try await FeedsLibrary.run { () throws(FeedsError) in try subscriptions.markUnread(items) }
        Terminal().print("marked \(changed) unread")
    }
}

/// `bsl feeds search QUERY… [--folder F] [--json]`
struct FeedsSearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find the items whose title, summary or body hold every word of QUERY, newest first.",
        discussion: """
            Words match in any case, as parts of words (并发 finds 并发编程). The search runs in memory over the \
            sealed index: nothing of the query or the items is written to disk.
            """)

    @Argument(help: ArgumentHelp("The words to find.", valueName: "query"), completion: .nothing) var query: [String]
    @Option(help: ArgumentHelp("Only the feeds in this folder.", valueName: "folder")) var folder: String?
    @Flag(help: "Print the items as JSON.") var json = false
    @OptionGroup(title: "Feeds options") var options: FeedsOptions

    func run() async throws {
        let subscriptions = try FeedsLibrary.openForReading(options.libraryFolder)
        let text = query.joined(separator: " ")
        let scope = FeedsScope.of(feed: nil, folder: folder)
        let found = try await FeedsLibrary.run { () throws(FeedsError) in
            try subscriptions?.search(text, in: scope) ?? []
        }
        FeedsOutput.print(
            found, json: json, emptyMessage: "no items match '\(PrintableText.oneLine(text))'", Terminal())
    }
}

/// The ``ItemScope`` a command line names.
enum FeedsScope {
    static func of(feed: String?, folder: String?) -> ItemScope {
        if let feed { return .feed(feed) }
        if let folder { return .folder(folder) }
        return .all
    }
}
