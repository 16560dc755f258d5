import BasicCore
import Foundation

/// A comment on a blog post or a news item.
///
/// JSON holds every field, a nil one as `null` (`@ExplicitNull`), so that each object has the same keys.
public struct Comment: Sendable, Hashable, Codable {
    /// The comment's id.
    public var id: Int
    /// The commenter's display name.
    public var authorName: String
    /// The commenter's home (`http://home.cnblogs.com/u/{number}/`).
    @ExplicitNull public var authorURI: URL?
    /// When it was written (the API writes `+08:00`).
    public var published: Date
    /// The comment's HTML (`<br/>`, links): the `<content>` text decoded once, as XML.
    public var html: String

    /// Creates a comment.
    public init(id: Int, authorName: String, authorURI: URL? = nil, published: Date, html: String) {
        self.id = id
        self.authorName = authorName
        self.authorURI = authorURI
        self.published = published
        self.html = html
    }
}
