import BasicFormat
import Foundation

/// An article as a self-contained HTML5 page that reads well on a phone: title, byline, date,
/// a link to the original, then the body, with an inline stylesheet and no scripts.
///
/// ```swift
/// let article = Article(
///     kind: .news, id: 551203, title: "小米发布新款笔记本", source: "IT之家", published: Date(),
///     link: URL(string: "http://news.cnblogs.com/n/551203/"), html: "<p>正文……</p>")
/// let html = ArticlePage(article: article).html()
/// try html.write(to: folder.appendingPathComponent("551203.html"), atomically: true, encoding: .utf8)
/// ```
///
/// The page loads nothing but images: its Content-Security-Policy (``contentSecurityPolicy``)
/// forbids scripts, frames, plug-ins, fonts, outside stylesheets, form submissions and
/// `<base>`, and its stylesheet (``stylesheet``) is inline. Images, tables and code blocks
/// never make the page wider than the screen; it follows the system's dark mode
/// (`prefers-color-scheme`).
///
/// Images are requested without a referrer (`<meta name="referrer" content="no-referrer">`),
/// which image hosts that refuse other sites' referrers still answer.
///
/// The title, byline and link are escaped. The body is the article's HTML sanitized by
/// ``ArticleHTML/sanitized(_:base:imageSource:)`` against its link, unless the page is given a
/// ``bodyHTML`` of its own, which goes in as it is (pass one already sanitized, for instance
/// with images swapped for saved copies).
public struct ArticlePage: Sendable, Hashable {
    /// The article whose title, byline, date and link head the page.
    public var article: Article
    /// The body's HTML, inserted into the page as it is, so it must already be safe: by
    /// default the article's own ``Article/html`` sanitized by
    /// ``ArticleHTML/sanitized(_:base:imageSource:)``.
    public var bodyHTML: String
    /// The zone the date is shown in; China time (`TimeZone.chinaStandard`) by default, as cnblogs shows it.
    public var timeZone: TimeZone

    /// A page for `article`.
    ///
    /// ```swift
    /// let page = ArticlePage(article: article)   // the body sanitized
    /// let offline = ArticlePage(
    ///     article: article,
    ///     bodyHTML: ArticleHTML.sanitized(article.html, base: article.link) { savedImages[$0] })
    /// ```
    ///
    /// - Parameters:
    ///   - article: the article whose title, byline, date, link and body the page shows.
    ///   - bodyHTML: the body, inserted as it is, so it must already be safe (from
    ///     ``ArticleHTML/sanitized(_:base:imageSource:)`` or a source you trust); when nil, the
    ///     article's ``Article/html`` sanitized against its ``Article/link``.
    ///   - timeZone: the zone the date is shown in.
    /// - Complexity: O(*n*) in the length of the article's HTML when `bodyHTML` is nil.
    public init(article: Article, bodyHTML: String? = nil, timeZone: TimeZone = .chinaStandard) {
        self.article = article
        self.bodyHTML = bodyHTML ?? ArticleHTML.sanitized(article.html, base: article.link)
        self.timeZone = timeZone
    }

    /// The policy in the page's `Content-Security-Policy` meta: nothing loads but images
    /// (inline, http and https) and the inline stylesheet; no scripts run, no frames or plug-ins
    /// load (`default-src 'none'` covers `script-src`, `frame-src` and `object-src`), no form
    /// submits (`form-action`) and no `<base>` changes where links lead (`base-uri`), the two
    /// that `default-src` does not cover.
    public static let contentSecurityPolicy =
        "default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'"

    /// The complete HTML document.
    ///
    /// - Complexity: O(*n*) in the length of the body.
    public func html() -> String {
        let title = HTMLText.escapingText(article.title)
        var page = """
            <!DOCTYPE html>
            <html lang="zh-CN">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <meta name="referrer" content="no-referrer">
            <title>\(title)</title>
            <style>
            \(Self.stylesheet)</style>
            </head>
            <body>
            <article>
            <header>
            <h1 class="title">\(title)</h1>

            """
        let details = self.details()
        if !details.isEmpty {
            page += "<p class=\"details\">\(details.joined(separator: "<span class=\"separator\"> · </span>"))</p>\n"
        }
        page += "</header>\n<div class=\"content\">\n"
        page += bodyHTML
        page += "\n</div>\n</article>\n</body>\n</html>\n"
        return page
    }

    /// The line under the title, part by part: the byline (a post's author, a news item's
    /// source), the date and the link to the original, each left out when not known.
    private func details() -> [String] {
        var parts: [String] = []
        switch article.kind {
        case .post:
            if let author = article.author, !author.isEmpty {
                parts.append("<span class=\"author\">\(HTMLText.escapingText(author))</span>")
            }
        case .news:
            if let source = article.source, !source.isEmpty {
                parts.append("<span class=\"source\">来源：\(HTMLText.escapingText(source))</span>")
            }
        }
        if let published = article.published {
            let formatter = TimeFormatter(timeZone: timeZone)
            let shown = formatter.string(from: published, pattern: "yyyy-MM-dd HH:mm")
            let machine = formatter.string(from: published, pattern: "yyyy-MM-dd'T'HH:mm:ssxxxxx")
            parts.append("<time datetime=\"\(machine)\">\(shown)</time>")
        }
        // Only web links: a `javascript:` or `file:` link has no business in a reader's header.
        if let link = article.link, let scheme = link.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            let href = HTMLText.escapingAttribute(link.absoluteString)
            parts.append("<a class=\"original\" href=\"\(href)\" rel=\"noreferrer\">阅读原文</a>")
        }
        return parts
    }
}
