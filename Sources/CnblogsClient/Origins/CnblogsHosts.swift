import Foundation

/// The addresses of cnblogs' services, each a base URL without a trailing slash: the real ones by
/// default, others for a test server or a mirror.
///
/// ```swift
/// let client = CnblogsClient(hosts: .cnblogs)
/// let local = CnblogsClient(hosts: .mirrored(under: URL(string: "http://127.0.0.1:8080/fixtures")!))
/// ```
public struct CnblogsHosts: Sendable, Hashable, Codable {
    /// The feeds, `https://feed.cnblogs.com`.
    public var feed: URL
    /// The site of blogs, posts and rankings, `https://www.cnblogs.com`.
    public var site: URL
    /// The news pages, `https://news.cnblogs.com`.
    public var news: URL
    /// The token API, `https://api.cnblogs.com/api`.
    public var api: URL
    /// The OAuth token server, `https://oauth.cnblogs.com`.
    public var oauth: URL

    /// Hosts from their parts.
    public init(
        feed: URL = cnblogs.feed, site: URL = cnblogs.site, news: URL = cnblogs.news, api: URL = cnblogs.api,
        oauth: URL = cnblogs.oauth
    ) {
        self.feed = feed
        self.site = site
        self.news = news
        self.api = api
        self.oauth = oauth
    }

    /// cnblogs itself.
    public static let cnblogs = CnblogsHosts(
        feed: literal("https://feed.cnblogs.com"), site: literal("https://www.cnblogs.com"),
        news: literal("https://news.cnblogs.com"), api: literal("https://api.cnblogs.com/api"),
        oauth: literal("https://oauth.cnblogs.com"))

    /// Every service under one base, each in a folder named after its host:
    /// `{base}/feed.cnblogs.com`, `{base}/www.cnblogs.com`, `{base}/news.cnblogs.com`,
    /// `{base}/api.cnblogs.com/api`, `{base}/oauth.cnblogs.com`. The test server's `/fixtures`
    /// serves a recording laid out this way.
    public static func mirrored(under base: URL) -> CnblogsHosts {
        CnblogsHosts(
            feed: base.appending(path: "feed.cnblogs.com"), site: base.appending(path: "www.cnblogs.com"),
            news: base.appending(path: "news.cnblogs.com"), api: base.appending(path: "api.cnblogs.com/api"),
            oauth: base.appending(path: "oauth.cnblogs.com"))
    }

    /// The URL written as the literal `text`: one of cnblogs' own addresses.
    static func literal(_ text: StaticString) -> URL {
        // Every caller passes an absolute http(s) literal, which URL(string:) always parses.
        URL(string: "\(text)") ?? URL(fileURLWithPath: "/")
    }
}
