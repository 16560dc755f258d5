import BasicCore
import Foundation

/// One entry of a feed: an Atom `<entry>` or an RSS `<item>`.
///
/// Text fields keep the difference between an element that is missing (`nil`) and one that
/// is present but empty (`""`), as cnblogs' `<summary type="text"/>` is. Text is decoded
/// once, as XML says: HTML inside it (an Atom `type="html"` summary, an RSS description, or
/// cnblogs' double-escaped titles) is left as it is, with its ``FeedTextType`` beside it, and
/// ``plainTitle``, ``plainSummary``, ``summaryHTML`` and ``contentHTML`` read it by that type.
/// An Atom `type="xhtml"` field holds the children of its `div`, written as HTML.
///
/// ```swift
/// let entry = feed.entries[0]
/// print(entry.plainTitle ?? "", entry.link?.url?.absoluteString ?? "")
/// let body = entry.contentHTML ?? entry.summaryHTML ?? ""
/// ```
public struct FeedEntry: Sendable, Hashable {
    /// Atom's `id`, RSS's `guid`; nil when missing.
    public var id: String?
    /// The title.
    public var title: String?
    /// Atom's `summary`, RSS's `description`.
    public var summary: String?
    /// Atom's `content`, RSS's `content:encoded`.
    public var content: String?
    /// When it was first published: Atom's `published`, RSS's `pubDate`; nil when missing or unreadable.
    public var published: Date?
    /// When it last changed: Atom's `updated`, RSS's `dc:date` or `atom:updated`.
    public var updated: Date?
    /// Its links, in order.
    public var links: [FeedLink]
    /// Its authors, in order.
    public var authors: [FeedPerson]
    /// Its categories: Atom's `term` attribute or RSS's `category` text.
    public var categories: [String]
    /// Every other child element, converted by ``XMLConverter``'s rules with namespace
    /// prefixes kept: cnblogs' `diggs`, `views`, `comments`, `blogapp`, `topic` (`null` when
    /// present but empty), `sourceName`…
    ///
    /// ```swift
    /// let diggs = entry.extensions["diggs"]?.asInt   // 1
    /// ```
    public var extensions: JSONObject
    /// How ``title`` is written: Atom's `type`; RSS titles are text.
    public var titleType: FeedTextType
    /// How ``summary`` is written: Atom's `type`; an RSS description is HTML.
    public var summaryType: FeedTextType
    /// How ``content`` is written: Atom's `type`; RSS's `content:encoded` is HTML.
    public var contentType: FeedTextType
    /// What relative URLs in the entry (its links, and those in its HTML) resolve against: the
    /// `xml:base` in effect, else the document's URL; nil when neither is known.
    public var baseURL: URL?

    /// Creates an entry.
    public init(
        id: String? = nil, title: String? = nil, summary: String? = nil, content: String? = nil,
        published: Date? = nil, updated: Date? = nil, links: [FeedLink] = [], authors: [FeedPerson] = [],
        categories: [String] = [], extensions: JSONObject = .init(), titleType: FeedTextType = .text,
        summaryType: FeedTextType = .text, contentType: FeedTextType = .text, baseURL: URL? = nil
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.content = content
        self.published = published
        self.updated = updated
        self.links = links
        self.authors = authors
        self.categories = categories
        self.extensions = extensions
        self.titleType = titleType
        self.summaryType = summaryType
        self.contentType = contentType
        self.baseURL = baseURL
    }

    /// The entry's own page: the first alternate link.
    public var link: FeedLink? { links.first(where: \.isAlternate) }

    /// The first author.
    public var author: FeedPerson? { authors.first }

    /// The date to show: ``published``, else ``updated``.
    public var date: Date? { published ?? updated }

    /// The title as one line of plain text: entities decoded, markup dropped where the title is
    /// HTML; see ``FeedText/plainText(_:type:)``.
    public var plainTitle: String? { title.map { FeedText.plainText($0, type: titleType) } }

    /// The summary as one line of plain text; see ``FeedText/plainText(_:type:)``.
    public var plainSummary: String? { summary.map { FeedText.plainText($0, type: summaryType) } }

    /// The summary as HTML: as written when it is HTML, escaped when it is text.
    public var summaryHTML: String? { summary.map { FeedText.html($0, type: summaryType) } }

    /// The content as HTML: as written when it is HTML, escaped when it is text.
    public var contentHTML: String? { content.map { FeedText.html($0, type: contentType) } }
}
