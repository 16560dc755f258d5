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

/// Which news list to read.
public enum CnblogsNewsList: String, Sendable, Hashable, Codable, CaseIterable {
    /// The latest news: the site's news feed, the API's `NewsItems`, the legacy `news/recent`.
    case latest
    /// The hot news: the API's `NewsItems/@hot`, the legacy `news/hot`.
    case hot
    /// The recommended news: the API's `NewsItems/@recommended`, the legacy `news/recommend`.
    case recommended
}

/// The site's two ranking pages.
public enum CnblogsRanking: String, Sendable, Hashable, Codable, CaseIterable {
    /// The 48-hour most read, `https://www.cnblogs.com/aggsite/topviews` (legacy `48HoursTopViewPosts`).
    case mostRead48Hours
    /// The 10-day most recommended, `https://www.cnblogs.com/aggsite/topdiggs` (legacy `TenDaysTopDiggPosts`).
    case mostRecommended10Days

    /// The page's path under the site.
    var path: String { self == .mostRead48Hours ? "aggsite/topviews" : "aggsite/topdiggs" }
}
