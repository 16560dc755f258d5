import CnblogsClient
import Foundation

/// One line of a list: a post or a news item, with what the list and the article's header show.
public struct ReaderEntry: Hashable, Sendable {
    /// A post or a news item.
    public var kind: Article.Kind
    /// The post's or the news item's id.
    public var id: Int
    /// The title.
    public var title: String
    /// The author, or the news item's source; empty when unknown.
    public var byline: String
    /// When it was published.
    public var published: Date
    /// Its address, when known.
    public var link: URL?
    /// The post's blog, which the site needs to read it.
    public var blogapp: String?
    /// Whether it is an article of the offline library, read from there.
    public var isSaved = false
    /// How many read it, when the source counts them.
    public var viewCount: Int?
    /// How many commented on it, when the source counts them.
    public var commentCount: Int?

    /// An entry of these values.
    public init(
        kind: Article.Kind, id: Int, title: String, byline: String, published: Date, link: URL? = nil,
        blogapp: String? = nil
    ) {
        self.kind = kind
        self.id = id
        self.title = title
        self.byline = byline
        self.published = published
        self.link = link
        self.blogapp = blogapp
    }

    /// The entry of a blog post.
    public init(_ post: BlogPost) {
        self.init(
            kind: .post, id: post.id, title: post.title, byline: post.author.name, published: post.published,
            link: post.link, blogapp: post.blogapp)
        (viewCount, commentCount) = (post.viewCount, post.commentCount)
    }

    /// The entry of an article saved in the offline library.
    public init(saved entry: OfflineEntry) {
        self.init(
            kind: entry.kind, id: entry.id, title: entry.title, byline: entry.byline ?? "",
            published: entry.published ?? entry.saved)
        isSaved = true
    }

    /// The entry of a news item.
    public init(_ item: NewsItem) {
        self.init(
            kind: .news, id: item.id, title: item.title, byline: item.sourceName ?? "", published: item.published,
            link: item.link)
        (viewCount, commentCount) = (item.viewCount, item.commentCount)
    }

    /// `1234/5`: reads and comments, `—` for what the source does not count; nil when it counts
    /// neither (the site's feeds).
    public var counts: String? {
        guard viewCount != nil || commentCount != nil else { return nil }
        return "\(viewCount.map(String.init) ?? "—")/\(commentCount.map(String.init) ?? "—")"
    }
}
