import BasicCore

/// An author or contributor: Atom's `<author>` (`name`, `uri`, `email`), or RSS's `author`
/// (`ann@example.com (Ann)`) or `dc:creator`.
public struct FeedPerson: Sendable, Hashable {
    /// The name; empty when the feed gives none.
    public var name: String
    /// A page about the person, as written.
    public var uri: String?
    /// An e-mail address.
    public var email: String?
    /// The person's other child elements, such as cnblogs' `avatar` (`null` when present but empty).
    public var extensions: JSONObject

    /// Creates a person.
    public init(name: String, uri: String? = nil, email: String? = nil, extensions: JSONObject = .init()) {
        self.name = name
        self.uri = uri
        self.email = email
        self.extensions = extensions
    }
}
