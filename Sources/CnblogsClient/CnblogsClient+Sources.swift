import Foundation

/// One method per command of the reader, each taking the ``CnblogsSource`` to read from (nil: the
/// one that answers today, ``CnblogsSource/preferred(hasCredential:)``). What each source reads:
///
/// | method | ``CnblogsSource/site`` | ``CnblogsSource/api`` | ``CnblogsSource/legacy`` |
/// |---|---|---|---|
/// | ``blogs(page:size:from:)`` | `feed.cnblogs.com/blog/sitehome/rss` (page 1) | `blogposts/@sitehome` | `blog/sitehome/paged` |
/// | ``picked(page:size:from:)`` | `feed.cnblogs.com/blog/picked/rss` (page 1) | `blogposts/@picked` | — |
/// | ``newsItems(_:page:size:from:)`` | `feed.cnblogs.com/news/rss` (latest, page 1) | `NewsItems`, `@hot`, `@recommended` | `news/recent`, `hot`, `recommend` |
/// | ``blogPosts(of:page:size:from:)`` | `www.cnblogs.com/{blogapp}/rss` (page 1) | `blogs/{blogapp}/posts` | `blog/u/{blogapp}/posts` |
/// | ``ranking(_:size:from:)`` | `www.cnblogs.com/aggsite/topviews`, `topdiggs` | the same pages | `48HoursTopViewPosts`, `TenDaysTopDiggPosts` |
/// | ``article(_:from:)`` | the post's page | `blogposts/{id}/body` | `blog/post/body/{id}` |
/// | ``article(newsID:from:)`` | `news.cnblogs.com/n/{id}/` | `newsitems/{id}/body` | `news/item/{id}` |
/// | ``comments(on:page:size:from:)`` | the comment fragment | `blogs/{blogapp}/posts/{id}/comments` | `blog/post/{id}/comments` |
/// | ``comments(onNews:page:size:from:)`` | — | `news/{id}/comments` | `news/item/{id}/comments` |
/// | ``search(_:in:page:from:)``, ``bookmarks(page:size:from:)``, ``currentUser()`` | — | `ZzkDocuments`, `Bookmarks`, `users` | — |
/// | ``bloggers(page:size:from:)``, ``bloggers(matching:from:)`` | — | — | `blog/bloggers/…` |
///
/// A "—" throws ``CnblogsError/credentialRequired(what:)`` (the token API has it),
/// ``CnblogsError/legacyOnly(what:)`` or ``CnblogsError/invalidArgument(name:value:reason:)``
/// (nothing has it); so does a page past the first from the site.
///
/// Each method checks its page (from 1) and size (1 to 100; 1 to 50 for the legacy 10-day list)
/// first: a value outside them is ``CnblogsError/invalidArgument(name:value:reason:)``, named
/// after the parameter, before anything is sent and before any other answer, whatever the source.
extension CnblogsClient {
    /// The source a command is read from: `source`, or the API with a credential, else the site.
    public func resolved(_ source: CnblogsSource?) -> CnblogsSource {
        source ?? .preferred(hasCredential: hasCredential)
    }

    // MARK: Lists

    /// The site home's posts.
    ///
    /// ```swift
    /// let listing = try await client.blogs(page: 1, size: 20)
    /// ```
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/credentialRequired(what:)`` for a page past the
    ///   first from the site.
    public func blogs(page: Int = 1, size: Int = 20, from source: CnblogsSource? = nil) async throws(CnblogsError)
        -> CnblogsListing<BlogPost>
    {
        try Self.check(page: page, size: size)
        let listing: CnblogsListing<BlogPost>
        switch resolved(source) {
        case .site:
            try firstPageOnly(page, of: "the site home")
            listing = try await site.siteHome().with { Array($0.prefix(size)) }
        case .api:
            listing = try await api.siteHome(page: page, size: size)
        case .legacy:
            listing = legacy(try await siteHome(page: page, size: size), "blog/sitehome/paged/\(page)/\(size)")
        }
        directory.remember(listing.items)
        return listing
    }

    /// The picked (精华) posts.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/invalidArgument(name:value:reason:)`` from the
    ///   legacy API, which has no such list.
    public func picked(page: Int = 1, size: Int = 20, from source: CnblogsSource? = nil) async throws(CnblogsError)
        -> CnblogsListing<BlogPost>
    {
        try Self.check(page: page, size: size)
        let listing: CnblogsListing<BlogPost>
        switch resolved(source) {
        case .site:
            try firstPageOnly(page, of: "the picked posts")
            listing = try await site.picked().with { Array($0.prefix(size)) }
        case .api:
            listing = try await api.picked(page: page, size: size)
        case .legacy:
            throw .invalidArgument(
                name: "source", value: "legacy",
                reason: "the legacy API has no picked list; use the site or the token API")
        }
        directory.remember(listing.items)
        return listing
    }

    /// A news list: the latest, the hot or the recommended news. The legacy API's latest news is
    /// `news/recent/{size}` for the first page, `news/recent/paged/{page}/{size}` for later ones.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/credentialRequired(what:)`` for the hot or
    ///   recommended news, or a page past the first, from the site.
    public func newsItems(
        _ list: CnblogsNewsList = .latest, page: Int = 1, size: Int = 20, from source: CnblogsSource? = nil
    ) async throws(CnblogsError) -> CnblogsListing<NewsItem> {
        try Self.check(page: page, size: size)
        let listing: CnblogsListing<NewsItem>
        switch resolved(source) {
        case .site:
            guard list == .latest else { throw .credentialRequired(what: "the \(list.rawValue) news") }
            try firstPageOnly(page, of: "the news")
            listing = try await site.news().with { Array($0.prefix(size)) }
        case .api:
            listing = try await api.news(list, page: page, size: size)
        case .legacy:
            switch list {
            case .latest where page == 1:
                listing = legacy(try await recentNews(count: size), "news/recent/\(size)")
            case .latest:
                listing = legacy(try await news(page: page, size: size), "news/recent/paged/\(page)/\(size)")
            case .hot:
                guard page == 1 else {
                    throw .invalidArgument(name: "page", value: "\(page)", reason: "the legacy hot news has one page")
                }
                listing = legacy(try await hotNews(count: size), "news/hot/\(size)")
            case .recommended:
                listing = legacy(
                    try await recommendedNews(page: page, size: size), "news/recommend/paged/\(page)/\(size)")
            }
        }
        directory.remember(listing.items)
        return listing
    }

    /// A blog's posts.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for an unknown blog,
    ///   ``CnblogsError/credentialRequired(what:)`` for a page past the first from the site.
    public func blogPosts(
        of blogapp: String, page: Int = 1, size: Int = 20, from source: CnblogsSource? = nil
    ) async throws(CnblogsError) -> CnblogsListing<BlogPost> {
        try Self.check(page: page, size: size)
        let listing: CnblogsListing<BlogPost>
        switch resolved(source) {
        case .site:
            try firstPageOnly(page, of: "the blog '\(blogapp)'")
            listing = try await site.posts(of: blogapp).with { Array($0.prefix(size)) }
        case .api:
            listing = try await api.posts(of: blogapp, page: page).with { Array($0.prefix(size)) }
        case .legacy:
            listing = legacy(try await posts(of: blogapp, page: page, size: size), "blog/u/\(blogapp)/posts")
        }
        directory.remember(listing.items)
        return listing
    }

    /// A ranking: the 48-hour most read or the 10-day most recommended posts, with counts. The site
    /// and the API read the same pages, cut to `size` (1 to 100); the legacy 10-day list takes 1 to 50.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/invalidArgument(name:value:reason:)`` for a size
    ///   outside those.
    public func ranking(_ ranking: CnblogsRanking, size: Int = 20, from source: CnblogsSource? = nil)
        async throws(CnblogsError) -> CnblogsListing<BlogPost>
    {
        let source = resolved(source)
        // The legacy 10-day list takes at most 50; the site's pages are cut to the size asked for.
        let limit = source == .legacy && ranking == .mostRecommended10Days ? 50 : 100
        try Self.check(count: size, limit: limit, name: "size")
        let listing: CnblogsListing<BlogPost>
        switch source {
        case .site, .api:
            listing = try await site.ranking(ranking).with { Array($0.prefix(size)) }
        case .legacy:
            switch ranking {
            case .mostRead48Hours:
                listing = legacy(try await top48Hours(count: size), "blog/48HoursTopViewPosts/\(size)")
            case .mostRecommended10Days:
                listing = legacy(try await top10Days(count: size), "blog/TenDaysTopDiggPosts/\(size)")
            }
        }
        directory.remember(listing.items)
        return listing
    }

    // MARK: Reading

    /// A blog post with its body. The site reads the post's page (title, author and date
    /// included), which needs the post's blog: from `reference`, or from a list this client showed
    /// it in. The token API needs the id only, and takes the title, author and date from such a
    /// list, or, when the blog is known, from the first page of the blog's list
    /// (`blogs/{blogapp}/posts`); a post in neither is titled `Post {id}`.
    ///
    /// ```swift
    /// let reference = try PostReference(parsing: "https://www.cnblogs.com/nanshan-walker/p/18562097")
    /// let article = try await client.article(reference)
    /// ```
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for a post that does not
    ///   exist, ``CnblogsError/postNotListed(id:)`` from the site for an id alone that no list showed.
    public func article(_ reference: PostReference, from source: CnblogsSource? = nil) async throws(CnblogsError)
        -> Article
    {
        let listing = directory.post(reference.id)
        let blogapp = reference.blogapp ?? listing?.blogapp
        switch resolved(source) {
        case .site:
            guard let blogapp else { throw Self.needsBlog(reference) }
            return try await site.post(blogapp: blogapp, id: reference.id)
        case .api:
            let html = try await api.postBody(id: reference.id)
            var listing = listing
            if listing == nil, let blogapp { listing = await apiListing(of: blogapp, id: reference.id) }
            let link =
                listing?.link ?? blogapp.flatMap { URL(string: "\(hosts.site.absoluteString)/\($0)/p/\(reference.id)") }
            return Article(
                kind: .post, id: reference.id, title: listing?.title ?? "Post \(reference.id)",
                author: listing?.author.name, published: listing?.published, link: link, html: html,
                imageURLs: ArticleHTML.imageURLs(in: html, base: link))
        case .legacy:
            return try await postArticle(id: reference.id, listing: listing)
        }
    }

    /// A news item with its body: the site reads its page; the token API its body, with the title
    /// from a list this client showed it in.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for an unknown id.
    public func article(newsID id: Int, from source: CnblogsSource? = nil) async throws(CnblogsError) -> Article {
        switch resolved(source) {
        case .site:
            return try await site.newsArticle(id: id)
        case .api:
            let html = try await api.newsBody(id: id)
            let listing = directory.newsItem(id)
            let link = listing?.link ?? URL(string: "https://news.cnblogs.com/n/\(id)/")
            return Article(
                kind: .news, id: id, title: listing?.title ?? "News \(id)", source: listing?.sourceName,
                published: listing?.published, link: link, html: html,
                imageURLs: ArticleHTML.imageURLs(in: html, base: link))
        case .legacy:
            return try await newsArticle(id: id)
        }
    }

    // MARK: Comments

    /// A blog post's comments. The site and the token API need the post's blog (from `reference`
    /// or a list this client showed it in).
    ///
    /// - Throws: ``CnblogsError``.
    public func comments(
        on reference: PostReference, page: Int = 1, size: Int = 20, from source: CnblogsSource? = nil
    ) async throws(CnblogsError) -> CnblogsListing<Comment> {
        try Self.check(page: page, size: size)
        let blogapp = reference.blogapp ?? directory.post(reference.id)?.blogapp
        switch resolved(source) {
        case .site:
            guard let blogapp else { throw Self.needsBlog(reference) }
            return try await site.comments(blogapp: blogapp, postID: reference.id, page: page)
        case .api:
            guard let blogapp else { throw Self.needsBlog(reference) }
            return try await api.postComments(blogapp: blogapp, postID: reference.id, page: page, size: size)
        case .legacy:
            let url = "blog/post/\(reference.id)/comments/\(page)/\(size)"
            return legacy(try await comments(postID: reference.id, page: page, size: size), url)
        }
    }

    /// A news item's comments: the token API or the legacy API.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/credentialRequired(what:)`` from the site.
    public func comments(
        onNews id: Int, page: Int = 1, size: Int = 20, from source: CnblogsSource? = nil
    ) async throws(CnblogsError) -> CnblogsListing<Comment> {
        try Self.check(page: page, size: size)
        switch resolved(source) {
        case .site:
            throw .credentialRequired(what: "reading a news item's comments")
        case .api:
            return try await api.newsComments(newsID: id, page: page, size: size)
        case .legacy:
            return legacy(try await newsComments(newsID: id, page: page, size: size), "news/item/\(id)/comments")
        }
    }

    // MARK: The token API only

    /// The site's search, through the token API.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/credentialRequired(what:)`` from another source.
    public func search(
        _ query: String, in scope: SearchResult.Scope = .blogs, page: Int = 1, from source: CnblogsSource? = nil
    ) async throws(CnblogsError) -> CnblogsListing<SearchResult> {
        try Self.check(page: page, size: 1)
        guard resolved(source) == .api else { throw .credentialRequired(what: "search") }
        return try await api.search(query, in: scope, page: page)
    }

    /// The signed-in user's bookmarks, through the token API.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/credentialRequired(what:)`` from another source.
    public func bookmarks(page: Int = 1, size: Int = 20, from source: CnblogsSource? = nil) async throws(CnblogsError)
        -> CnblogsListing<Bookmark>
    {
        try Self.check(page: page, size: size)
        guard resolved(source) == .api else { throw .credentialRequired(what: "reading the bookmarks") }
        return try await api.bookmarks(page: page, size: size)
    }

    /// The signed-in user, through the token API.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/credentialRequired(what:)`` without a credential,
    ///   ``CnblogsError/credentialRejected(url:)`` for a refused one.
    public func currentUser() async throws(CnblogsError) -> CnblogsUser {
        try await api.currentUser()
    }

    // MARK: The legacy API only

    /// The recommended bloggers, which only the legacy API lists.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/legacyOnly(what:)`` from another source.
    public func bloggers(page: Int = 1, size: Int = 10, from source: CnblogsSource? = nil) async throws(CnblogsError)
        -> CnblogsListing<Blogger>
    {
        try Self.check(page: page, size: size)
        guard resolved(source) == .legacy else { throw .legacyOnly(what: "the recommended bloggers") }
        return legacy(try await recommendedBloggers(page: page, size: size), "blog/bloggers/recommend/\(page)/\(size)")
    }

    /// The bloggers whose name matches `query`, which only the legacy API searches.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/legacyOnly(what:)`` from another source.
    public func bloggers(matching query: String, from source: CnblogsSource? = nil) async throws(CnblogsError)
        -> CnblogsListing<Blogger>
    {
        guard resolved(source) == .legacy else { throw .legacyOnly(what: "blogger searches") }
        return legacy(try await searchBloggers(query), "blog/bloggers/search")
    }

    // MARK: Helpers

    /// The site's feeds have one page: a later page needs the token API.
    private func firstPageOnly(_ page: Int, of what: String) throws(CnblogsError) {
        guard page == 1 else {
            throw .credentialRequired(what: "page \(page) of \(what) (the site's feed has the first page only)")
        }
    }

    private func legacy<Item: Sendable & Hashable>(_ items: [Item], _ path: String) -> CnblogsListing<Item> {
        CnblogsListing(items: items, source: .legacy, url: "\(baseURL.absoluteString)/\(path)")
    }

    private static func needsBlog(_ reference: PostReference) -> CnblogsError {
        .postNotListed(id: reference.id)
    }

    /// The post `id` in the first page of its blog's list from the token API (remembered for
    /// later); nil when the list does not show it or cannot be read, which leaves the article
    /// without a title, author or date but still readable.
    private func apiListing(of blogapp: String, id: Int) async -> BlogPost? {
        guard let listing = try? await api.posts(of: blogapp, page: 1) else { return nil }
        directory.remember(listing.items)
        return listing.items.first { $0.id == id }
    }
}
