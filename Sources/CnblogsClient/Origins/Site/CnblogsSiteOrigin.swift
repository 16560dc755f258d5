import BasicNetworking
import Foundation

/// Today's cnblogs without registration: feed.cnblogs.com's Atom feeds, a blog's feed, and the
/// HTML pages of posts, news, rankings and comments. First pages only; feeds have no counts.
///
/// ```swift
/// let site = CnblogsClient().site
/// let home = try await site.siteHome()                       // feed.cnblogs.com/blog/sitehome/rss
/// let article = try await site.post(blogapp: "nanshan-walker", id: 18562097)
/// ```
///
/// Every answer is checked for what a user meets live before it is decoded: a redirect to the
/// login page, HTTP 403 or a captcha page, 429 with `Retry-After`, a 404 for what does not exist,
/// a feed that is an HTML page. Each is a ``CnblogsError`` saying what happened and what to do.
public struct CnblogsSiteOrigin: Sendable {
    /// Where the site's services are.
    public let hosts: CnblogsHosts
    /// The pool requests go through (no credential).
    public let pool: RequestPool

    /// The site at `hosts`, through `pool`.
    public init(hosts: CnblogsHosts = .cnblogs, pool: RequestPool) {
        self.hosts = hosts
        self.pool = pool
    }

    /// The site home's latest 20 posts, `https://feed.cnblogs.com/blog/sitehome/rss`.
    ///
    /// - Throws: ``CnblogsError``.
    public func siteHome() async throws(CnblogsError) -> CnblogsListing<BlogPost> {
        let (response, url) = try await fetch(Endpoint(base: hosts.feed, path: "blog/sitehome/rss"), notFound: nil)
        return try CnblogsSiteFeedDecoder.posts(from: response.body, url: url)
    }

    /// The picked (精华) posts, `https://feed.cnblogs.com/blog/picked/rss`.
    ///
    /// - Throws: ``CnblogsError``.
    public func picked() async throws(CnblogsError) -> CnblogsListing<BlogPost> {
        let (response, url) = try await fetch(Endpoint(base: hosts.feed, path: "blog/picked/rss"), notFound: nil)
        return try CnblogsSiteFeedDecoder.posts(from: response.body, url: url)
    }

    /// The latest news, `https://feed.cnblogs.com/news/rss`.
    ///
    /// - Throws: ``CnblogsError``.
    public func news() async throws(CnblogsError) -> CnblogsListing<NewsItem> {
        let (response, url) = try await fetch(Endpoint(base: hosts.feed, path: "news/rss"), notFound: nil)
        return try CnblogsSiteFeedDecoder.news(from: response.body, url: url)
    }

    /// A blog's latest posts, `https://www.cnblogs.com/{blogapp}/rss`.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for an unknown blog.
    public func posts(of blogapp: String) async throws(CnblogsError) -> CnblogsListing<BlogPost> {
        let name = try Self.checked(blogapp)
        let (response, url) = try await fetch(
            Endpoint(base: hosts.site, path: "\(name)/rss"), notFound: "the blog '\(name)'")
        return try CnblogsSiteFeedDecoder.posts(from: response.body, url: url)
    }

    /// A ranking page: `https://www.cnblogs.com/aggsite/topviews` (48-hour most read) or
    /// `…/aggsite/topdiggs` (10-day most recommended), with counts.
    ///
    /// - Throws: ``CnblogsError``: a refusal, a login page or a changed layout with
    ///   ``CnblogsError/RequestKind/sharedPage``.
    public func ranking(_ ranking: CnblogsRanking) async throws(CnblogsError) -> CnblogsListing<BlogPost> {
        // The token API reads these same pages: a refusal is told so, without suggesting it.
        do {
            let (response, url) = try await fetch(Endpoint(base: hosts.site, path: ranking.path), notFound: nil)
            return try CnblogsPageDecoder.ranking(from: response.body, url: url)
        } catch {
            throw error.requested(as: .sharedPage)
        }
    }

    /// A post from its page, `https://www.cnblogs.com/{blogapp}/p/{id}`: body, title, author, date.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for a post that does not
    ///   exist (the site's 404 page), ``CnblogsError/layoutChanged(url:element:request:)``.
    public func post(blogapp: String, id: Int) async throws(CnblogsError) -> Article {
        let name = try Self.checked(blogapp)
        try CnblogsClient.check(id: id)
        let (response, url) = try await fetch(
            Endpoint(base: hosts.site, path: "\(name)/p/\(id)"), notFound: "the post \(name)/\(id)")
        return try CnblogsPageDecoder.postArticle(
            from: response.body, url: url, reference: PostReference(id: id, blogapp: name))
    }

    /// A news item from its page, `https://news.cnblogs.com/n/{id}/`.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for an unknown id.
    public func newsArticle(id: Int) async throws(CnblogsError) -> Article {
        try CnblogsClient.check(id: id)
        let (response, url) = try await fetch(
            Endpoint(base: hosts.news, path: "n/\(id)/"), notFound: "the news item \(id)")
        return try CnblogsPageDecoder.newsArticle(from: response.body, url: url, id: id)
    }

    /// A post's comments from its comment fragment,
    /// `https://www.cnblogs.com/{blogapp}/ajax/GetComments.aspx?postId={id}&pageIndex={page}`.
    ///
    /// - Throws: ``CnblogsError``.
    public func comments(blogapp: String, postID: Int, page: Int = 1) async throws(CnblogsError)
        -> CnblogsListing<Comment>
    {
        let name = try Self.checked(blogapp)
        try CnblogsClient.check(id: postID)
        guard page >= 1 else { throw .invalidArgument(name: "page", value: "\(page)", reason: "pages start at 1") }
        let endpoint = Endpoint(
            base: hosts.site, path: "\(name)/ajax/GetComments.aspx",
            parameters: ["postId": .integer(Int64(postID)), "pageIndex": .integer(Int64(page))])
        let (response, url) = try await fetch(endpoint, notFound: "the post \(name)/\(postID)")
        return try CnblogsPageDecoder.comments(from: response.body, url: url)
    }

    /// Sends `endpoint` and checks the answer (``CnblogsSiteCheck``); returns it with the address asked for.
    func fetch(_ endpoint: Endpoint, notFound: String?) async throws(CnblogsError) -> (Response, String) {
        let url = (try? endpoint.url().absoluteString) ?? endpoint.displayURL
        let response: Response
        do {
            response = try await pool.send(Request(endpoint, policy: .coalesce, rule: .anyStatus))
        } catch {
            throw .network(error)
        }
        try CnblogsSiteCheck.check(response, url: url, notFound: notFound)
        return (response, url)
    }

    /// A blog's short name, trimmed.
    ///
    /// - Throws: ``CnblogsError/invalidArgument(name:value:reason:)`` for one that cannot be a blog's name.
    static func checked(_ blogapp: String) throws(CnblogsError) -> String {
        let trimmed = blogapp.trimmingCharacters(in: .whitespaces)
        guard PostReference.isBlogapp(trimmed) else {
            throw .invalidArgument(
                name: "blogapp", value: "'\(blogapp)'", reason: "give a blog's short name (www.cnblogs.com/NAME/)")
        }
        return trimmed
    }
}
