import CnblogsClient

/// The answers to the 订阅 tab's requests, as ``ReaderEvent/subscriptions(_:)`` brings them.
public enum SubscriptionsEvent: Sendable {
    /// Loading the subscriptions ended: every feed with its counts (none when there is no library).
    case feedsLoaded(RequestID, Result<[ReaderFeed], ReaderFailure>)
    /// Loading a feed's items ended, newest first.
    case itemsLoaded(RequestID, Result<[ReaderFeedItem], ReaderFailure>)
    /// Opening an item ended: its content as an article for the pager; it is now read.
    case itemOpened(RequestID, Result<Article, ReaderFailure>)
    /// Marking a feed's items read ended: how many were unread.
    case markedRead(RequestID, Result<Int, ReaderFailure>)
    /// A refresh got one feed further (it goes on).
    case refreshProgress(RequestID, SubscriptionsProgress)
    /// A refresh ended: what it did, and every feed with its new counts.
    case refreshed(RequestID, Result<SubscriptionsRefresh, ReaderFailure>)

    /// The request it answers.
    public var request: RequestID {
        switch self {
        case .feedsLoaded(let id, _), .itemsLoaded(let id, _), .itemOpened(let id, _), .markedRead(let id, _),
            .refreshProgress(let id, _), .refreshed(let id, _):
            id
        }
    }

    /// Whether it is the request's last event (all but progress are).
    public var isFinal: Bool {
        if case .refreshProgress = self { return false }
        return true
    }
}

/// What the 订阅 tab asks the app to do, as ``ReaderEffect/subscriptions(_:)`` carries it; each
/// runs in a task of its own and is answered by a ``SubscriptionsEvent`` with its request.
public enum SubscriptionsEffect: Hashable, Sendable {
    /// Load the subscriptions, read-only, answering ``SubscriptionsEvent/feedsLoaded(_:_:)``.
    case loadFeeds(RequestID)
    /// Load the items of the feed with this id, read-only, answering ``SubscriptionsEvent/itemsLoaded(_:_:)``.
    case loadItems(feedID: String, RequestID)
    /// Open an item and mark it read, answering ``SubscriptionsEvent/itemOpened(_:_:)``.
    case openItem(ReaderFeedItem, RequestID)
    /// Mark every item of the feed with this id read, answering ``SubscriptionsEvent/markedRead(_:_:)``.
    case markAllRead(feedID: String, RequestID)
    /// Refresh every feed, answering ``SubscriptionsEvent/refreshProgress(_:_:)`` after each feed
    /// and ``SubscriptionsEvent/refreshed(_:_:)`` at the end.
    case refresh(RequestID)

    /// The request it starts.
    public var request: RequestID {
        switch self {
        case .loadFeeds(let id), .loadItems(_, let id), .openItem(_, let id), .markAllRead(_, let id),
            .refresh(let id):
            id
        }
    }
}

/// Where a refresh of every feed stands: the 订阅 tab's status line.
public struct SubscriptionsProgress: Hashable, Sendable, CustomStringConvertible {
    /// Feeds done so far.
    public var done: Int
    /// Feeds being refreshed in all.
    public var total: Int
    /// Feeds that failed so far.
    public var failed: Int

    /// A progress of these counts.
    public init(done: Int, total: Int, failed: Int = 0) {
        self.done = done
        self.total = total
        self.failed = failed
    }

    /// `refreshed 3/7, 1 failed`, as `bsl feeds refresh` draws it.
    public var description: String {
        "refreshed \(done)/\(total)" + (failed > 0 ? ", \(failed) failed" : "")
    }
}

/// What a refresh of every feed did, and the feeds after it.
public struct SubscriptionsRefresh: Hashable, Sendable {
    /// One line, as `bsl feeds refresh` ends: `refreshed 7 feeds (5 not modified), 3 new items, 1 failed, 0 not due`.
    public var summary: String
    /// One line per feed that failed: its title and why.
    public var failures: [String]
    /// Every feed with its counts after the refresh.
    public var feeds: [ReaderFeed]

    /// A refresh's outcome of these parts.
    public init(summary: String, failures: [String] = [], feeds: [ReaderFeed]) {
        self.summary = summary
        self.failures = failures
        self.feeds = feeds
    }
}
