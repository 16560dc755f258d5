import BasicCore
import Foundation

/// An item of a subscribed feed: an Atom entry or an RSS item as the library keeps it.
///
/// ```swift
/// for item in try subscriptions.items(unreadOnly: true) {
///     print(item.id, item.isRead ? " " : "*", item.title, item.link?.absoluteString ?? "")
/// }
/// let opened = try subscriptions.open("k3f9a8d2x1")   // with its body, now read
/// ```
///
/// An item is identified within its feed by the entry's id, else its link, else a hash of its
/// title and date: seen again, it is updated in place and keeps its ``id`` and read state.
public struct FeedItem: Sendable, Hashable {
    /// A short stable id: the feed's four-character id and six more (`k3f9a8d2x1`).
    public let id: String
    /// The id of the feed it belongs to.
    public let feedID: String
    /// What identifies it in the feed: `id:` and the entry's id, `link:` and its link, or `hash:`
    /// and a hash of its title and date.
    let key: String
    /// The title as plain text (entities decoded, markup dropped); empty when the entry has none.
    public internal(set) var title: String
    /// The item's own page, resolved against the feed's address and `xml:base`.
    public var link: URL? { linkAddress.flatMap(URL.init(string:)) }
    /// ``link`` as text, as stored: URLs are made only when asked for.
    var linkAddress: String?
    /// The author's name (or address) as the entry, else the feed, gives it.
    public internal(set) var author: String?
    /// When it was published, as the feed says.
    public internal(set) var published: Date?
    /// When it last changed, as the feed says.
    public internal(set) var updated: Date?
    /// When the library first saw it.
    public internal(set) var firstSeen: Date
    /// The summary as plain text, at most ``Subscriptions/summaryLength`` characters; empty when
    /// the entry has none.
    public internal(set) var summary: String
    /// Whether it has been read.
    public internal(set) var isRead: Bool
    /// Whether a body is saved for it (``body`` is filled by ``Subscriptions/item(_:)`` and
    /// ``Subscriptions/open(_:)``).
    public internal(set) var hasBody: Bool
    /// The saved body as HTML: the entry's content, else its summary. Nil in lists.
    public internal(set) var body: String?
    /// What relative URLs in ``body`` resolve against.
    public var bodyBaseURL: URL? { bodyBaseAddress.flatMap(URL.init(string:)) }
    /// ``bodyBaseURL`` as text, as stored.
    var bodyBaseAddress: String?
    /// A hash of the saved body, to tell whether a refresh changed it.
    var bodyHash: String?
    /// The feed's title (filled when items are listed, not stored).
    public internal(set) var feedTitle: String?
    /// The feed's address (filled when items are listed, not stored).
    public internal(set) var feedURL: URL?

    init(id: String, feedID: String, key: String, title: String, firstSeen: Date) {
        self.id = id
        self.feedID = feedID
        self.key = key
        self.title = title
        self.firstSeen = firstSeen
        summary = ""
        isRead = false
        hasBody = false
    }

    /// The date it is sorted by: published, else updated, else first seen.
    public var date: Date { published ?? updated ?? firstSeen }

    /// The item as JSON, for scripts (`bsl feeds items --json`): `id` (what `read`, `mark-read`
    /// and `unread` take), `feed`, `feedTitle`, `title`, `link`, `author`, `date`, `read`,
    /// `summary`, and `body` when it was loaded; dates RFC 3339 in UTC, missing values `null`.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["id"] = .string(id)
        object["feed"] = feedURL.map { .string($0.absoluteString) } ?? .null
        object["feedTitle"] = feedTitle.map(JSONValue.string) ?? .null
        object["title"] = .string(title)
        object["link"] = linkAddress.map(JSONValue.string) ?? .null
        object["author"] = author.map(JSONValue.string) ?? .null
        object["date"] = Subscription.jsonDate(date)
        object["read"] = .bool(isRead)
        object["summary"] = .string(summary)
        if let body { object["body"] = .string(body) }
        return .object(object)
    }
}
