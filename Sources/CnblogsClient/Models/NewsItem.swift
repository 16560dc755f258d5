import BasicCore
import Foundation

/// A news item as the news lists give it (latest, hot, recommended).
///
/// JSON holds every field, a nil one as `null` (`@ExplicitNull`), so that each object has the same keys.
public struct NewsItem: Sendable, Hashable, Codable {
    /// The item's id.
    public var id: Int
    /// The title, decoded.
    public var title: String
    /// The summary, decoded; may be empty.
    public var summary: String
    /// When it was published (the API writes `+08:00`).
    public var published: Date
    /// The API's `updated`: the feed's generation time in UTC.
    @ExplicitNull public var updated: Date?
    /// The item's page.
    @ExplicitNull public var link: URL?
    /// Recommendations; nil when the source does not count them (today's news feed). Show nil as "—",
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
    /// The topic (`<topic>`); nil when the API sends an empty `<topic/>`.
    @ExplicitNull public var topic: String?
    /// The topic's icon, repaired into a valid URL; nil when empty.
    @ExplicitNull public var topicIcon: URL?
    /// The publisher (`<sourceName>`); nil when empty.
    @ExplicitNull public var sourceName: String?

    /// Creates a news item.
    public init(
        id: Int, title: String, summary: String, published: Date, updated: Date? = nil, link: URL? = nil,
        diggs: Int = 0, views: Int = 0, comments: Int = 0, topic: String? = nil, topicIcon: URL? = nil,
        sourceName: String? = nil
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.published = published
        self.updated = updated
        self.link = link
        diggCount = diggs
        viewCount = views
        commentCount = comments
        self.topic = topic
        self.topicIcon = topicIcon
        self.sourceName = sourceName
    }

    /// Creates a news item whose counts may be unknown (nil): what today's news feed gives.
    public init(
        id: Int, title: String, summary: String, published: Date, updated: Date? = nil, link: URL? = nil,
        diggCount: Int?, viewCount: Int?, commentCount: Int?, topic: String? = nil, topicIcon: URL? = nil,
        sourceName: String? = nil
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.published = published
        self.updated = updated
        self.link = link
        self.diggCount = diggCount
        self.viewCount = viewCount
        self.commentCount = commentCount
        self.topic = topic
        self.topicIcon = topicIcon
        self.sourceName = sourceName
    }

    /// The JSON keys: the counts keep their legacy names (`diggs`, `views`, `comments`).
    enum CodingKeys: String, CodingKey {
        case id, title, summary, published, updated, link, topic, topicIcon, sourceName
        case diggCount = "diggs"
        case viewCount = "views"
        case commentCount = "comments"
    }
}
