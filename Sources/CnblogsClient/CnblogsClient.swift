import BasicCore
import BasicNetworking
import Foundation

/// The cnblogs open API (legacy XML format): blog and news lists, bodies, comments and bloggers.
///
/// ```swift
/// let client = CnblogsClient(transport: try ReplayTransport(cassette: URL(fileURLWithPath: "Samples/cnblogs")))
/// for post in try await client.siteHome(page: 1, size: 10) {
///     print(post.id, post.title, post.author.name, post.views)
/// }
/// ```
///
/// The API answers an unknown blog name or id with HTTP 500; the client reports that as
/// ``CnblogsError/notFound(what:url:)``. Every method throws ``CnblogsError`` only.
public struct CnblogsClient: Sendable {
    /// The open API's own base. It was superseded around 2017 and may no longer answer.
    public static let defaultBaseURL = "http://wcf.open.cnblogs.com"

    /// The public site, whose per-blog feeds (`{siteURL}/{blogapp}/rss`) still serve.
    public static let defaultSiteURL = "https://www.cnblogs.com"

    /// The base every path is joined to.
    public let baseURL: String
    /// The site the blog feeds are read from (``rssPosts(of:)``).
    public let siteURL: String
    /// The pool requests go through.
    public let pool: RequestPool

    /// A client for the API at `baseURL` and the site at `siteURL`, sending through
    /// `transport` (live, recording or replaying).
    public init(
        baseURL: String = defaultBaseURL, siteURL: String = defaultSiteURL,
        transport: any Transport = URLSessionTransport()
    ) {
        self.baseURL = baseURL
        self.siteURL = siteURL
        pool = RequestPool(transport: transport)
    }

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
        _ path: String, base: String? = nil, parameters: JSONObject = [:], notFound: String?, notFoundStatus: Int = 500
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

    static func check(count: Int, limit: Int) throws(CnblogsError) {
        guard (1...limit).contains(count) else {
            throw .invalidArgument(name: "count", value: "\(count)", reason: "the API takes 1 to \(limit)")
        }
    }
}
