import BasicCore
import BasicNetworking
import Foundation

/// The token API, `https://api.cnblogs.com/api/…`: paged lists with counts, bodies, comments,
/// search, bookmarks and the current user. Every request carries the credential (through an
/// ``BasicNetworking/AuthenticatingTransport``).
///
/// ```swift
/// let api = CnblogsClient(credential: .personalAccessToken(Secret(token))).api
/// let page2 = try await api.siteHome(page: 2, size: 20)
/// let html = try await api.postBody(id: 18562097)
/// ```
///
/// A refused token (HTTP 401, after the one refresh a client-credentials token gets) is
/// ``CnblogsError/credentialRejected(url:)``, which tells the user to log in again; a 403, a
/// captcha or a sign-in page is ``CnblogsError/blocked(url:reason:request:)`` or
/// ``CnblogsError/loginRedirect(url:location:request:)`` with ``CnblogsError/RequestKind/tokenAPI``.
public struct CnblogsAPIOrigin: Sendable {
    /// Where the API is.
    public let hosts: CnblogsHosts
    /// The pool requests go through; its transport adds the credential. Nil without one.
    public let pool: RequestPool?

    /// The API at `hosts`, through `pool`, whose transport authenticates (nil: no credential).
    public init(hosts: CnblogsHosts = .cnblogs, pool: RequestPool?) {
        self.hosts = hosts
        self.pool = pool
    }

    /// The site home's posts, `blogposts/@sitehome?pageIndex={page}&pageSize={size}`.
    ///
    /// - Throws: ``CnblogsError``.
    public func siteHome(page: Int = 1, size: Int = 20) async throws(CnblogsError) -> CnblogsListing<BlogPost> {
        try CnblogsClient.check(page: page, size: size)
        let (response, url) = try await get("blogposts/@sitehome", paged: page, size: size)
        return try CnblogsAPIDecoder.posts(from: response.body, url: url)
    }

    /// The picked posts, `blogposts/@picked?pageIndex={page}&pageSize={size}`.
    ///
    /// - Throws: ``CnblogsError``.
    public func picked(page: Int = 1, size: Int = 20) async throws(CnblogsError) -> CnblogsListing<BlogPost> {
        try CnblogsClient.check(page: page, size: size)
        let (response, url) = try await get("blogposts/@picked", paged: page, size: size)
        return try CnblogsAPIDecoder.posts(from: response.body, url: url)
    }

    /// A news list: `NewsItems`, `NewsItems/@hot` or `NewsItems/@recommended`, `?pageIndex&pageSize`.
    ///
    /// - Throws: ``CnblogsError``.
    public func news(_ list: CnblogsNewsList = .latest, page: Int = 1, size: Int = 20) async throws(CnblogsError)
        -> CnblogsListing<NewsItem>
    {
        try CnblogsClient.check(page: page, size: size)
        let path =
            switch list {
            case .latest: "NewsItems"
            case .hot: "NewsItems/@hot"
            case .recommended: "NewsItems/@recommended"
            }
        let (response, url) = try await get(path, paged: page, size: size)
        return try CnblogsAPIDecoder.news(from: response.body, url: url)
    }

    /// A blog's posts, `blogs/{blogapp}/posts?pageIndex={page}`.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for an unknown blog.
    public func posts(of blogapp: String, page: Int = 1) async throws(CnblogsError) -> CnblogsListing<BlogPost> {
        let name = try CnblogsSiteOrigin.checked(blogapp)
        try CnblogsClient.check(page: page, size: 1)
        let (response, url) = try await get(
            "blogs/\(name)/posts", parameters: ["pageIndex": .integer(Int64(page))], notFound: "the blog '\(name)'")
        return try CnblogsAPIDecoder.posts(from: response.body, url: url)
    }

    /// A post's body as HTML, `blogposts/{id}/body`.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for an unknown id.
    public func postBody(id: Int) async throws(CnblogsError) -> String {
        try CnblogsClient.check(id: id)
        let (response, url) = try await get("blogposts/\(id)/body", notFound: "the post \(id)")
        return try CnblogsAPIDecoder.body(from: response.body, url: url)
    }

    /// A news item's body as HTML, `newsitems/{id}/body`.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for an unknown id.
    public func newsBody(id: Int) async throws(CnblogsError) -> String {
        try CnblogsClient.check(id: id)
        let (response, url) = try await get("newsitems/\(id)/body", notFound: "the news item \(id)")
        return try CnblogsAPIDecoder.body(from: response.body, url: url)
    }

    /// A post's comments, `blogs/{blogapp}/posts/{id}/comments?pageIndex={page}&pageSize={size}`.
    ///
    /// - Throws: ``CnblogsError``.
    public func postComments(blogapp: String, postID: Int, page: Int = 1, size: Int = 20) async throws(CnblogsError)
        -> CnblogsListing<Comment>
    {
        let name = try CnblogsSiteOrigin.checked(blogapp)
        try CnblogsClient.check(id: postID)
        try CnblogsClient.check(page: page, size: size)
        let (response, url) = try await get(
            "blogs/\(name)/posts/\(postID)/comments", paged: page, size: size, notFound: "the post \(name)/\(postID)")
        return try CnblogsAPIDecoder.postComments(from: response.body, url: url)
    }

    /// A news item's comments, `news/{id}/comments?pageIndex={page}&pageSize={size}`.
    ///
    /// - Throws: ``CnblogsError``.
    public func newsComments(newsID: Int, page: Int = 1, size: Int = 20) async throws(CnblogsError)
        -> CnblogsListing<Comment>
    {
        try CnblogsClient.check(id: newsID)
        try CnblogsClient.check(page: page, size: size)
        let (response, url) = try await get(
            "news/\(newsID)/comments", paged: page, size: size, notFound: "the news item \(newsID)")
        return try CnblogsAPIDecoder.newsComments(from: response.body, url: url)
    }

    /// The site's search, `ZzkDocuments/Blog?keyWords={query}&pageIndex={page}` (or `…/News`).
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/invalidArgument(name:value:reason:)`` for an empty query.
    public func search(_ query: String, in scope: SearchResult.Scope = .blogs, page: Int = 1) async throws(CnblogsError)
        -> CnblogsListing<SearchResult>
    {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            throw .invalidArgument(name: "query", value: "'\(query)'", reason: "give words to search for")
        }
        try CnblogsClient.check(page: page, size: 1)
        let (response, url) = try await get(
            "ZzkDocuments/\(scope.pathComponent)",
            parameters: ["keyWords": .string(trimmed), "pageIndex": .integer(Int64(page))])
        return try CnblogsAPIDecoder.searchResults(from: response.body, url: url)
    }

    /// The signed-in user's bookmarks, `Bookmarks?pageIndex={page}&pageSize={size}`.
    ///
    /// - Throws: ``CnblogsError``.
    public func bookmarks(page: Int = 1, size: Int = 20) async throws(CnblogsError) -> CnblogsListing<Bookmark> {
        try CnblogsClient.check(page: page, size: size)
        let (response, url) = try await get("Bookmarks", paged: page, size: size)
        return try CnblogsAPIDecoder.bookmarks(from: response.body, url: url)
    }

    /// The signed-in user, `users`: the one cheap call that checks a token (as cnblogs/cli
    /// src/api/user/info.rs does).
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/credentialRejected(url:)`` for a refused token.
    public func currentUser() async throws(CnblogsError) -> CnblogsUser {
        let (response, url) = try await get("users")
        return try CnblogsAPIDecoder.user(from: response.body, url: url)
    }

    private func get(_ path: String, paged page: Int, size: Int, notFound: String? = nil) async throws(CnblogsError)
        -> (Response, String)
    {
        try await get(
            path, parameters: ["pageIndex": .integer(Int64(page)), "pageSize": .integer(Int64(size))],
            notFound: notFound)
    }

    /// Sends `GET {api}/{path}` and checks the answer; returns it with the address asked for.
    func get(_ path: String, parameters: JSONObject = [:], notFound: String? = nil) async throws(CnblogsError)
        -> (Response, String)
    {
        let endpoint = Endpoint(base: hosts.api, path: path, parameters: parameters)
        let url = (try? endpoint.url().absoluteString) ?? endpoint.displayURL
        guard let pool else { throw .credentialRequired(what: "the token API (\(url))") }
        let response: Response
        do {
            response = try await pool.send(Request(endpoint, policy: .coalesce, rule: .anyStatus))
        } catch {
            throw Self.error(for: error, hosts: hosts)
        }
        if response.status == 401 { throw .credentialRejected(url: url) }
        do throws(CnblogsError) {
            try CnblogsSiteCheck.check(response, url: url, notFound: notFound)
            // A captcha or sign-in page instead of JSON says so; other HTML is left to the decoder ("not JSON").
            if CnblogsSiteCheck.isHTML(response) {
                let page = CnblogsSiteCheck.document(response.body)
                if CnblogsSiteCheck.isChallenge(page) || CnblogsSiteCheck.hasSignInForm(page) {
                    throw CnblogsSiteCheck.unexpectedPage(page, url: url, otherwise: .malformed(url: url, reason: ""))
                }
            }
        } catch {
            throw error.requested(as: .tokenAPI)
        }
        return (response, url)
    }

    /// The ``CnblogsError`` for a failure of the authenticated transport: the token exchange's
    /// failures are ``CnblogsError/tokenExchangeFailed(url:reason:)``.
    static func error(for error: NetworkError, hosts: CnblogsHosts) -> CnblogsError {
        guard error.url.hasPrefix(hosts.oauth.absoluteString) else {
            if case .invalidRequest(_, let reason) = error, reason.contains("no credential") {
                return .credentialRequired(what: "the token API")
            }
            return .network(error)
        }
        switch error {
        case .httpStatus(let url, let status, let oauthError):
            let reason = HTTPURLResponse.localizedString(forStatusCode: status).lowercased()
            return .tokenExchangeFailed(
                url: url, reason: "HTTP \(status) (\(reason))" + (oauthError.isEmpty ? "" : ": \(oauthError)"))
        case .decodingFailed(let url, _, let reason, _):
            return .tokenExchangeFailed(url: url, reason: reason)
        default:
            return .network(error)
        }
    }
}
