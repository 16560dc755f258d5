import Foundation

/// A blog post or a news item with its body: what the reader shows, saves and renders.
///
/// ```swift
/// let article = try await client.newsArticle(id: 551203)
/// print(article.title, article.byline, article.html.count)
/// ```
///
/// A post's body endpoint answers only the HTML; its title, author and date come from a
/// list entry (``CnblogsClient/postArticle(id:listing:)``). A news body carries its own title,
/// source and date (``CnblogsClient/newsArticle(id:)``).
public struct Article: Sendable, Hashable, Codable {
    /// Whether the article is a blog post or a news item: the two have separate id spaces.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A blog post (`blog/post/body/{id}`).
        case post
        /// A news item (`news/item/{id}`).
        case news
    }

    /// Post or news.
    public var kind: Kind
    /// The post's or news item's id.
    public var id: Int
    /// The title, entities decoded.
    public var title: String
    /// The post's author; nil for news and for a post whose list entry was not found.
    public var author: String?
    /// The news item's publisher (`SourceName`); nil for posts.
    public var source: String?
    /// When it was published; nil when not known (a post read by id alone).
    public var published: Date?
    /// The article on the web.
    public var link: URL?
    /// The body as HTML, as the API gives it.
    public var html: String
    /// The images the body shows (`<img src>`) and, for news, the `ImageUrl` list, repaired and without repeats.
    public var imageURLs: [URL]

    /// An article from its parts.
    public init(
        kind: Kind, id: Int, title: String, author: String? = nil, source: String? = nil, published: Date? = nil,
        link: URL? = nil, html: String, imageURLs: [URL] = []
    ) {
        self.kind = kind
        self.id = id
        self.title = title
        self.author = author
        self.source = source
        self.published = published
        self.link = link
        self.html = html
        self.imageURLs = imageURLs
    }

    /// The line under the title: the author or the source, whichever is known.
    public var byline: String? { author ?? source }

    /// A stable name for the article across kinds: `post-5770214`, `news-551203`.
    public var key: String { Self.key(kind: kind, id: id) }

    /// The stable name of the article of `kind` with `id`.
    public static func key(kind: Kind, id: Int) -> String { "\(kind.rawValue)-\(id)" }
}
