import BasicNetworking

/// Everything that can go wrong when reading the cnblogs open API.
///
/// ```swift
/// do {
///     let posts = try await client.posts(of: "nosuchblog")
/// } catch .notFound(let what, _) {
///     print("no such \(what)")
/// } catch {
///     print(error)
/// }
/// ```
public enum CnblogsError: Error, Sendable, CustomStringConvertible {
    /// The API answered HTTP 500, which is how it says an id or a blog name does not exist.
    /// `what` names the thing asked for (`the blog 'nosuchblog'`).
    case notFound(what: String, url: String)
    /// A page, size or count outside what the API accepts.
    case invalidArgument(name: String, value: String, reason: String)
    /// The request failed: the transport's errors, or an HTTP status other than a not-found 500.
    case network(NetworkError)
    /// The body is not the expected Atom feed, or an entry lacks a field every entry has.
    case malformed(url: String, reason: String)

    /// One line: what failed, with the value, and what to do.
    public var description: String {
        switch self {
        case .notFound(let what, let url):
            return "not found: \(what) (\(url) answered HTTP 500); check the spelling or the id"
        case .invalidArgument(let name, let value, let reason):
            return "invalid \(name) \(value): \(reason)"
        case .network(let error):
            return error.description
        case .malformed(let url, let reason):
            return "cannot read the response from \(url): \(reason)"
        }
    }
}
