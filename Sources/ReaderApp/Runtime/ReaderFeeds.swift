import BasicFormat
import CnblogsClient
import FeedsClient
import Foundation

/// Where the 订阅 tab's feeds come from: the subscriptions `bsl feeds` keeps in the library's
/// encrypted store (the offline library's folder and key), opened as `bsl feeds` opens them.
///
/// ```swift
/// let feeds = ReaderFeeds(library: OfflineLibrary.defaultFolder(named: "bsl"))
/// for feed in try await feeds.feeds().get() { print(feed.title, feed.unreadCount) }
/// let items = try await feeds.items(ofFeed: feedID).get()
/// let article = try await feeds.open(items[0]).get()        // its content, now read
/// ```
///
/// What only reads (the feeds, a feed's items) opens the library read-only, sending no request
/// (``FeedsClient/Subscriptions/init(offline:configuration:)``), as `bsl feeds list` does: it creates and changes nothing, and a folder with no library is an
/// empty list. What changes the store (opening an item marks it read, marking a feed read,
/// refreshing) opens it read-write as `bsl feeds read`, `mark-read` and `refresh` do, and never
/// makes a library. A refresh goes through the network as `bsl feeds refresh` does (`--replay`
/// answers cnblogs' requests only). Every failure is a one-line ``ReaderFailure``.
public struct ReaderFeeds: Sendable {
    /// The library's folder; nil for none.
    public let library: URL?

    /// The subscriptions in the library in the folder `library`.
    public init(library: URL?) {
        self.library = library
    }

    /// Every subscription with its unread count, in the order added; none when there is no library.
    public func feeds() async -> Result<[ReaderFeed], ReaderFailure> {
        reading { subscriptions throws(FeedsError) in
            try subscriptions?.subscriptions().map(ReaderFeed.init) ?? []
        }
    }

    /// The items of the feed with id `feedID`, newest first, with their read state.
    public func items(ofFeed feedID: String) async -> Result<[ReaderFeedItem], ReaderFailure> {
        reading { subscriptions throws(FeedsError) in
            guard let subscriptions else { throw .unknownFeed(feedID) }
            return try subscriptions.items(in: .feed(feedID)).map(ReaderFeedItem.init)
        }
    }

    /// The item's content as an article for the pager, marked read: the body the feed carried
    /// (else its summary), read as `bsl feeds read` reads it, with no network.
    public func open(_ item: ReaderFeedItem) async -> Result<Article, ReaderFailure> {
        changing(network: false) { subscriptions throws(FeedsError) in
            Self.article(of: try subscriptions.open(item.id))
        }
    }

    /// Marks every item of the feed with id `feedID` read, returning how many were unread.
    public func markAllRead(ofFeed feedID: String) async -> Result<Int, ReaderFailure> {
        changing(network: false) { subscriptions throws(FeedsError) in
            try subscriptions.markAllRead(in: .feed(feedID))
        }
    }

    /// Refreshes every due feed at once (`bsl feeds refresh`), calling `progress` after each
    /// feed, and returns what it did with every feed's new counts.
    public func refresh(
        progress: @escaping @Sendable (SubscriptionsProgress) -> Void
    ) async -> Result<SubscriptionsRefresh, ReaderFailure> {
        let subscriptions: Subscriptions
        switch open(network: true) {
        case .success(let opened): subscriptions = opened
        case .failure(let failure): return .failure(failure)
        }
        do {
            let summary = try await subscriptions.refresh { state in
                progress(SubscriptionsProgress(done: state.done, total: state.total, failed: state.failed))
            }
            let feeds = try subscriptions.subscriptions().map(ReaderFeed.init)
            return .success(
                SubscriptionsRefresh(
                    summary: summary.description, failures: summary.failures.map(\.description), feeds: feeds))
        } catch {
            return .failure(ReaderFailure(error.description))
        }
    }

    /// Runs `effect` in a task of its own, giving each of its answers to `answer`.
    public func start(
        _ effect: SubscriptionsEffect, answer: @escaping @Sendable (SubscriptionsEvent) -> Void
    ) -> Task<Void, Never> {
        Task {
            switch effect {
            case .loadFeeds(let id):
                answer(.feedsLoaded(id, await feeds()))
            case .loadItems(let feedID, let id):
                answer(.itemsLoaded(id, await items(ofFeed: feedID)))
            case .openItem(let item, let id):
                answer(.itemOpened(id, await open(item)))
            case .markAllRead(let feedID, let id):
                answer(.markedRead(id, await markAllRead(ofFeed: feedID)))
            case .refresh(let id):
                let result = await refresh { answer(.refreshProgress(id, $0)) }
                answer(.refreshed(id, result))
            }
        }
    }

    // MARK: Opening the library

    /// `body` on the subscriptions opened read-only with no network (nil when there is no
    /// library, which is then not made), as `bsl feeds list` and `items` open them.
    private func reading<T>(_ body: (Subscriptions?) throws(FeedsError) -> T) -> Result<T, ReaderFailure> {
        guard let library else { return .failure(Self.noLibrary) }
        let subscriptions: Subscriptions?
        do {
            if try OfflineLibrary.exists(at: library) {
                let opened = try OfflineLibrary(folder: library, creating: false, access: .readOnly)
                subscriptions = Subscriptions(offline: opened.store)
            } else {
                subscriptions = nil
            }
        } catch {
            return .failure(ReaderFailure(error.description))
        }
        do {
            return .success(try body(subscriptions))
        } catch {
            return .failure(ReaderFailure(error.description))
        }
    }

    /// `body` on the subscriptions opened to change, as `bsl feeds read` and `mark-read` open them.
    private func changing<T>(
        network: Bool, _ body: (Subscriptions) throws(FeedsError) -> T
    ) -> Result<T, ReaderFailure> {
        switch open(network: network) {
        case .success(let subscriptions):
            do {
                return .success(try body(subscriptions))
            } catch {
                return .failure(ReaderFailure(error.description))
            }
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// The subscriptions opened read-write; a folder without a library is an error that says how
    /// to add a feed (nothing is made). Without `network`, no session is made.
    private func open(network: Bool) -> Result<Subscriptions, ReaderFailure> {
        guard let library else { return .failure(Self.noLibrary) }
        do {
            guard try OfflineLibrary.exists(at: library) else {
                return .failure(
                    ReaderFailure(
                        "no subscriptions in \(library.path); add one with `bsl feeds add URL` or "
                            + "`bsl feeds import FILE.opml`"))
            }
            let store = try OfflineLibrary(folder: library, creating: false).store
            return .success(network ? Subscriptions(store: store) : Subscriptions(offline: store))
        } catch {
            return .failure(ReaderFailure(error.description))
        }
    }

    private static let noLibrary = ReaderFailure("no library folder was given; start the reader with --library PATH")

    /// An item as the pager's article: its body (else its summary as a paragraph, as
    /// `bsl feeds read` falls back), relative links resolved against the body's base.
    static func article(of item: FeedItem) -> Article {
        let base = item.bodyBaseURL ?? item.link
        var html = item.body ?? ""
        let text = TerminalText.render(html: html, width: 80, base: base)
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, !item.summary.isEmpty {
            html = "<p>\(HTMLText.escapingText(item.summary))</p>"
        }
        return Article(
            kind: .post, id: 0, title: item.title, author: item.author, source: item.feedTitle, published: item.date,
            link: base, html: html)
    }
}

extension ReaderSource {
    /// The 订阅 tab's feeds, in the same library folder.
    public var feeds: ReaderFeeds { ReaderFeeds(library: library) }
}
