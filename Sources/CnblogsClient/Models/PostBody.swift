/// A blog post's body (`blog/post/body/{id}`).
public struct PostBody: Sendable, Hashable, Codable {
    /// The post's id.
    public var id: Int
    /// The body's HTML, its entities decoded once and its `\r\n` line ends written as `\n`.
    public var html: String

    /// Creates a post body.
    public init(id: Int, html: String) {
        self.id = id
        self.html = html
    }
}
