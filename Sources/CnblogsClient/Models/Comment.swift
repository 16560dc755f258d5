import Foundation

/// A comment on a blog post or a news item.
public struct Comment: Sendable, Hashable, Codable {
    /// The comment's id.
    public var id: Int
    /// The commenter's display name.
    public var authorName: String
    /// The commenter's home (`http://home.cnblogs.com/u/{number}/`).
    public var authorURI: URL?
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

    /// Encodes every field, a missing optional as `null`, so that each object has the same keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(authorName, forKey: .authorName)
        try container.encode(authorURI, forKey: .authorURI)
        try container.encode(published, forKey: .published)
        try container.encode(html, forKey: .html)
    }
}
