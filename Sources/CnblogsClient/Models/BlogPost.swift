import BasicCore
import Foundation

/// A blog post as the API's lists give it: the site home, the 48-hour and 10-day lists, and a
/// blogger's posts.
///
/// Titles and summaries are plain text, with the API's double escaping undone; URLs are
/// repaired into valid `URL`s; a missing or empty avatar is `nil`.
///
/// JSON holds every field, a nil one as `null` (`@ExplicitNull`), so that each object has the same keys.
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
    @ExplicitNull public var updated: Date?
    /// The author.
    public var author: BlogAuthor
    /// The post's page.
    @ExplicitNull public var link: URL?
    /// The blog's short name (`www.cnblogs.com/{blogapp}/`): the `<blogapp>` element, else
    /// derived from the author's URI, else the blog the list was asked for.
    @ExplicitNull public var blogapp: String?
    /// Recommendations; nil when the source does not count them (today's feeds). Show nil as "—",
    /// never as 0.
    @ExplicitNull public var diggCount: Int?
    /// Reads; nil when the source does not count them.
    @ExplicitNull public var viewCount: Int?
    /// Comments; nil when the source does not count them.
    @ExplicitNull public var commentCount: Int?

    /// Recommendations, 0 when not counted: the legacy API's lists always count them. Prefer
    /// ``diggCount``, which tells "not counted" from 0.
    public var diggs: Int {
        get { diggCount ?? 0 }
        set { diggCount = newValue }
    }
    /// Reads, 0 when not counted. Prefer ``viewCount``.
    public var views: Int {
        get { viewCount ?? 0 }
        set { viewCount = newValue }
    }
    /// Comments, 0 when not counted. Prefer ``commentCount``.
    public var comments: Int {
        get { commentCount ?? 0 }
        set { commentCount = newValue }
    }

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
        diggCount = diggs
        viewCount = views
        commentCount = comments
    }

    /// Creates a post whose counts may be unknown (nil): what today's feeds and pages give.
    public init(
        id: Int, title: String, summary: String, published: Date, updated: Date? = nil, author: BlogAuthor,
        link: URL? = nil, blogapp: String? = nil, diggCount: Int?, viewCount: Int?, commentCount: Int?
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.published = published
        self.updated = updated
        self.author = author
        self.link = link
        self.blogapp = blogapp
        self.diggCount = diggCount
        self.viewCount = viewCount
        self.commentCount = commentCount
    }

    /// The JSON keys: the counts keep their legacy names (`diggs`, `views`, `comments`).
    enum CodingKeys: String, CodingKey {
        case id, title, summary, published, updated, author, link, blogapp
        case diggCount = "diggs"
        case viewCount = "views"
        case commentCount = "comments"
    }
}
