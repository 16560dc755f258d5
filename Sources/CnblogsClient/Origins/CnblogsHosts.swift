/// The addresses of cnblogs' services, each a base URL without a trailing slash: the real ones by
/// default, others for a test server or a mirror.
///
/// ```swift
/// let client = CnblogsClient(hosts: .cnblogs)
/// let local = CnblogsClient(hosts: .mirrored(under: "http://127.0.0.1:8080/fixtures"))
/// ```
public struct CnblogsHosts: Sendable, Hashable, Codable {
    /// The feeds, `https://feed.cnblogs.com`.
    public var feed: String
    /// The site of blogs, posts and rankings, `https://www.cnblogs.com`.
    public var site: String
    /// The news pages, `https://news.cnblogs.com`.
    public var news: String
    /// The token API, `https://api.cnblogs.com/api`.
    public var api: String
    /// The OAuth token server, `https://oauth.cnblogs.com`.
    public var oauth: String

    /// Hosts from their parts.
    public init(
        feed: String = "https://feed.cnblogs.com", site: String = "https://www.cnblogs.com",
        news: String = "https://news.cnblogs.com", api: String = "https://api.cnblogs.com/api",
        oauth: String = "https://oauth.cnblogs.com"
    ) {
        self.feed = feed
        self.site = site
        self.news = news
        self.api = api
        self.oauth = oauth
    }

    /// cnblogs itself.
    public static let cnblogs = CnblogsHosts()

    /// Every service under one base, each in a folder named after its host:
    /// `{base}/feed.cnblogs.com`, `{base}/www.cnblogs.com`, `{base}/news.cnblogs.com`,
    /// `{base}/api.cnblogs.com/api`, `{base}/oauth.cnblogs.com`. The test server's `/fixtures`
    /// serves a recording laid out this way.
    public static func mirrored(under base: String) -> CnblogsHosts {
        let root = base.hasSuffix("/") ? String(base.dropLast()) : base
        return CnblogsHosts(
            feed: "\(root)/feed.cnblogs.com", site: "\(root)/www.cnblogs.com", news: "\(root)/news.cnblogs.com",
            api: "\(root)/api.cnblogs.com/api", oauth: "\(root)/oauth.cnblogs.com")
    }
}
