import BasicCLI
import BasicFormat
import FeedsClient
import Foundation

/// `bsl feeds add URL [--title T] [--folder F]` or `add --preset NAME`.
struct FeedsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Subscribe to a feed, fetching it once to check it is one; or add a preset's feeds.",
        discussion: """
            An HTML page that links its feed (<link rel="alternate" type="application/atom+xml" or \
            application/rss+xml) is followed to that feed. --preset cnblogs adds cnblogs' site home, picked \
            and news feeds (in the folder cnblogs) without fetching them: their items come with the next refresh.
            """)

    @Argument(
        help: ArgumentHelp("The feed's address, or a page that links it.", valueName: "url"), completion: .nothing)
    var url: String?
    @Option(help: ArgumentHelp("A title of your own instead of the feed's.", valueName: "title"), completion: .nothing)
    var title: String?
    @Option(help: ArgumentHelp("The folder to file it in (Parent/Child for a nested one).", valueName: "folder"))
    var folder: String?
    @Option(help: ArgumentHelp("Add a preset's feeds instead: cnblogs.", valueName: "name"), completion: .nothing)
    var preset: String?
    @OptionGroup(title: "Feeds options") var options: FeedsOptions

    func validate() throws {
        if let preset {
            if url != nil { throw ValidationError("give a feed's URL or --preset, not both") }
            if title != nil || folder != nil {
                throw ValidationError("--title and --folder go with a URL, not --preset")
            }
            _ = try FeedsLibrary.check { () throws(FeedsError) in try FeedPreset.named(preset) }
        } else if let url {
            // Before the library is opened: a mistyped address makes no library.
            _ = try FeedsLibrary.check { () throws(FeedsError) in try Subscriptions.check(address: url) }
        } else {
            throw ValidationError("give the feed's URL (bsl feeds add URL), or --preset cnblogs")
        }
    }

    func run() async throws {
        let terminal = Terminal()
        let subscriptions = try FeedsLibrary.open(options.libraryFolder, creating: true, network: preset == nil)
        if let preset {
            let report = try await FeedsLibrary.run { () throws(FeedsError) in
                try subscriptions.add(preset: try FeedPreset.named(preset))
            }
            for feed in report.added { terminal.print("added \(feed.id) \(FeedsOutput.name(feed))") }
            for entry in report.duplicates { terminal.printError("subscribed already: \(entry)") }
            return
        }
        let address = url ?? ""
        let added = try await FeedsLibrary.run { () throws(FeedsError) in
            try await subscriptions.add(try Subscriptions.check(address: address), title: title, folder: folder)
        }
        var line = "added \(added.id) \(FeedsOutput.name(added)): \(added.itemCount) "
        line += added.itemCount == 1 ? "item" : "items"
        terminal.print(line)
        if added.url.absoluteString != address {
            terminal.printError("\(address) led to the feed \(added.url.absoluteString)")
        }
    }
}

/// `bsl feeds remove FEED`
struct FeedsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Unsubscribe: the feed, its items and their read state are deleted.")

    @Argument(help: ArgumentHelp("The feed's URL or id.", valueName: "feed"), completion: .nothing) var feed: String
    @OptionGroup(title: "Feeds options") var options: FeedsOptions

    func run() async throws {
        let subscriptions = try FeedsLibrary.open(options.libraryFolder)
        let removed = try await FeedsLibrary.run { () throws(FeedsError) in try subscriptions.remove(feed) }
        Terminal().print("removed \(removed.id) \(FeedsOutput.name(removed))")
    }
}

/// `bsl feeds list [--folder F] [--json]`
struct FeedsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the subscriptions: id, title, folder, unread items, last refresh, last error.",
        discussion: """
            --json gives each feed's id, url, title, folder, siteURL, unread, items, lastRefresh, lastError, \
            nextRefresh, minimumInterval and maximumItems (dates RFC 3339 in UTC, missing values null).
            """)

    @Option(help: ArgumentHelp("Only the feeds in this folder and the folders inside it.", valueName: "folder"))
    var folder: String?
    @Flag(help: "Print the subscriptions as JSON.") var json = false
    @OptionGroup(title: "Feeds options") var options: FeedsOptions

    func run() async throws {
        let terminal = Terminal()
        let folderURL = options.libraryFolder
        let subscriptions = try FeedsLibrary.openForReading(folderURL)
        let feeds = try await FeedsLibrary.run { () throws(FeedsError) in
            try subscriptions?.subscriptions(in: folder) ?? []
        }
        let empty =
            folder.map { "no subscriptions in the folder \($0)" } ?? FeedsLibrary.noSubscriptions(folderURL)
        FeedsOutput.print(feeds, json: json, emptyMessage: empty, terminal)
    }
}

/// `bsl feeds rename FEED [TITLE]`
struct FeedsRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Give a feed a title of your own; without TITLE it goes back to the feed's.")

    @Argument(help: ArgumentHelp("The feed's URL or id.", valueName: "feed"), completion: .nothing) var feed: String
    @Argument(help: ArgumentHelp("The new title.", valueName: "title"), completion: .nothing) var title: String?
    @OptionGroup(title: "Feeds options") var options: FeedsOptions

    func run() async throws {
        let subscriptions = try FeedsLibrary.open(options.libraryFolder)
        let renamed = try await FeedsLibrary.run { () throws(FeedsError) in try subscriptions.rename(feed, to: title) }
        Terminal().print("renamed \(renamed.id) \(FeedsOutput.name(renamed))")
    }
}

/// `bsl feeds move FEED [FOLDER]`
struct FeedsMoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "File a feed in a folder (Parent/Child for a nested one); without FOLDER, in none.")

    @Argument(help: ArgumentHelp("The feed's URL or id.", valueName: "feed"), completion: .nothing) var feed: String
    @Argument(help: ArgumentHelp("The folder.", valueName: "folder"), completion: .nothing) var folder: String?
    @OptionGroup(title: "Feeds options") var options: FeedsOptions

    func run() async throws {
        let subscriptions = try FeedsLibrary.open(options.libraryFolder)
        let moved = try await FeedsLibrary.run { () throws(FeedsError) in
            try subscriptions.move(feed, toFolder: folder)
        }
        let place = moved.folder.map { "into \($0)" } ?? "out of any folder"
        Terminal().print("moved \(moved.id) \(FeedsOutput.name(moved)) \(place)")
    }
}

/// `bsl feeds set FEED [--min-interval 30m] [--max-items N]`
struct FeedsSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set how often a feed may be refreshed at most, and how many items it keeps.",
        discussion: """
            There is no minimum interval unless you set one here, or the server asks for one (Cache-Control: \
            max-age, Retry-After); `refresh` skips a feed that is not due, `refresh --force` does not. \
            --min-interval 0 removes the interval; --max-items default goes back to 500.
            """)

    @Argument(help: ArgumentHelp("The feed's URL or id.", valueName: "feed"), completion: .nothing) var feed: String
    @Option(
        help: ArgumentHelp("The least time between two refreshes: 90s, 30m, 2h, 1d, or 0 for none.", valueName: "time"))
    var minInterval: RefreshInterval?
    @Option(help: ArgumentHelp("How many items the feed keeps, newest first, or default.", valueName: "n"))
    var maxItems: ItemLimit?
    @OptionGroup(title: "Feeds options") var options: FeedsOptions

    func validate() throws {
        if minInterval == nil && maxItems == nil {
            throw ValidationError("give what to set: --min-interval TIME, --max-items N, or both")
        }
    }

    func run() async throws {
        let terminal = Terminal()
        let subscriptions = try FeedsLibrary.open(options.libraryFolder)
        var changed: Subscription?
        if let minInterval {
            changed = try await FeedsLibrary.run { () throws(FeedsError) in
                try subscriptions.setMinimumInterval(minInterval.duration, for: feed)
            }
        }
        if let maxItems {
            changed = try await FeedsLibrary.run { () throws(FeedsError) in
                try subscriptions.setMaximumItems(maxItems.count, for: feed)
            }
        }
        guard let changed else { return }
        let interval = changed.minimumInterval.map { RefreshInterval.text(of: $0) } ?? "none"
        let kept = changed.maximumItems.map(String.init) ?? "default"
        terminal.print("\(changed.id) \(FeedsOutput.name(changed)): minimum interval \(interval), keeps \(kept) items")
    }
}

/// `--min-interval`: a duration written `90s`, `30m`, `2h`, `1d` (or a plain number of seconds); 0 for none.
struct RefreshInterval: ExpressibleByArgument, Sendable {
    /// The interval; nil for none.
    let duration: Duration?

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var digits = Substring(text)
        var unit: Int64 = 1
        if let last = text.last, let seconds = units[last] {
            digits = text.dropLast()
            unit = seconds
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let count = Int64(digits), count >= 0,
            count <= 365 * 86_400 / unit
        else { return nil }
        duration = count == 0 ? nil : .seconds(count * unit)
    }

    static var valueDescription: String { "a time such as 90s, 30m, 2h or 1d (at most a year), or 0 for none" }

    static var defaultCompletionKind: CompletionKind { .nothing }

    /// `30m`, `2h`, `1d`, or seconds when no larger unit divides it.
    static func text(of duration: Duration) -> String {
        let seconds = duration.components.seconds
        for (unit, size) in [("d", Int64(86_400)), ("h", 3600), ("m", 60)] where seconds % size == 0 {
            return "\(seconds / size)\(unit)"
        }
        return "\(seconds)s"
    }
}

/// `--max-items`: a count from 1, or `default`.
struct ItemLimit: ExpressibleByArgument, Sendable {
    /// The count; nil for the default.
    let count: Int?

    init?(argument: String) {
        if argument.lowercased() == "default" {
            count = nil
            return
        }
        guard let count = Int(argument), (1...100_000).contains(count) else { return nil }
        self.count = count
    }

    static var valueDescription: String { "a whole number from 1 to 100000, or default" }

    static var defaultCompletionKind: CompletionKind { .nothing }
}
