import CnblogsClient
import Foundation
import Testing

/// What the sanitizer keeps of SVG, styles and URLs, and which image URLs are listed.
@Suite struct ArticleHTMLSanitizingTests {
    static let base = URL(string: "https://www.cnblogs.com/blog/p/1.html")

    @Test(
        "image URLs are only http and https ones",
        arguments: [
            "<img src=\"file:///etc/a.png\">", "<img src=\"ftp://x.com/a.png\">", "<img src=\"javascript:alert(1)\">",
            "<img src=\"data:image/png;base64,AA\">", "<img src=\"vbscript:x\">", "<img src=\"mailto:a@b.com\">",
        ])
    func imageURLsAreWebOnly(html: String) {
        let urls = ArticleHTML.imageURLs(in: html + "<img src=\"https://a.com/ok.png\">", base: Self.base)
        #expect(urls.map(\.absoluteString) == ["https://a.com/ok.png"])
    }

    @Test("a relative image against a file: base is not listed")
    func imageURLsAgainstFileBase() {
        #expect(ArticleHTML.imageURLs(in: "<img src=\"a.png\">", base: URL(string: "file:///etc/")) == [])
    }

    @Test(
        "svg and math are dropped with everything inside them, and so are noscript, noembed, noframes and plaintext",
        arguments: [
            "a<svg><animate attributeName=\"href\" to=\"javascript:alert(1)\"/><a><text>t</text></a></svg>b",
            "a<svg><set attributeName=\"href\" to=\"javascript:alert(1)\"/></svg>b",
            "a<svg><animateMotion/><animateTransform/><handler>alert(1)</handler><listener/></svg>b",
            "a<svg><use href=\"https://evil.example/x.svg#a\"/><use xlink:href=\"data:image/svg+xml,x#a\"/></svg>b",
            "a<svg><foreignObject><p>inside</p></foreignObject></svg>b",
            "a<math><maction actiontype=\"statusline\" xlink:href=\"javascript:x\"><mi>x</mi></maction></math>b",
            "a<noscript><p>no</p></noscript><noembed>e</noembed><noframes>f</noframes>b",
            "ab<plaintext>everything after",
        ])
    func droppedSubtrees(html: String) {
        #expect(ArticleHTML.sanitized(html) == "ab")
    }

    @Test(
        "style attributes keep their harmless declarations only",
        arguments: [
            ("<p style=\"text-align:center\">x</p>", "<p style=\"text-align:center\">x</p>"),
            ("<p style=\"text-align: center;\">x</p>", "<p style=\"text-align: center\">x</p>"),
            (
                "<p style=\"color: red; background: url(https://t.example/p.gif); font-weight: bold\">x</p>",
                "<p style=\"color: red; font-weight: bold\">x</p>"
            ),
            ("<div style=\"position:fixed;top:0;left:0;z-index:9999\">x</div>", "<div style=\"top:0; left:0\">x</div>"),
            ("<p style=\"POSITION : absolute; Color: Red\">x</p>", "<p style=\"Color: Red\">x</p>"),
            ("<p style=\"width: expression(alert(1))\">x</p>", "<p>x</p>"),
            ("<p style=\"background-image: image-set(&quot;a.png&quot; 1x)\">x</p>", "<p>x</p>"),
            ("<p style=\"background-image: -webkit-image-set('a.png' 1x)\">x</p>", "<p>x</p>"),
            ("<p style=\"background: U R L (x.png)\">x</p>", "<p>x</p>"),
            ("<p style=\"background: \\75 rl(x.png)\">x</p>", "<p>x</p>"),
            ("<p style=\"behavior: url(x.htc); -moz-binding: url(x.xml#a)\">x</p>", "<p>x</p>"),
            ("<p style=\"@import 'x.css'; color: red\">x</p>", "<p style=\"color: red\">x</p>"),
            ("<p style=\"color: red /* ; */\">x</p>", "<p>x</p>"),
            ("<p style=\"u\\rl: x; : red; color\">x</p>", "<p>x</p>"),
            ("<p style=\"\">x</p>", "<p>x</p>"),
            (
                "<div style=\"transform: translateY(-400px); translate: 0 -9em; inset: 0; margin: 1em\">x</div>",
                "<div style=\"margin: 1em\">x</div>"
            ),
        ])
    func styles(html: String, expected: String) {
        #expect(ArticleHTML.sanitized(html) == expected)
    }

    @Test(
        "URL attributes keep only http, https, mailto, relative and fragment references",
        arguments: [
            ("<a href=\"file:///etc/passwd\">x</a>", "<a>x</a>"),
            ("<a href=\"ftp://x.com/\">x</a>", "<a>x</a>"),
            ("<a href=\"mailto:a@b.com\">x</a>", "<a href=\"mailto:a@b.com\">x</a>"),
            ("<a href=\"/p/2.html\">x</a>", "<a href=\"/p/2.html\">x</a>"),
            ("<a href=\"  #sec-2\">x</a>", "<a href=\"  #sec-2\">x</a>"),
            ("<blockquote cite=\"javascript:x\">q</blockquote>", "<blockquote>q</blockquote>"),
            (
                "<blockquote cite=\"https://a.com/\">q</blockquote>",
                "<blockquote cite=\"https://a.com/\">q</blockquote>"
            ),
            ("<div background=\"file:///x.png\">x</div>", "<div>x</div>"),
            ("<video poster=\"javascript:x\" src=\"data:video/mp4,AA\"></video>", "<video></video>"),
            (
                "<video poster=\"https://a.com/p.png\" src=\"https://a.com/v.mp4\"></video>",
                "<video poster=\"https://a.com/p.png\" src=\"https://a.com/v.mp4\"></video>"
            ),
            ("<button formaction=\"javascript:x\">b</button>", "<button>b</button>"),
            ("<a href=\"https://a.com/\" ping=\"https://t.example/\">x</a>", "<a href=\"https://a.com/\">x</a>"),
            ("<img longdesc=\"vbscript:x\" src=\"https://a.com/a.png\">", "<img src=\"https://a.com/a.png\">"),
            ("<img src=\"file:///etc/x.png\">", "<img>"),
            ("<img src=\"ftp://x.com/a.png\">", "<img>"),
            ("<img src=\"data:text/html;base64,PHNjcmlwdD4=\">", "<img>"),
            ("<img src=\"b.png\">", "<img>"),
            ("<img src=\"data:image/svg+xml,%3Csvg%3E\">", "<img src=\"data:image/svg+xml,%3Csvg%3E\">"),
            ("<img src=\"DATA:image/png;base64,AA\">", "<img src=\"DATA:image/png;base64,AA\">"),
        ])
    func urlAttributes(html: String, expected: String) {
        #expect(ArticleHTML.sanitized(html) == expected)
    }

    @Test("open is an attribute, not an event handler: collapsible sections stay open")
    func openAttribute() {
        let html = "<details open=\"\"><summary>s</summary>x</details>"
        #expect(ArticleHTML.sanitized(html) == html)
        #expect(ArticleHTML.sanitized("<details onopen=\"x()\" ontoggle=\"y()\">d</details>") == "<details>d</details>")
    }

    @Test("only ASCII white space before # makes a fragment: U+3000 then # is a relative link, dropped on a file: base")
    func fragmentAfterIdeographicSpace() {
        #expect(ArticleHTML.sanitized("<a href=\"\u{3000}#x\">x</a>", base: URL(string: "file:///tmp/")) == "<a>x</a>")
        #expect(ArticleHTML.sanitized("<a href=\" \t#x\">x</a>") == "<a href=\" \t#x\">x</a>")
    }

    @Test("fragments stay as written with a base, so a table of contents works in a saved page")
    func fragmentsWithBase() {
        let html = "<p><a href=\"#top\">top</a> <a href=\"#%E7%9B%AE\">目</a></p><h2 id=\"top\">T</h2>"
        #expect(ArticleHTML.sanitized(html, base: Self.base) == html)
    }

    @Test("references that resolve against a file: base to file URLs are dropped")
    func fileBase() {
        let html = "<a href=\"passwd\">x</a><img src=\"a.png\"><a href=\"https://a.com/\">y</a>"
        #expect(
            ArticleHTML.sanitized(html, base: URL(string: "file:///etc/"))
                == "<a>x</a><img><a href=\"https://a.com/\">y</a>")
    }

    @Test("the image transform is asked only about http and https images")
    func transformAsksOnlyWebImages() {
        var asked: [String] = []
        let page = ArticleHTML.sanitized(
            "<img src=\"file:///a.png\"><img src=\"a.png\"><img src=\"data:image/gif;base64,R0\">", base: Self.base
        ) { url in
            asked.append(url.absoluteString)
            return nil
        }
        #expect(asked == ["https://www.cnblogs.com/blog/p/a.png"])
        #expect(
            page == "<img><img src=\"https://www.cnblogs.com/blog/p/a.png\"><img src=\"data:image/gif;base64,R0\">")
    }
}
