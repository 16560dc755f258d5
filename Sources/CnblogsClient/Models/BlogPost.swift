import Foundation

/// A blog post as the API's lists give it: the site home, the 48-hour and 10-day lists, and a
/// blogger's posts.
///
/// Titles and summaries are plain text, with the API's double escaping undone; URLs are
/// repaired into valid `URL`s; a missing or empty avatar is `nil`.
public struct BlogPost: Sendable, Hashable, Codable {
    /// The post's id (`<id>4133083</id>`).
    public var id: Int
    /// The title, decoded.
    public var title: String
    /// The summary, decoded; empty when the API sends `<summary type="text"/>`.
    public var summary: String
    /// When it was published (the API writes `+08:00`).
    public var published: Date
    /// The API's `updated`: the feed's generation time in UTC rather than an edit time.
    public var updated: Date?
    /// The author.
    public var author: BlogAuthor
    /// The post's page.
    public var link: URL?
    /// The blog's short name (`www.cnblogs.com/{blogapp}/`): the `<blogapp>` element, else
    /// derived from the author's URI, else the blog the list was asked for.
    public var blogapp: String?
    /// Recommendations.
    public var diggs: Int
    /// Reads.
    public var views: Int
    /// Comments.
    public var comments: Int

    /// Creates a post.
    public init(
        id: Int, title: String, summary: String, published: Date, updated: Date? = nil, author: BlogAuthor,
        link: URL? = nil, blogapp: String? = nil, diggs: Int = 0, views: Int = 0, comments: Int = 0
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.published = published
        self.updated = updated
        self.author = author
        self.link = link
        self.blogapp = blogapp
        self.diggs = diggs
        self.views = views
        self.comments = comments
    }

    /// Encodes every field, a missing optional as `null`, so that each object has the same keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(summary, forKey: .summary)
        try container.encode(published, forKey: .published)
        try container.encode(updated, forKey: .updated)
        try container.encode(author, forKey: .author)
        try container.encode(link, forKey: .link)
        try container.encode(blogapp, forKey: .blogapp)
        try container.encode(diggs, forKey: .diggs)
        try container.encode(views, forKey: .views)
        try container.encode(comments, forKey: .comments)
    }
}
