import BasicCore
import Foundation

/// A blogger, as the recommended bloggers and the blogger search list them.
///
/// JSON holds every field, a nil one as `null` (`@ExplicitNull`), so that each object has the same keys.
public struct Blogger: Sendable, Hashable, Codable {
    /// The blog's address (the entry's `<id>`: `http://www.cnblogs.com/{blogapp}/`).
    public var blogURL: URL
    /// The display name (the entry's `<title>`), decoded.
    public var name: String
    /// The API's `updated` (`+08:00`): when the blog last posted.
    @ExplicitNull public var updated: Date?
    /// The blog's short name.
    public var blogapp: String
    /// The avatar, repaired into a valid URL (a `?id=N` query is kept); nil when `<avatar/>` is empty.
    @ExplicitNull public var avatar: URL?
    /// How many posts the blog has.
    public var postCount: Int

    /// Creates a blogger.
    public init(
        blogURL: URL, name: String, updated: Date? = nil, blogapp: String, avatar: URL? = nil, postCount: Int = 0
    ) {
        self.blogURL = blogURL
        self.name = name
        self.updated = updated
        self.blogapp = blogapp
        self.avatar = avatar
        self.postCount = postCount
    }
}
