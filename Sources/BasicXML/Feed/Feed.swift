import BasicCore
import Foundation

/// An Atom 1.0 or RSS 2.0 feed, decoded to one model.
///
/// ```swift
/// let feed = try Feed(parsing: data)
/// for entry in feed.entries {
///     print(entry.title ?? "", entry.author?.name ?? "", entry.extensions["views"] ?? "")
/// }
/// ```
///
/// Elements the model has no field for stay available in ``extensions`` (and in each entry's
/// and person's `extensions`) as ``JSONValue``s, under their names with any namespace prefix:
/// cnblogs' un-prefixed `postcount` in the Atom namespace is `extensions["postcount"]`, an
/// RSS feed's `sy:updatePeriod` is `extensions["sy:updatePeriod"]`.
public struct Feed: Sendable, Hashable {
    /// The two formats read.
    public enum Format: String, Sendable, Hashable {
        /// Atom 1.0 (RFC 4287): `<feed xmlns="http://www.w3.org/2005/Atom">`.
        case atom
        /// RSS 2.0: `<rss version="2.0"><channel>…`.
        case rss
    }

    /// Which format the document was in.
    public var format: Format
    /// The title.
    public var title: String?
    /// Atom's `subtitle`, RSS's `description`.
    public var subtitle: String?
    /// Atom's `id`; nil for RSS.
    public var id: String?
    /// When the feed last changed: Atom's `updated`, RSS's `lastBuildDate` or `pubDate`.
    public var updated: Date?
    /// The feed's links, in order.
    public var links: [FeedLink]
    /// The feed's authors: Atom's `author`, RSS's `managingEditor` or `dc:creator`.
    public var authors: [FeedPerson]
    /// An image for the feed: Atom's `logo` (a cnblogs blogger's avatar), RSS's `image/url`.
    public var logo: String?
    /// The entries, in document order.
    public var entries: [FeedEntry]
    /// Every other child element of the feed (or RSS channel), such as cnblogs' `postcount`.
    public var extensions: JSONObject

    /// Creates a feed.
    public init(
        format: Format, title: String? = nil, subtitle: String? = nil, id: String? = nil, updated: Date? = nil,
        links: [FeedLink] = [], authors: [FeedPerson] = [], logo: String? = nil, entries: [FeedEntry] = [],
        extensions: JSONObject = .init()
    ) {
        self.format = format
        self.title = title
        self.subtitle = subtitle
        self.id = id
        self.updated = updated
        self.links = links
        self.authors = authors
        self.logo = logo
        self.entries = entries
        self.extensions = extensions
    }

    /// Parses an Atom or RSS document.
    ///
    /// - Throws: ``XMLError``: the XML's own errors with line and column, or
    ///   ``XMLError/Kind/notAFeed`` when the root is neither `feed` nor `rss`.
    /// - Complexity: O(*n*) in the size of the document.
    public init(parsing data: Data) throws(XMLError) {
        let value = try XMLConverter(configuration: .feed).convert(data)
        try self.init(converted: value)
    }

    /// Decodes a feed from what ``XMLConverter`` made of it with ``XMLConverter/Configuration/feed``.
    ///
    /// - Throws: ``XMLError`` with kind ``XMLError/Kind/notAFeed`` when the root is neither
    ///   `feed` nor `rss`, or an RSS document has no `channel`.
    public init(converted value: JSONValue) throws(XMLError) {
        let reader = FeedReader(configuration: .feed)
        let name = value[XMLConverter.Configuration.feed.nameKey].flatMap(FeedReader.plainString) ?? ""
        switch FeedReader.localName(name) {
        case "feed":
            self = reader.atomFeed(value)
        case "rss":
            guard let channel = reader.children(value, "channel").first else {
                throw XMLError(kind: .notAFeed, line: 0, column: 0, message: "the <rss> element has no <channel>")
            }
            self = reader.rssFeed(channel)
        default:
            throw XMLError(
                kind: .notAFeed, line: 0, column: 0, message: "the root element is <\(name)>, not <feed> or <rss>")
        }
    }
}
