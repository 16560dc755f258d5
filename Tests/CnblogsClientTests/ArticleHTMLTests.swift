import CnblogsClient
import Foundation
import Testing

@Suite struct ArticleHTMLTests {
    static let base = URL(string: "https://www.cnblogs.com/blog/p/1.html")

    @Test("image URLs come in document order, repaired, resolved and without repeats")
    func imageURLs() {
        let html = """
            <div><img src="//images.cnblogs.com/a.png"><p><img src="b.png"></p></div>
            <img src="data:image/gif;base64,R0lGOD"><img src="http://images.cnblogs.com/a.png">
            <img src=""><img><img src="http://images0.cnblogs.com/news_topic/小米.gif">
            <img src="http://x.com//x.com/c.png"><img src=" DATA:image/png;base64,AA">
            """
        let urls = ArticleHTML.imageURLs(in: html, base: Self.base).map(\.absoluteString)
        #expect(
            urls == [
                "http://images.cnblogs.com/a.png", "https://www.cnblogs.com/blog/p/b.png",
                "http://images0.cnblogs.com/news_topic/%E5%B0%8F%E7%B1%B3.gif", "http://x.com/c.png",
            ])
    }

    @Test("without a base, relative image URLs are left out: only http and https ones can be downloaded")
    func noBase() {
        let urls = ArticleHTML.imageURLs(
            in: "<img src=\"/a.png\"><img src=\"b c.png\"><img src=\"//i.cnblogs.com/c.png\">")
        #expect(urls.map(\.absoluteString) == ["http://i.cnblogs.com/c.png"])
        #expect(ArticleHTML.imageURLs(in: "") == [])
        #expect(ArticleHTML.imageURLs(in: "<p>no images</p>") == [])
    }

    @Test(
        "the sanitizer drops active elements with their contents",
        arguments: [
            ("a<script>alert(1)</script>b", "ab"),
            ("a<style>p{color:red}</style>b", "ab"),
            ("a<iframe src=\"https://x.com/\">fallback</iframe>b", "ab"),
            ("a<object data=\"x.swf\"><param name=\"a\" value=\"1\">text</object>b", "ab"),
            ("a<embed src=\"x.swf\">b", "ab"),
            ("a<form action=\"/login\"><input name=\"q\"><button>Go</button></form>b", "ab"),
            ("a<link rel=\"stylesheet\" href=\"x.css\"><meta http-equiv=\"refresh\" content=\"0\">b", "ab"),
            (
                "<p>kept <b>bold</b> &amp; <code>&lt;code&gt;</code></p>",
                "<p>kept <b>bold</b> &amp; <code>&lt;code&gt;</code></p>"
            ),
        ])
    func droppedElements(html: String, expected: String) {
        #expect(ArticleHTML.sanitized(html) == expected)
    }

    @Test(
        "the sanitizer drops event handlers and script URLs",
        arguments: [
            ("<div onmouseover=\"a()\" ONCLICK=\"b()\" class=\"c\">x</div>", "<div class=\"c\">x</div>"),
            ("<a href=\"javascript:alert(1)\" title=\"t\">x</a>", "<a title=\"t\">x</a>"),
            ("<a href=\" JaVa&#x09;ScRiPt:alert(1)\">x</a>", "<a>x</a>"),
            ("<a href=\"vbscript:msgbox\">x</a>", "<a>x</a>"),
            ("<a href=\"data:text/html;base64,PHNjcmlwdD4=\">x</a>", "<a>x</a>"),
            ("<img src=\"javascript:alert(1)\" alt=\"a\">", "<img alt=\"a\">"),
            ("<img src=\"https://a.com/a.png\" srcset=\"a-2x.png 2x\">", "<img src=\"https://a.com/a.png\">"),
            (
                "<a href=\"https://www.cnblogs.com/?q=javascript:\">ok</a>",
                "<a href=\"https://www.cnblogs.com/?q=javascript:\">ok</a>"
            ),
            ("<a href=\"#top\">top</a>", "<a href=\"#top\">top</a>"),
        ])
    func droppedAttributes(html: String, expected: String) {
        #expect(ArticleHTML.sanitized(html) == expected)
    }

    @Test("image sources are repaired, resolved and swapped by the transform; links are resolved")
    func imageTransform() {
        let html = """
            <p><img src="//i.cnblogs.com/a.png"><img src="b.png"><img src="data:image/gif;base64,R0">\
            <img src="http://[bad"><a href="/p/2.html">next</a></p>
            """
        var asked: [String] = []
        let page = ArticleHTML.sanitized(html, base: Self.base) { url in
            asked.append(url.absoluteString)
            return url.absoluteString.hasSuffix("a.png") ? "data:image/png;base64,QUJD" : nil
        }
        #expect(asked == ["http://i.cnblogs.com/a.png", "https://www.cnblogs.com/blog/p/b.png"])
        #expect(
            page
                == "<p><img src=\"data:image/png;base64,QUJD\"><img src=\"https://www.cnblogs.com/blog/p/b.png\">"
                + "<img src=\"data:image/gif;base64,R0\"><img src=\"http://[bad\">"
                + "<a href=\"https://www.cnblogs.com/p/2.html\">next</a></p>")
    }

    @Test("sanitizing an empty or blank body gives back what little there is")
    func empty() {
        #expect(ArticleHTML.sanitized("") == "")
        #expect(ArticleHTML.sanitized("  ") == "  ")
    }
}

/// The examples in the Rendering documentation, as written.
@Suite struct RenderingDocumentationExampleTests {
    @Test("TerminalText's example renders as its comment shows")
    func terminalText() {
        let text = TerminalText.render(
            html: #"<h2>博客园</h2><p>开发者的<a href="https://www.cnblogs.com/">网上家园</a>。</p>"#, width: 40)
        #expect(text == "## 博客园\n\n开发者的网上家园[1]。\n\n[1] https://www.cnblogs.com/")
    }

    @Test("ArticleHTML's examples give what their comments show")
    func articleHTML() {
        let urls = ArticleHTML.imageURLs(
            in: #"<img src="//images.cnblogs.com/a.png"><img src="b.png"><img src="data:image/gif;base64,R0">"#,
            base: URL(string: "https://www.cnblogs.com/blog/p/1.html"))
        #expect(
            urls.map(\.absoluteString) == ["http://images.cnblogs.com/a.png", "https://www.cnblogs.com/blog/p/b.png"])
        let page = ArticleHTML.sanitized(
            #"<p onclick="x()">Hi<script>x()</script><img src="//i.cnblogs.com/a.png"></p>"#)
        #expect(page == #"<p>Hi<img src="http://i.cnblogs.com/a.png"></p>"#)
    }
}
