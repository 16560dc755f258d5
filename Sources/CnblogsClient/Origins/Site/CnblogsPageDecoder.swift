import BasicXML
import Foundation

/// Reads today's HTML pages with BasicXML's HTML tree (libxml2's HTML parser), never with
/// regular expressions: a post's page, a news item's page, the two ranking pages and a post's
/// comment fragment.
///
/// ```swift
/// let article = try CnblogsPageDecoder.postArticle(
///     from: data, url: "https://www.cnblogs.com/nanshan-walker/p/18562097",
///     reference: PostReference(id: 18562097, blogapp: "nanshan-walker"))
/// ```
///
/// A page without the element every such page has throws ``CnblogsError/layoutChanged(url:element:request:)``
/// naming it, never an empty article; a captcha page instead throws
/// ``CnblogsError/blocked(url:reason:request:)``, a sign-in page ``CnblogsError/loginRedirect(url:location:request:)``.
public enum CnblogsPageDecoder {
    /// A post's page, `https://www.cnblogs.com/{blogapp}/p/{id}`: the body (`#cnblogs_post_body`),
    /// the title (`#cb_post_title_url`), the date (`#post-date`, China time) and the author (the
    /// first link of `.postDesc`).
    ///
    /// - Throws: ``CnblogsError/layoutChanged(url:element:request:)`` without the body or the title.
    /// - Complexity: O(*n*) in the size of the page.
    public static func postArticle(from data: Data, url: String, reference: PostReference) throws(CnblogsError)
        -> Article
    {
        // The selectors are those of current public clients: `#cnblogs_post_body` in
        // yz1311/RNCnblogs src/api/blog.ts (getBlogDetail), `#cb_post_title_url`, `.postDesc`
        // `#post-date` and `.postDesc a` in zhanjindong/SimpleSendToKindle
        // src/main/resources/ext/chrome/content_script.js.
        let page = CnblogsSiteCheck.document(data)
        guard let body = page.element(id: "cnblogs_post_body") else {
            throw unexpected(page, url: url, missing: "#cnblogs_post_body")
        }
        let title = page.element(id: "cb_post_title_url")?.collapsedText ?? ""
        guard !title.isEmpty else { throw unexpected(page, url: url, missing: "#cb_post_title_url") }
        let description = page.firstElement(class: "postDesc")
        let date = page.element(id: "post-date").flatMap { CnblogsTime.wallClock(in: $0.collapsedText) }
        let author = description?.firstDescendant { $0.name == "a" }?.collapsedText
        let link = URL(string: url)
        let html = body.innerHTML.trimmingCharacters(in: .whitespacesAndNewlines)
        return Article(
            kind: .post, id: reference.id, title: title, author: author.flatMap { $0.isEmpty ? nil : $0 },
            published: date, link: link, html: html, imageURLs: ArticleHTML.imageURLs(in: html, base: link))
    }

    /// A news item's page, `https://news.cnblogs.com/n/{id}/`: the body (`#news_body`), the title
    /// (`#news_title`) and the date (`#news_info .time`, China time).
    ///
    /// - Throws: ``CnblogsError/layoutChanged(url:element:request:)`` without the body or the title.
    /// - Complexity: O(*n*) in the size of the page.
    public static func newsArticle(from data: Data, url: String, id: Int) throws(CnblogsError) -> Article {
        // `#news_title` and `#news_info span.time` are what public scrapers of news.cnblogs.com
        // read: xhd731568849/python-demo demo1/spiders/spider.py and WilliamLiWei/PythonExercise
        // qqnews/qqnews/spiders/qqnews_spider.py (neither reads the body). No public client found
        // reads `#news_body` (current ones take the API's `newsitems/{id}/body`): that selector
        // rests on issue 14's description of the page and the project's notes on today's site
        // (/work/shared/cnblogs-api.md), so this decoder is the first to notice a change.
        let page = CnblogsSiteCheck.document(data)
        guard let body = page.element(id: "news_body") else {
            throw unexpected(page, url: url, missing: "#news_body")
        }
        let title = page.element(id: "news_title")?.collapsedText ?? ""
        guard !title.isEmpty else { throw unexpected(page, url: url, missing: "#news_title") }
        let info = page.element(id: "news_info")
        let date = info?.firstElement(class: "time").flatMap { CnblogsTime.wallClock(in: $0.collapsedText) }
        let link = URL(string: url)
        let html = body.innerHTML.trimmingCharacters(in: .whitespacesAndNewlines)
        return Article(
            kind: .news, id: id, title: title, published: date, link: link, html: html,
            imageURLs: ArticleHTML.imageURLs(in: html, base: link))
    }

    /// A ranking page, `https://www.cnblogs.com/aggsite/topviews` or `…/topdiggs`: each
    /// `#post_list article.post-item` with its title link, summary, author, date and counts.
    ///
    /// - Throws: ``CnblogsError/layoutChanged(url:element:request:)`` without `#post_list`.
    /// - Complexity: O(*n*) in the size of the page.
    public static func ranking(from data: Data, url: String) throws(CnblogsError) -> CnblogsListing<BlogPost> {
        // RSSHub lib/routes/cnblogs/common.ts reads these pages: `#post_list article`,
        // `.post-item-title` (text and href), `.post-item-summary`, `.post-item-author span`, and
        // the date in `.post-item-foot .post-meta-item span`. The counts sit beside the
        // `#icon_digg`, `#icon_comment` and `#icon_views` icons, as yz1311/RNCnblogs
        // src/api/blog.ts (resolveBlogHtml) reads them.
        let page = CnblogsSiteCheck.document(data)
        guard let list = page.element(id: "post_list") else {
            throw unexpected(page, url: url, missing: "#post_list")
        }
        var posts: [BlogPost] = []
        var dropped = 0
        for item in list.descendants(where: { $0.name == "article" }) {
            if let post = rankedPost(item) {
                posts.append(post)
            } else {
                dropped += 1
            }
        }
        return CnblogsListing(items: posts, droppedCount: dropped, source: .site, url: url)
    }

    /// A post's comment fragment,
    /// `https://www.cnblogs.com/{blogapp}/ajax/GetComments.aspx?postId={id}&pageIndex={page}`: each
    /// `.feedbackItem` with its body (`#comment_body_{id}`), author (`#a_comment_author_{id}`) and
    /// date (`.comment_date`). A post without comments answers an empty fragment: no comments.
    ///
    /// - Throws: ``CnblogsError/blocked(url:reason:request:)`` and ``CnblogsError/loginRedirect(url:location:request:)``
    ///   for a captcha or sign-in page instead of the fragment.
    /// - Complexity: O(*n*) in the size of the fragment.
    public static func comments(from data: Data, url: String) throws(CnblogsError) -> CnblogsListing<Comment> {
        // The markup is what yz1311/RNCnblogs src/api/blog.ts (getBlogCommentList,
        // resolveBlogCommentHtml) reads from this address: `.feedbackItem`, `comment_body_{id}`,
        // `a_comment_author_{id}`, `.comment_date`.
        let page = CnblogsSiteCheck.document(data)
        let items = page.elements(class: "feedbackItem")
        if items.isEmpty {
            if CnblogsSiteCheck.isChallenge(page) { throw .blocked(url: url, reason: "a captcha page") }
            if CnblogsSiteCheck.hasSignInForm(page) {
                throw .loginRedirect(url: url, location: "a sign-in form on the page itself")
            }
            return CnblogsListing(items: [], source: .site, url: url)
        }
        var comments: [Comment] = []
        var dropped = 0
        for item in items {
            guard let body = item.firstDescendant(where: { $0["id"]?.hasPrefix("comment_body_") == true }),
                let id = body["id"].flatMap({ Int($0.dropFirst("comment_body_".count)) }),
                let published = item.firstElement(class: "comment_date").flatMap({
                    CnblogsTime.wallClock(in: $0.collapsedText)
                })
            else {
                dropped += 1
                continue
            }
            let author = item.firstDescendant { $0["id"]?.hasPrefix("a_comment_author_") == true }
            comments.append(
                Comment(
                    id: id, authorName: author?.collapsedText ?? "",
                    authorURI: author?["href"].flatMap(URLRepair.url(from:)), published: published,
                    html: body.innerHTML.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        return CnblogsListing(items: comments, droppedCount: dropped, source: .site, url: url)
    }

    /// One `article.post-item` of a ranking page; nil without a title link, a post id or a date.
    static func rankedPost(_ item: HTMLElement) -> BlogPost? {
        guard let titleLink = item.firstElement(class: "post-item-title"), !titleLink.collapsedText.isEmpty,
            let link = titleLink["href"].flatMap(URLRepair.url(from:)),
            let id = item["data-post-id"].flatMap({ Int($0) }) ?? CnblogsFeedDecoder.postID(in: link.absoluteString)
        else { return nil }
        let title = titleLink.collapsedText
        let foot = item.firstElement(class: "post-item-foot") ?? item
        let metas = foot.elements(class: "post-meta-item")
        guard let published = metas.lazy.compactMap({ CnblogsTime.wallClock(in: $0.collapsedText) }).first else {
            return nil
        }
        let authorLink = item.firstElement(class: "post-item-author")
        let authorURI = authorLink?["href"].flatMap(URLRepair.url(from:))
        let summary = item.firstElement(class: "post-item-summary")
        let avatar = summary?.firstDescendant { $0.name == "img" && $0.hasClass("avatar") }?["src"]
        var counts: [String: Int] = [:]
        for meta in metas {
            guard let icon = meta.firstDescendant(where: { $0.name == "use" }),
                let reference = icon.attributes.first(where: { $0.name.lowercased().hasSuffix("href") })?.value,
                let count = Int(meta.collapsedText)
            else { continue }
            counts[reference] = count
        }
        return BlogPost(
            id: id, title: title, summary: summary?.collapsedText ?? "", published: published,
            author: BlogAuthor(
                name: authorLink?.collapsedText ?? "", uri: authorURI, avatar: avatar.flatMap(URLRepair.url(from:))),
            link: link, blogapp: link.host == nil ? nil : CnblogsFeedDecoder.blogapp(fromAuthorURI: link),
            diggCount: counts["#icon_digg"], viewCount: counts["#icon_views"], commentCount: counts["#icon_comment"])
    }

    /// The error for a page without `element`: a captcha or sign-in page when it is one, else a
    /// changed layout.
    static func unexpected(_ page: HTMLElement, url: String, missing element: String) -> CnblogsError {
        CnblogsSiteCheck.unexpectedPage(page, url: url, otherwise: .layoutChanged(url: url, element: element))
    }
}
