import BasicCore
import BasicNetworking
import Foundation

/// cnblogs, from whichever source answers: today's feeds and pages with no credential
/// (``site``), the token API (``api``), and the legacy XML open API (this type's own list and
/// body methods, kept as they were).
///
/// ```swift
/// let client = CnblogsClient(credential: try store.credential())      // nil: no token
/// let home = try await client.blogs()                                  // the site feed, or the API with a token
/// let article = try await client.article(try PostReference(parsing: "nanshan-walker/18562097"))
/// ```
///
/// Each command's method takes a ``CnblogsSource`` (nil for the one that answers today: the API
/// with a credential, the site without): see <doc:SourcesAndCredentials>. The legacy API, read
/// by ``siteHome(page:size:)`` and the other methods of this file, answers an unknown blog name
/// or id with HTTP 500, which the client reports as ``CnblogsError/notFound(what:url:)``:
///
/// ```swift
/// let legacy = CnblogsClient(transport: try ReplayTransport(cassette: URL(fileURLWithPath: "Samples/cnblogs")))
/// for post in try await legacy.siteHome(page: 1, size: 10) {
///     print(post.id, post.title, post.author.name, post.views)
/// }
/// ```
///
/// Every method throws ``CnblogsError`` only.
public struct CnblogsClient: Sendable {
    /// The open API's own base. It was superseded around 2017 and may no longer answer.
    public static let defaultBaseURL = CnblogsHosts.literal("http://wcf.open.cnblogs.com")

    /// The public site, whose per-blog feeds (`{siteURL}/{blogapp}/rss`) still serve.
    public static let defaultSiteURL = CnblogsHosts.cnblogs.site

    /// The parameters a cassette of this client must never hold, for ``BasicNetworking/RecordingTransport``
    /// and ``BasicNetworking/ReplayTransport``: the defaults and the OAuth `client_secret`.
    public static let cassetteRedactedParameters = RecordingTransport.defaultRedactedParameters.union(["client_secret"])

    /// The base every legacy path is joined to.
    public let baseURL: URL
    /// The site the legacy client reads blog feeds from (``rssPosts(of:size:)``).
    public let siteURL: URL
    /// Where today's services are.
    public let hosts: CnblogsHosts
    /// The pool requests without a credential go through (the legacy API, the site).
    public let pool: RequestPool
    /// The pool of the token API, whose transport adds the credential; nil without one.
    public let apiPool: RequestPool?
    /// The pool the OAuth token exchange and logins go through: the initializer's `tokenTransport`.
    public let tokenPool: RequestPool
    /// The credential and its refreshes; nil without a credential.
    public let interceptor: AuthenticationInterceptor<CnblogsAuthenticator>?
    /// The clock token expiry is judged by.
    let now: @Sendable () -> Date
    /// The posts and news the lists of this client have shown, for reading one by its id alone.
    let directory = CnblogsDirectory()

    /// A client for the legacy API at `baseURL`, today's services at `hosts`, and the token API
    /// with `credential`, sending through `transport` (live, recording or replaying).
    ///
    /// - Parameters:
    ///   - baseURL: the legacy API's base.
    ///   - siteURL: the site the legacy client reads blog feeds from.
    ///   - hosts: today's services; by default cnblogs', with `siteURL` as the site.
    ///   - credential: the token API's credential (``CnblogsCredentialStore`` keeps it); nil for none.
    ///   - transport: what every request goes through: live (the default), recording or replaying.
    ///   - tokenTransport: what the OAuth token exchange of client credentials goes through (by
    ///     default `transport`). Give a transport that does not record when `transport` records:
    ///     the token server's answer holds the token.
    ///   - didRefreshCredential: called with the credential after each refresh of its token, to store it.
    ///   - now: the clock token expiry is judged by.
    public init(
        baseURL: URL = defaultBaseURL, siteURL: URL = defaultSiteURL, hosts: CnblogsHosts? = nil,
        credential: CnblogsCredential? = nil, transport: any Transport = URLSessionTransport(),
        tokenTransport: (any Transport)? = nil,
        didRefreshCredential: (@Sendable (CnblogsCredential) -> Void)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.baseURL = baseURL
        self.siteURL = siteURL
        var resolved = hosts ?? .cnblogs
        if hosts == nil { resolved.site = siteURL }
        self.hosts = resolved
        pool = RequestPool(transport: transport)
        let tokenPool = RequestPool(transport: tokenTransport ?? transport)
        self.tokenPool = tokenPool
        self.now = now
        guard let credential else {
            apiPool = nil
            interceptor = nil
            return
        }
        let authenticator = CnblogsAuthenticator(
            credential: credential, tokenPool: tokenPool, hosts: resolved, now: now)
        var onRefresh: (@Sendable (BearerCredential) -> Void)?
        if let report = didRefreshCredential, case .clientCredentials(let client) = credential {
            onRefresh = { fresh in
                var updated = client
                updated.accessToken = fresh.token
                updated.expiresAt = fresh.expiresAt
                report(.clientCredentials(updated))
            }
        }
        let interceptor = AuthenticationInterceptor(
            authenticator: authenticator, credential: credential.bearer, now: now, didRefresh: onRefresh)
        self.interceptor = interceptor
        apiPool = RequestPool(transport: AuthenticatingTransport(transport, interceptor: interceptor))
    }

    /// Whether the client has a credential for the token API.
    public var hasCredential: Bool { interceptor != nil }

    /// Today's feeds and pages, which need no credential.
    public var site: CnblogsSiteOrigin { CnblogsSiteOrigin(hosts: hosts, pool: pool) }

    /// The token API (its methods say a credential is needed when the client has none).
    public var api: CnblogsAPIOrigin { CnblogsAPIOrigin(hosts: hosts, pool: apiPool) }

    // MARK: Blog posts

    /// The site home's posts, newest first (`blog/sitehome/paged/{page}/{size}`).
    ///
    /// - Parameters:
    ///   - page: from 1.
    ///   - size: 1…100.
    /// - Throws: ``CnblogsError``.
    public func siteHome(page: Int = 1, size: Int = 10) async throws(CnblogsError) -> [BlogPost] {
        try Self.check(page: page, size: size)
        return try await posts(at: "blog/sitehome/paged/\(page)/\(size)")
    }

    /// The latest site home posts (`blog/sitehome/recent/{count}`).
    ///
    /// - Throws: ``CnblogsError``.
    public func recentPosts(count: Int = 10) async throws(CnblogsError) -> [BlogPost] {
        try Self.check(count: count, limit: 100)
        return try await posts(at: "blog/sitehome/recent/\(count)")
    }

    /// The 48-hour most read posts (`blog/48HoursTopViewPosts/{count}`).
    ///
    /// - Throws: ``CnblogsError``.
    public func top48Hours(count: Int = 10) async throws(CnblogsError) -> [BlogPost] {
        try Self.check(count: count, limit: 100)
        return try await posts(at: "blog/48HoursTopViewPosts/\(count)")
    }

    /// The 10-day most recommended posts (`blog/TenDaysTopDiggPosts/{count}`, count 1…50).
    ///
    /// - Throws: ``CnblogsError``.
    public func top10Days(count: Int = 10) async throws(CnblogsError) -> [BlogPost] {
        try Self.check(count: count, limit: 50)
        return try await posts(at: "blog/TenDaysTopDiggPosts/\(count)")
    }

    /// One blogger's posts (`blog/u/{blogapp}/posts/{page}/{size}`).
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for an unknown blog.
    public func posts(of blogapp: String, page: Int = 1, size: Int = 10) async throws(CnblogsError) -> [BlogPost] {
        try Self.check(page: page, size: size)
        let trimmed = blogapp.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty,
            let escaped = trimmed.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
        else {
            throw .invalidArgument(name: "blogapp", value: "'\(blogapp)'", reason: "give a blog's short name")
        }
        return try await posts(
            at: "blog/u/\(escaped)/posts/\(page)/\(size)", notFound: "the blog '\(trimmed)'", blogapp: trimmed)
    }

    // MARK: News

    /// The latest news (`news/recent/{count}`).
    ///
    /// - Throws: ``CnblogsError``.
    public func recentNews(count: Int = 10) async throws(CnblogsError) -> [NewsItem] {
        try Self.check(count: count, limit: 100)
        return try await news(at: "news/recent/\(count)")
    }

    /// The latest news, a page at a time (`news/recent/paged/{page}/{size}`).
    ///
    /// - Throws: ``CnblogsError``.
    public func news(page: Int = 1, size: Int = 10) async throws(CnblogsError) -> [NewsItem] {
        try Self.check(page: page, size: size)
        return try await news(at: "news/recent/paged/\(page)/\(size)")
    }

    /// The hot news (`news/hot/{count}`).
    ///
    /// - Throws: ``CnblogsError``.
    public func hotNews(count: Int = 10) async throws(CnblogsError) -> [NewsItem] {
        try Self.check(count: count, limit: 100)
        return try await news(at: "news/hot/\(count)")
    }

    /// The recommended news (`news/recommend/paged/{page}/{size}`).
    ///
    /// - Throws: ``CnblogsError``.
    public func recommendedNews(page: Int = 1, size: Int = 10) async throws(CnblogsError) -> [NewsItem] {
        try Self.check(page: page, size: size)
        return try await news(at: "news/recommend/paged/\(page)/\(size)")
    }

    // MARK: Bodies

    /// A blog post's body (`blog/post/body/{id}`).
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for an unknown id.
    public func postBody(id: Int) async throws(CnblogsError) -> PostBody {
        try Self.check(id: id)
        let response = try await get("blog/post/body/\(id)", notFound: "the post \(id)")
        return try CnblogsBodyDecoder.postBody(from: response.body, id: id, url: response.url.absoluteString)
    }

    /// A news item's body (`news/item/{id}`).
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for an unknown id.
    public func newsBody(id: Int) async throws(CnblogsError) -> NewsBody {
        try Self.check(id: id)
        let response = try await get("news/item/\(id)", notFound: "the news item \(id)")
        return try CnblogsBodyDecoder.newsBody(from: response.body, id: id, url: response.url.absoluteString)
    }

    // MARK: Comments

    /// A blog post's comments, oldest first (`blog/post/{id}/comments/{page}/{size}`).
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for an unknown id.
    public func comments(postID: Int, page: Int = 1, size: Int = 10) async throws(CnblogsError) -> [Comment] {
        try Self.check(id: postID)
        try Self.check(page: page, size: size)
        let response = try await get(
            "blog/post/\(postID)/comments/\(page)/\(size)", notFound: "the post \(postID)")
        return try CnblogsFeedDecoder.comments(from: response.body, url: response.url.absoluteString)
    }

    /// A news item's comments, oldest first (`news/item/{id}/comments/{page}/{size}`).
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for an unknown id.
    public func newsComments(newsID: Int, page: Int = 1, size: Int = 10) async throws(CnblogsError) -> [Comment] {
        try Self.check(id: newsID)
        try Self.check(page: page, size: size)
        let response = try await get(
            "news/item/\(newsID)/comments/\(page)/\(size)", notFound: "the news item \(newsID)")
        return try CnblogsFeedDecoder.comments(from: response.body, url: response.url.absoluteString)
    }

    // MARK: Bloggers

    /// The recommended bloggers (`blog/bloggers/recommend/{page}/{size}`).
    ///
    /// - Throws: ``CnblogsError``.
    public func recommendedBloggers(page: Int = 1, size: Int = 10) async throws(CnblogsError) -> [Blogger] {
        try Self.check(page: page, size: size)
        let response = try await get("blog/bloggers/recommend/\(page)/\(size)", notFound: nil)
        return try CnblogsFeedDecoder.bloggers(from: response.body, url: response.url.absoluteString)
    }

    /// The bloggers whose name matches `query` (`blog/bloggers/search?t={query}`, URL-encoded).
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/invalidArgument(name:value:reason:)`` for an empty query.
    public func searchBloggers(_ query: String) async throws(CnblogsError) -> [Blogger] {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            throw .invalidArgument(name: "query", value: "'\(query)'", reason: "give a name to search for")
        }
        let response = try await get("blog/bloggers/search", parameters: ["t": .string(trimmed)], notFound: nil)
        return try CnblogsFeedDecoder.bloggers(from: response.body, url: response.url.absoluteString)
    }

    // MARK: Requests

    func posts(at path: String, notFound: String? = nil, blogapp: String? = nil) async throws(CnblogsError)
        -> [BlogPost]
    {
        let response = try await get(path, notFound: notFound)
        return try CnblogsFeedDecoder.posts(from: response.body, url: response.url.absoluteString, blogapp: blogapp)
    }

    func news(at path: String) async throws(CnblogsError) -> [NewsItem] {
        let response = try await get(path, notFound: nil)
        return try CnblogsFeedDecoder.news(from: response.body, url: response.url.absoluteString)
    }

    /// Sends `GET path`; a 500 is ``CnblogsError/notFound(what:url:)`` when `notFound` names what was asked for.
    func get(
        _ path: String, base: URL? = nil, parameters: JSONObject = [:], notFound: String?, notFoundStatus: Int = 500
    ) async throws(CnblogsError) -> Response {
        do {
            return try await pool.send(
                Endpoint(base: base ?? baseURL, path: path, parameters: parameters), policy: .coalesce)
        } catch {
            if case .httpStatus(let url, notFoundStatus, _) = error, let notFound {
                throw .notFound(what: notFound, url: url)
            }
            throw .network(error)
        }
    }

    static func check(page: Int, size: Int) throws(CnblogsError) {
        guard page >= 1 else { throw .invalidArgument(name: "page", value: "\(page)", reason: "pages start at 1") }
        guard (1...100).contains(size) else {
            throw .invalidArgument(name: "size", value: "\(size)", reason: "the API takes 1 to 100")
        }
    }

    static func check(id: Int) throws(CnblogsError) {
        guard id >= 1 else { throw .invalidArgument(name: "id", value: "\(id)", reason: "ids start at 1") }
    }

    static func check(count: Int, limit: Int, name: String = "count") throws(CnblogsError) {
        guard (1...limit).contains(count) else {
            throw .invalidArgument(name: name, value: "\(count)", reason: "the API takes 1 to \(limit)")
        }
    }
}
