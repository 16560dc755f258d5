import BasicNetworking
import BasicStore
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Subscriptions to any Atom or RSS feed, kept in an encrypted ``BasicStore/KeyValueStore``:
/// add, file and rename feeds, refresh them all at once with conditional GET, keep read state,
/// search, and move them in and out as OPML.
///
/// ```swift
/// let subscriptions = Subscriptions(store: store)
/// let feed = try await subscriptions.add(URL(string: "https://example.org/")!, folder: "Blogs")   // a page links its feed
/// let summary = try await subscriptions.refresh { progress in print(progress) }   // refreshed 37/200, 3 failed
/// for item in try subscriptions.items(unreadOnly: true) { print(item.id, item.title) }
/// try subscriptions.markRead([item.id])
/// let hits = try subscriptions.search("swift concurrency")
/// let opml = try subscriptions.exportOPML().data
/// ```
///
/// Refreshing sends every due feed through a ``BasicNetworking/RequestPool`` at once, at most
/// ``Configuration/maximumRequestsPerHost`` to a host and ``Configuration/maximumRequests`` in all,
/// with `If-None-Match` and `If-Modified-Since` from the last answer: a 304 costs no parsing and
/// changes no item. A feed is due unless the user set a minimum interval for it or the server
/// asked for one (`Cache-Control: max-age`, `Retry-After`). Redirects are followed by the
/// library, so that a permanent one (301, 308) moves the subscription and a temporary one
/// (302, 303, 307) does not. A feed that fails keeps its items, and its error until it next
/// succeeds. Refreshes of one feed that overlap share one request.
///
/// Every value is sealed by the store; the ids it uses as keys (`k3f9`, `k3f9a8d2x1`) say
/// nothing of the feeds. Search reads a sealed index of each item's folded text in memory, so
/// no plaintext reaches the disk. Every operation on the store is one transaction, so several
/// processes may share a library.
public final class Subscriptions: Sendable {
    /// How subscriptions are refreshed and kept.
    public struct Configuration: Sendable {
        /// Requests in flight to one host at most (4).
        public var maximumRequestsPerHost: Int
        /// Requests in flight at most (16).
        public var maximumRequests: Int
        /// Items a feed keeps, newest first, unless set per feed (500).
        public var maximumItems: Int
        /// How long one request may take (30 s).
        public var timeout: Duration
        /// Redirects followed in a row at most (5).
        public var maximumRedirects: Int
        /// The largest feed read, in bytes (20 MiB).
        public var maximumFeedBytes: Int
        /// The longest wait a server's `max-age` or `Retry-After` may impose (1 day).
        public var maximumServerDelay: Duration
        /// The `User-Agent` sent.
        public var userAgent: String

        /// A configuration; the defaults are those above.
        public init(
            maximumRequestsPerHost: Int = 4, maximumRequests: Int = 16, maximumItems: Int = 500,
            timeout: Duration = .seconds(30), maximumRedirects: Int = 5, maximumFeedBytes: Int = 20 << 20,
            maximumServerDelay: Duration = .seconds(86_400), userAgent: String = "BasicServices-FeedsClient/1.0"
        ) {
            self.maximumRequestsPerHost = maximumRequestsPerHost
            self.maximumRequests = maximumRequests
            self.maximumItems = maximumItems
            self.timeout = timeout
            self.maximumRedirects = maximumRedirects
            self.maximumFeedBytes = maximumFeedBytes
            self.maximumServerDelay = maximumServerDelay
            self.userAgent = userAgent
        }
    }

    /// The store subscriptions live in.
    public let store: KeyValueStore
    /// How subscriptions are refreshed and kept.
    public let configuration: Configuration
    /// The pool feeds are fetched through.
    public let pool: RequestPool
    /// How long a stored summary may be, in characters.
    public static let summaryLength = ItemMerger.summaryLength

    let fetcher: FeedFetcher
    /// Where refreshes write what they bring back, in shared transactions.
    let writer: StoreWriter
    /// The clock, to the millisecond (as the store keeps times).
    let now: @Sendable () -> Date
    /// The session this object made for its transport, invalidated when it goes away.
    private let ownedSession: URLSession?
    /// The refresh of each feed in flight, shared by every caller that asks for it meanwhile.
    let refreshes = Mutex<[String: Task<FeedRefreshResult, Never>]>([:])

    /// Subscriptions in `store`.
    ///
    /// - Parameters:
    ///   - store: the store to keep them in; the command line passes the offline library's.
    ///   - configuration: limits and defaults.
    ///   - transport: what requests go through; by default a `URLSession` that does not follow
    ///     redirects by itself, so that permanent ones can move a subscription. A transport that
    ///     follows them (a replaying one) works, but no redirect then moves a feed.
    ///   - now: the clock refresh times are read from.
    public init(
        store: KeyValueStore, configuration: Configuration = .init(), transport: (any Transport)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.configuration = configuration
        self.now = { FeedStore.rounded(now()) }
        let chosen: any Transport
        if let transport {
            chosen = transport
            ownedSession = nil
        } else {
            let (made, session) = RedirectRefusingDelegate.transport(
                perHost: configuration.maximumRequestsPerHost, timeout: configuration.timeout)
            chosen = made
            ownedSession = session
        }
        pool = RequestPool(transport: chosen)
        writer = StoreWriter(store: store)
        fetcher = FeedFetcher(
            pool: pool,
            limiter: HostLimiter(perHost: configuration.maximumRequestsPerHost, total: configuration.maximumRequests),
            configuration: configuration)
    }

    /// Subscriptions in the store file at `url`, opened (or created) with `key`.
    ///
    /// - Throws: ``FeedsError/storage(_:)`` when the store cannot be opened.
    public convenience init(
        storeAt url: URL, key: StoreKey, configuration: Configuration = .init(), transport: (any Transport)? = nil
    ) throws(FeedsError) {
        let store = try withStore { try KeyValueStore(at: url, key: key) }
        self.init(store: store, configuration: configuration, transport: transport)
    }

    deinit {
        ownedSession?.finishTasksAndInvalidate()
    }
}
