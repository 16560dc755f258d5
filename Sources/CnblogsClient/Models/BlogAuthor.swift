import BasicCore
import Foundation

/// The author of a ``BlogPost``.
///
/// JSON holds every field, a nil one as `null` (`@ExplicitNull`), so that each object has the same keys.
public struct BlogAuthor: Sendable, Hashable, Codable {
    /// The display name.
    public var name: String
    /// The blog's address (`http://www.cnblogs.com/{blogapp}/`).
    @ExplicitNull public var uri: URL?
    /// The avatar; nil when the API sends an empty `<avatar/>` or none at all.
    @ExplicitNull public var avatar: URL?

    /// Creates an author.
    public init(name: String, uri: URL? = nil, avatar: URL? = nil) {
        self.name = name
        self.uri = uri
        self.avatar = avatar
    }
}
