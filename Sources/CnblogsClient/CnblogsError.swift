import BasicNetworking
import BasicStore

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
    /// The thing asked for does not exist: the API says so with HTTP 500, the site with 404.
    /// `what` names the thing asked for (`the blog 'nosuchblog'`).
    case notFound(what: String, url: String)
    /// A page, size or count outside what the API accepts.
    case invalidArgument(name: String, value: String, reason: String)
    /// The request failed: the transport's errors, or an HTTP status other than a not-found 500.
    case network(NetworkError)
    /// The body is not the expected Atom feed, or an entry lacks a field every entry has.
    case malformed(url: String, reason: String)
    /// The offline library's folder or key file cannot be used; `reason` says why and what to do.
    case library(path: String, reason: String)
    /// The offline library's store failed: a wrong or replaced key, a tampered or non-store file, a full disk.
    case storage(StoreError)

    /// One line: what failed, with the value, and what to do.
    public var description: String {
        switch self {
        case .notFound(let what, let url):
            return "not found: \(what) (\(url) says it does not exist); check the spelling or the id"
        case .invalidArgument(let name, let value, let reason):
            return "invalid \(name) \(value): \(reason)"
        case .network(let error):
            return error.description
        case .malformed(let url, let reason):
            return "cannot read the response from \(url): \(reason)"
        case .library(let path, let reason):
            return "offline library \(path): \(reason)"
        case .storage(let error):
            return "offline library: \(error)"
        }
    }
}
