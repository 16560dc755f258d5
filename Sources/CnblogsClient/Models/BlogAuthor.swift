import Foundation

/// The author of a ``BlogPost``.
public struct BlogAuthor: Sendable, Hashable, Codable {
    /// The display name.
    public var name: String
    /// The blog's address (`http://www.cnblogs.com/{blogapp}/`).
    public var uri: URL?
    /// The avatar; nil when the API sends an empty `<avatar/>` or none at all.
    public var avatar: URL?

    /// Creates an author.
    public init(name: String, uri: URL? = nil, avatar: URL? = nil) {
        self.name = name
        self.uri = uri
        self.avatar = avatar
    }

    /// Encodes every field, a missing optional as `null`, so that each object has the same keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(uri, forKey: .uri)
        try container.encode(avatar, forKey: .avatar)
    }
}
