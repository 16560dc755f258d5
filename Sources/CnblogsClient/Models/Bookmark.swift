import Foundation

/// One of the signed-in user's bookmarks (收藏), from the token API's `Bookmarks`.
public struct Bookmark: Sendable, Hashable, Codable {
    /// The bookmark's id (`WzLinkId`).
    public var id: Int?
    /// The title (`Title`).
    public var title: String
    /// The page bookmarked (`LinkUrl`).
    public var url: URL?
    /// The user's note (`Summary`); nil when empty.
    public var summary: String?
    /// The user's tags (`Tags`).
    public var tags: [String]
    /// When it was added (`DateAdded`).
    public var added: Date?

    /// A bookmark from its parts.
    public init(
        id: Int? = nil, title: String, url: URL? = nil, summary: String? = nil, tags: [String] = [],
        added: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.url = url
        self.summary = summary
        self.tags = tags
        self.added = added
    }
}
