import BasicCLI
import BasicCore
import BasicFormat
import BasicNetworking
import CnblogsClient
import FeedsClient
import Foundation

/// `bsl feeds`: subscriptions to any Atom or RSS feed, kept in the offline library's encrypted store.
struct FeedsCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds",
        abstract: "Subscribe to Atom and RSS feeds, refresh them together, read, mark and search their items, OPML.",
        discussion: """
            Subscriptions live in the offline library's encrypted store (the folder `bsl cnblogs save` uses: \
            --library PATH, else $XDG_DATA_HOME/bsl, else ~/.local/share/bsl); every title, item and body is \
            sealed there. A FEED is a subscription's URL or its id (the first column of `feeds list`); an ITEM \
            is an item's id (the first column of `feeds items`, `id` in --json). list, items, search and export \
            only read: they work in a read-only folder and never make a library (with none, the list is empty). \
            --library may be given before or after the command's name.
            """,
        subcommands: [
            FeedsAddCommand.self, FeedsRemoveCommand.self, FeedsListCommand.self, FeedsRenameCommand.self,
            FeedsMoveCommand.self, FeedsSetCommand.self, FeedsRefreshCommand.self, FeedsItemsCommand.self,
            FeedsReadCommand.self, FeedsMarkReadCommand.self, FeedsUnreadCommand.self, FeedsSearchCommand.self,
            FeedsImportCommand.self, FeedsExportCommand.self,
        ])

    @OptionGroup(title: "Feeds options") var options: FeedsOptions
}

/// What every `bsl feeds` command takes, before or after its name: `--library`.
struct FeedsOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The library's folder, shared with bsl cnblogs (default $XDG_DATA_HOME/bsl or ~/.local/share/bsl).",
            valueName: "path"),
        completion: .directory)
    var library: String?

    /// The library folder `--library` names, or the platform's default: as the cnblogs commands choose it.
    var libraryFolder: URL {
        if let library { return URL(fileURLWithPath: library, isDirectory: true) }
        return OfflineLibrary.defaultFolder(named: "bsl")
    }
}

/// Opening the subscriptions in the library, and turning the library's errors into messages.
enum FeedsLibrary {
    /// The subscriptions in `folder`, to change: with `creating`, the library is made when there
    /// is none (`add`, `import`); without, a folder with no library is an error that says so
    /// (there is nothing to change in it). Without `network` (every command but `add URL` and
    /// `refresh`) no request can be sent, and no session is made.
    ///
    /// - Throws: ``CommandFailure`` when the folder cannot be used or holds no library.
    static func open(_ folder: URL, creating: Bool = false, network: Bool = false) throws -> Subscriptions {
        do {
            // A folder that cannot be looked into is an error, not an empty library.
            guard try creating || OfflineLibrary.exists(at: folder) else {
                throw CommandFailure(noSubscriptions(folder))
            }
            let store = try OfflineLibrary(folder: folder, creating: creating).store
            return network ? Subscriptions(store: store) : Subscriptions(store: store, transport: NoNetwork())
        } catch let error as CnblogsError {
            throw CommandFailure(oneLine: error.description)
        }
    }

    /// The subscriptions in `folder`, only to read, writing nothing and using no network (`list`,
    /// `items`, `search`, `export`): this works in a read-only folder and on a full disk. Nil
    /// when there is no library there, which then is not made (an empty list, as
    /// `bsl cnblogs offline list` shows).
    ///
    /// - Throws: ``CommandFailure`` when the folder cannot be used (this user may not look into
    ///   it, its key file is missing or open to others, its store is damaged).
    static func openForReading(_ folder: URL) throws -> Subscriptions? {
        do {
            guard try OfflineLibrary.exists(at: folder) else { return nil }
            let library = try OfflineLibrary(folder: folder, creating: false, access: .readOnly)
            // No request is sent by a command that only reads, so no session is made either.
            return Subscriptions(store: library.store, transport: NoNetwork())
        } catch {
            throw CommandFailure(oneLine: error.description)
        }
    }

    /// What an empty library says, with what to do.
    static func noSubscriptions(_ folder: URL) -> String {
        "no subscriptions in \(folder.path); add one with `bsl feeds add URL` or `bsl feeds import FILE.opml`"
    }

    /// Runs `body`, turning a ``FeedsError`` into a message (``failure(_:)``).
    static func run<T>(_ body: () async throws(FeedsError) -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw failure(error)
        }
    }

    /// Runs `body`, turning a ``FeedsError`` into a message (``failure(_:)``).
    static func check<T>(_ body: () throws(FeedsError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw failure(error)
        }
    }

    /// What a ``FeedsError`` ends the command with: a usage error (64) for what the command line
    /// got wrong (an address that is no http(s) URL, a setting out of range, an unknown preset), a
    /// failure (1) for the rest.
    /// The message is one printable line: a feed's title in it (`subscribed already (as "…")`)
    /// comes from the network, and loses what a terminal must not be sent (``PrintableText``).
    static func failure(_ error: FeedsError) -> any Error {
        let message = PrintableText.oneLine(error.description)
        // A switch, not `catch .case(…)`: Swift 6.3.1's SIL ownership checker crashes on those
        // after a typed-throws async call.
        switch error {
        case .invalidURL, .invalidSetting, .unknownPreset:
            return ValidationError(message)
        default:
            return CommandFailure(message)
        }
    }
}

/// The transport of the commands that send no request, so that they make no `URLSession`.
struct NoNetwork: Transport {
    func send(_ request: URLRequest) async throws(NetworkError) -> Response {
        throw .invalidRequest(url: request.url?.absoluteString ?? "", reason: "this command sends no request")
    }
}

/// How the feeds commands print subscriptions and items: a table that fits the terminal, or JSON.
enum FeedsOutput {
    /// Times as relative English text in the local time zone (TZ): `just now`, `3 hours ago`.
    static let formatter = TimeFormatter(timeZone: .current, language: .english)

    /// The subscriptions as a table (id, title, folder, unread, refreshed, error), or as JSON.
    static func print(_ subscriptions: [Subscription], json: Bool, emptyMessage: String, _ terminal: Terminal) {
        if json { return terminal.print(JSONValue.array(subscriptions.map(\.jsonValue)).jsonString(.pretty)) }
        guard !subscriptions.isEmpty else { return terminal.print(emptyMessage) }
        var table = TextTable(shrinkable: [1, 2, 5])
        table.rows.append(["id", "title", "folder", "unread", "refreshed", "error"])
        for feed in subscriptions {
            table.rows.append([
                feed.id, feed.title, feed.folder ?? "", String(feed.unreadCount),
                feed.lastRefresh.map(formatter.relativeString(for:)) ?? "never", feed.lastError ?? "",
            ])
        }
        terminal.print(trimmed(table.render(fitting: TerminalWidth.measure())))
    }

    /// Items as a table (id, `*` when unread, title, feed, date), or as JSON.
    static func print(_ items: [FeedItem], json: Bool, emptyMessage: String, _ terminal: Terminal) {
        if json { return terminal.print(JSONValue.array(items.map(\.jsonValue)).jsonString(.pretty)) }
        guard !items.isEmpty else { return terminal.print(emptyMessage) }
        var table = TextTable(shrinkable: [2, 3])
        table.rows.append(["id", "new", "title", "feed", "date"])
        for item in items {
            table.rows.append([
                item.id, item.isRead ? "" : "*", item.title.isEmpty ? "(untitled)" : item.title, item.feedTitle ?? "",
                formatter.relativeString(for: item.date),
            ])
        }
        terminal.print(trimmed(table.render(fitting: TerminalWidth.measure())))
    }

    /// The table without the spaces an empty last cell leaves at the end of a line.
    static func trimmed(_ table: String) -> String {
        table.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }

    /// `"Title" (URL)` for messages.
    static func name(_ subscription: Subscription) -> String {
        "\(PrintableText.oneLine(subscription.title)) (\(subscription.url.absoluteString))"
    }
}
