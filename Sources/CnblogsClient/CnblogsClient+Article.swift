import Foundation

extension CnblogsClient {
    /// A blog post with its body, ready to read, save or render.
    ///
    /// ```swift
    /// let posts = try await client.siteHome()
    /// let article = try await client.postArticle(id: posts[0].id, listing: posts[0])
    /// ```
    ///
    /// The body endpoint answers only the HTML. The title, author and date come from
    /// `listing`; without one, the client looks for the post in the lists a reader browses
    /// (site home, 48-hour most read, 10-day most recommended, each first 10), and when it is
    /// in none of them the article is titled `Post {id}` with no author or date.
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for an unknown id.
    public func postArticle(id: Int, listing: BlogPost? = nil) async throws(CnblogsError) -> Article {
        async let found = listing == nil ? findListing(ofPost: id) : listing
        let body = try await postBody(id: id)
        let post = await found
        let link = post?.link
        return Article(
            kind: .post, id: id, title: post?.title ?? "Post \(id)", author: post?.author.name,
            published: post?.published, link: link, html: body.html,
            imageURLs: ArticleHTML.imageURLs(in: body.html, base: link))
    }

    /// A news item with its body, title, source and date (`news/item/{id}`).
    ///
    /// ```swift
    /// let article = try await client.newsArticle(id: 551203)
    /// print(article.title, article.source ?? "")
    /// ```
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/notFound(what:url:)`` for an unknown id.
    public func newsArticle(id: Int) async throws(CnblogsError) -> Article {
        let body = try await newsBody(id: id)
        let link = URL(string: "https://news.cnblogs.com/n/\(id)/")
        var images = ArticleHTML.imageURLs(in: body.html, base: link)
        for url in body.imageURLs where !images.contains(url) { images.append(url) }
        return Article(
            kind: .news, id: id, title: body.title, source: body.sourceName, published: body.submitted, link: link,
            html: body.html, imageURLs: images)
    }

    /// The list entry of post `id` in the first page of the browsing lists, or nil. A list that
    /// fails to load is passed over: the entry only adds a title to a body already fetched.
    func findListing(ofPost id: Int) async -> BlogPost? {
        if let post = try? await siteHome(page: 1, size: 10).first(where: { $0.id == id }) { return post }
        if let post = try? await top48Hours(count: 10).first(where: { $0.id == id }) { return post }
        return try? await top10Days(count: 10).first(where: { $0.id == id })
    }
}
