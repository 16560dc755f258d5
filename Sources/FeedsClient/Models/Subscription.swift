import BasicCore
import BasicFormat
import Foundation

/// A feed subscribed to: where it is, what to call it, where it is filed, and how its last
/// refresh went.
///
/// ```swift
/// for feed in try subscriptions.subscriptions() {
///     print(feed.title, feed.unreadCount, feed.lastRefresh as Any, feed.lastError ?? "")
/// }
/// ```
public struct Subscription: Sendable, Hashable {
    /// A short stable id (four characters, such as `k3f9`), which every item id of the feed starts with.
    public let id: String
    /// The feed's address; a permanent redirect (301, 308) replaces it.
    public internal(set) var url: URL
    /// The title the user gave (`--title`, a rename, an imported OPML file), if any.
    public internal(set) var customTitle: String?
    /// The title the feed gives itself, from its last successful refresh.
    public internal(set) var feedTitle: String?
    /// The folder it is filed in; nil for none. Nested folders are written `Parent/Child`.
    public internal(set) var folder: String?
    /// The site the feed belongs to (OPML's `htmlUrl`, the feed's own link).
    public internal(set) var siteURL: URL?
    /// When it was subscribed to.
    public internal(set) var added: Date
    /// The last refresh that succeeded (a new copy, or 304 Not Modified).
    public internal(set) var lastRefresh: Date?
    /// The last refresh tried, successful or not.
    public internal(set) var lastAttempt: Date?
    /// Why the last refresh failed, one line; nil once a refresh succeeds.
    public internal(set) var lastError: String?
    /// The `ETag` of the last copy, sent back as `If-None-Match`.
    public internal(set) var etag: String?
    /// The `Last-Modified` of the last copy, sent back as `If-Modified-Since`.
    public internal(set) var lastModified: String?
    /// The earliest time the server asked to be asked again (`Cache-Control: max-age`, `Retry-After`).
    public internal(set) var serverNotBefore: Date?
    /// The least time between two refreshes that the user set for this feed; nil for none.
    public internal(set) var minimumInterval: Duration?
    /// How many items the feed keeps, newest first; nil for ``Subscriptions/Configuration/maximumItems``.
    public internal(set) var maximumItems: Int?
    /// How many items the feed holds now (read when listed, not stored).
    public internal(set) var itemCount: Int
    /// How many of them are unread (read when listed, not stored).
    public internal(set) var unreadCount: Int
    /// Its place in the list: subscriptions are listed and exported in the order they were added.
    var position: Int

    init(id: String, url: URL, added: Date, position: Int) {
        self.id = id
        self.url = url
        self.added = added
        self.position = position
        itemCount = 0
        unreadCount = 0
    }

    /// The title to show: the custom title, else the feed's, else the address's host.
    public var title: String {
        if let customTitle, !customTitle.isEmpty { return customTitle }
        if let feedTitle, !feedTitle.isEmpty { return feedTitle }
        return url.host ?? url.absoluteString
    }

    /// When the feed may next be refreshed: the latest of the server's wish and the last
    /// attempt plus the minimum interval; nil when it may be refreshed at once.
    public var nextRefresh: Date? {
        var dates: [Date] = []
        if let serverNotBefore { dates.append(serverNotBefore) }
        if let minimumInterval, let lastAttempt { dates.append(lastAttempt + minimumInterval.timeInterval) }
        return dates.max()
    }

    /// Whether the feed may be refreshed at `date`.
    public func isDue(at date: Date) -> Bool {
        guard let next = nextRefresh else { return true }
        return date >= next
    }

    /// The subscription as JSON, for scripts (`bsl feeds list --json`): `id`, `url`, `title`,
    /// `folder`, `unread`, `items`, `lastRefresh`, `lastError`, `nextRefresh`, dates RFC 3339 in UTC,
    /// missing values `null`.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["id"] = .string(id)
        object["url"] = .string(url.absoluteString)
        object["title"] = .string(title)
        object["folder"] = folder.map(JSONValue.string) ?? .null
        object["siteURL"] = siteURL.map { .string($0.absoluteString) } ?? .null
        object["unread"] = .integer(Int64(unreadCount))
        object["items"] = .integer(Int64(itemCount))
        object["lastRefresh"] = lastRefresh.map(Self.jsonDate) ?? .null
        object["lastError"] = lastError.map(JSONValue.string) ?? .null
        object["nextRefresh"] = nextRefresh.map(Self.jsonDate) ?? .null
        object["minimumInterval"] = minimumInterval.map { .double($0.timeInterval) } ?? .null
        object["maximumItems"] = maximumItems.map { .integer(Int64($0)) } ?? .null
        return .object(object)
    }

    /// A date as RFC 3339 in UTC, to the second, proleptic Gregorian.
    static func jsonDate(_ date: Date) -> JSONValue {
        .string(TimeFormatter.rfc3339String(from: date))
    }
}

extension Duration {
    /// The duration in seconds.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
