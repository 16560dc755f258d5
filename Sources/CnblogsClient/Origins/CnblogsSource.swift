/// Where the client reads cnblogs from: the strategy each command is sent with.
///
/// ```swift
/// let source = CnblogsSource.preferred(hasCredential: try store.credential() != nil)
/// let listing = try await client.blogs(from: source)
/// ```
///
/// | source | what answers | needs |
/// |---|---|---|
/// | ``site`` | feed.cnblogs.com's Atom feeds, a blog's feed, the pages of posts, news and rankings | nothing |
/// | ``api`` | api.cnblogs.com's JSON (paging, counts, comments, search, bookmarks) | a personal access token or a client-credentials token |
/// | ``legacy`` | wcf.open.cnblogs.com's XML, the 2011 open API, kept for its recording | nothing, but it has not answered since about 2020 |
public enum CnblogsSource: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Today's feeds and pages, which need no registration: first pages only, no counts in feeds.
    case site
    /// The token API, `https://api.cnblogs.com/api/…`.
    case api
    /// The legacy XML API (`http://wcf.open.cnblogs.com`), for `--source legacy` and `Samples/cnblogs`.
    case legacy

    /// What answers today: the token API when a credential is stored, else the site.
    public static func preferred(hasCredential: Bool) -> CnblogsSource {
        hasCredential ? .api : .site
    }

    /// Whether the source needs a credential.
    public var needsCredential: Bool { self == .api }

    /// `site (feeds and pages, no token)`, `api (api.cnblogs.com, with a token)`, `legacy (…)`.
    public var description: String {
        switch self {
        case .site: "site (feeds and pages, no token)"
        case .api: "api (api.cnblogs.com, with a token)"
        case .legacy: "legacy (wcf.open.cnblogs.com, the 2011 XML API)"
        }
    }
}
