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
///
/// Elements are recognised by namespace, not by prefix: `<a:feed xmlns:a="http://www.w3.org/2005/Atom">`
/// is Atom, and `dc:creator` is Dublin Core's whatever its prefix. Text fields hold what XML
/// decoded, once, with their ``FeedTextType`` beside them; ``plainTitle``,
/// ``FeedEntry/plainTitle``, ``FeedEntry/summaryHTML`` and the like give plain text and HTML.
/// Links are resolved against `xml:base` and the URL given to ``init(parsing:url:fallbackEncoding:)``
/// (``FeedLink/url``).
public struct Feed: Sendable, Hashable {
    /// The formats read.
    public enum Format: String, Sendable, Hashable {
        /// Atom 1.0 (RFC 4287): `<feed xmlns="http://www.w3.org/2005/Atom">`; Atom 0.3 and an
        /// Atom `feed` in no namespace are read as Atom too.
        case atom
        /// RSS 2.0: `<rss version="2.0"><channel>…`; RSS 1.0 (`<rdf:RDF>`) is read as RSS too.
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
    /// How ``title`` is written: Atom's `type`; RSS titles are text.
    public var titleType: FeedTextType
    /// How ``subtitle`` is written: Atom's `type`; an RSS channel's description is text.
    public var subtitleType: FeedTextType
    /// What relative links of the feed are resolved against: the root's `xml:base` resolved
    /// against the document's URL, or that URL; nil when neither is known.
    public var baseURL: URL?

    /// Creates a feed.
    public init(
        format: Format, title: String? = nil, subtitle: String? = nil, id: String? = nil, updated: Date? = nil,
        links: [FeedLink] = [], authors: [FeedPerson] = [], logo: String? = nil, entries: [FeedEntry] = [],
        extensions: JSONObject = .init(), titleType: FeedTextType = .text, subtitleType: FeedTextType = .text,
        baseURL: URL? = nil
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
        self.titleType = titleType
        self.subtitleType = subtitleType
        self.baseURL = baseURL
    }

    /// Parses an Atom or RSS document.
    ///
    /// ```swift
    /// let feed = try Feed(parsing: response.body, url: response.url, fallbackEncoding: "gbk")
    /// print(feed.plainTitle ?? "", feed.entries.first?.link?.url as Any)
    /// ```
    ///
    /// - Parameters:
    ///   - url: where the document was read from; relative links resolve against it (and the
    ///     `xml:base` attributes in the document).
    ///   - fallbackEncoding: the encoding to read the bytes in when they do not say theirs (no
    ///     byte-order mark, no `encoding` in the XML declaration) and are not UTF-8, XML's
    ///     default: the charset of an HTTP `Content-Type`, which is often wrong and so never
    ///     overrides the bytes. A name libxml2 (iconv) knows: `gbk`, `iso-8859-1`, `shift_jis`.
    /// - Throws: ``XMLError``: the XML's own errors with line and column, or
    ///   ``XMLError/Kind/notAFeed`` when the root is neither an Atom `feed` nor an RSS `rss`
    ///   (or RSS 1.0 `rdf:RDF`).
    /// - Complexity: O(*n*) in the size of the document.
    public init(parsing data: Data, url: URL? = nil, fallbackEncoding: String? = nil) throws(XMLError) {
        let root = try FeedXMLParser.parse(data, fallbackEncoding: fallbackEncoding)
        try self.init(root: root, url: url)
    }

    /// Decodes a feed from what ``XMLConverter`` made of it with ``XMLConverter/Configuration/feed``.
    ///
    /// The JSON form keeps prefixes but not namespace declarations, so namespaces are taken from
    /// the prefixes feeds conventionally write (`atom:`, `dc:`, `content:`), and it does not keep
    /// the order of text and elements: an Atom `type="xhtml"` field loses its markup here.
    /// ``init(parsing:url:fallbackEncoding:)`` reads every feed faithfully.
    ///
    /// - Throws: ``XMLError`` with kind ``XMLError/Kind/notAFeed`` when the root is neither
    ///   `feed` nor `rss`, or an RSS document has no `channel`.
    public init(converted value: JSONValue, url: URL? = nil) throws(XMLError) {
        let configuration = XMLConverter.Configuration.feed
        let name = value[configuration.nameKey].flatMap(FeedReader.plainString) ?? ""
        let localName = name.split(separator: ":").last.map(String.init) ?? name
        let defaultNamespace = localName == "feed" ? FeedNamespace.atom : nil
        let root = FeedXMLElement(
            converted: value, name: name, defaultNamespace: defaultNamespace, configuration: configuration)
        try self.init(root: root, url: url)
    }

    /// Decodes a feed from its root element.
    init(root: FeedXMLElement, url: URL?) throws(XMLError) {
        let reader = FeedReader(documentURL: url)
        if let atomNamespace = FeedReader.atomNamespace(of: root) {
            self = reader.atomFeed(root, namespace: atomNamespace)
            return
        }
        if root.localName == "rss", root.namespace == nil {
            guard let channel = root.element("channel", in: nil) else {
                throw XMLError(kind: .notAFeed, line: 0, column: 0, message: "the <rss> element has no <channel>")
            }
            self = reader.rssFeed(channel, items: channel.elements("item", in: nil), namespace: nil, root: root)
            return
        }
        if root.isNamed("RDF", in: FeedNamespace.rdf) {
            let namespace = FeedNamespace.rss10
            guard let channel = root.element("channel", in: namespace) else {
                throw XMLError(kind: .notAFeed, line: 0, column: 0, message: "the <rdf:RDF> element has no <channel>")
            }
            self = reader.rssFeed(
                channel, items: root.elements("item", in: namespace), namespace: namespace, root: root)
            return
        }
        throw XMLError(
            kind: .notAFeed, line: 0, column: 0,
            message: "the root element is <\(root.qualifiedName)>, not <feed> or <rss>")
    }

    /// The title as one line of plain text; see ``FeedText/plainText(_:type:)``.
    public var plainTitle: String? { title.map { FeedText.plainText($0, type: titleType) } }

    /// The subtitle as one line of plain text; see ``FeedText/plainText(_:type:)``.
    public var plainSubtitle: String? { subtitle.map { FeedText.plainText($0, type: subtitleType) } }
}
