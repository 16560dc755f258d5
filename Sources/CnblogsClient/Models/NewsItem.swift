import Foundation

/// A news item as the news lists give it (latest, hot, recommended).
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
    public var updated: Date?
    /// The item's page.
    public var link: URL?
    /// Recommendations.
    public var diggs: Int
    /// Reads.
    public var views: Int
    /// Comments.
    public var comments: Int
    /// The topic (`<topic>`); nil when the API sends an empty `<topic/>`.
    public var topic: String?
    /// The topic's icon, repaired into a valid URL; nil when empty.
    public var topicIcon: URL?
    /// The publisher (`<sourceName>`); nil when empty.
    public var sourceName: String?

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
        self.diggs = diggs
        self.views = views
        self.comments = comments
        self.topic = topic
        self.topicIcon = topicIcon
        self.sourceName = sourceName
    }

    /// Encodes every field, a missing optional as `null`, so that each object has the same keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(summary, forKey: .summary)
        try container.encode(published, forKey: .published)
        try container.encode(updated, forKey: .updated)
        try container.encode(link, forKey: .link)
        try container.encode(diggs, forKey: .diggs)
        try container.encode(views, forKey: .views)
        try container.encode(comments, forKey: .comments)
        try container.encode(topic, forKey: .topic)
        try container.encode(topicIcon, forKey: .topicIcon)
        try container.encode(sourceName, forKey: .sourceName)
    }
}
