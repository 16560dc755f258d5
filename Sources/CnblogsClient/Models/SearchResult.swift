import Foundation

/// A hit of the site's search (找找看), from the token API's `ZzkDocuments/Blog` or `…/News`.
public struct SearchResult: Sendable, Hashable, Codable {
    /// What was searched.
    public enum Scope: String, Sendable, Hashable, Codable, CaseIterable {
        /// Blog posts (`ZzkDocuments/Blog`).
        case blogs
        /// News (`ZzkDocuments/News`).
        case news

        /// The API's name for it: `Blog`, `News`.
        var pathComponent: String { self == .blogs ? "Blog" : "News" }
    }

    /// The post's or news item's id, read from its address; nil when the address holds none.
    public var id: Int?
    /// The title (`Title`), with the search's highlighting tags removed.
    public var title: String
    /// The matching text (`Content`), as one line of plain text.
    public var summary: String
    /// The author (`UserName`).
    public var author: String?
    /// The page (`Uri`).
    public var url: URL?
    /// When it was published (`PublishTime`).
    public var published: Date?
    /// Recommendations (`VoteTimes`); nil when not given.
    public var diggCount: Int?
    /// Reads (`ViewTimes`); nil when not given.
    public var viewCount: Int?
    /// Comments (`CommentTimes`); nil when not given.
    public var commentCount: Int?

    /// A search hit from its parts.
    public init(
        id: Int? = nil, title: String, summary: String, author: String? = nil, url: URL? = nil,
        published: Date? = nil, diggCount: Int? = nil, viewCount: Int? = nil, commentCount: Int? = nil
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.author = author
        self.url = url
        self.published = published
        self.diggCount = diggCount
        self.viewCount = viewCount
        self.commentCount = commentCount
    }
}
