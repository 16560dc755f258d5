import Foundation

/// One saved article as the offline list shows it: enough to list and pick, without the body.
public struct OfflineEntry: Sendable, Hashable, Codable {
    /// Post or news.
    public var kind: Article.Kind
    /// The post's or news item's id.
    public var id: Int
    /// The title.
    public var title: String
    /// The author (posts) or source (news), when known.
    public var byline: String?
    /// When the article was published, when known.
    public var published: Date?
    /// When it was saved (or saved again).
    public var saved: Date
    /// How many of its images are kept in the library.
    public var savedImages: Int

    /// An entry from its parts.
    public init(
        kind: Article.Kind, id: Int, title: String, byline: String? = nil, published: Date? = nil, saved: Date,
        savedImages: Int = 0
    ) {
        self.kind = kind
        self.id = id
        self.title = title
        self.byline = byline
        self.published = published
        self.saved = saved
        self.savedImages = savedImages
    }

    /// The article's stable name: `post-5770214`, `news-551203`.
    public var key: String { Article.key(kind: kind, id: id) }
}

/// What ``OfflineLibrary/save(_:downloadingImages:progress:)`` did.
public struct OfflineSaveResult: Sendable, Hashable {
    /// An image that could not be downloaded, and why.
    public struct ImageFailure: Sendable, Hashable {
        /// The image's URL.
        public var url: URL
        /// What went wrong, in one line.
        public var reason: String
    }

    /// The saved article's entry, now first in the list.
    public var entry: OfflineEntry
    /// Whether the article was already in the library (it was replaced and moved to the front).
    public var replacedExisting: Bool
    /// The images that could not be downloaded; the article is saved without them.
    public var imageFailures: [ImageFailure]
}
