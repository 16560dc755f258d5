import CnblogsClient
import Foundation
import Testing

/// Hostile structure in an article body never makes it shorter, in the page or in the
/// terminal: deep nesting is flattened with all its text, prefixed tags keep their text in the
/// paragraph they are in, and references read as HTML5 reads them.
@Suite struct ArticleHTMLDeepNestingTests {
    static let fontSoup = String(repeating: "<font color=\"#333\">", count: 300) + "<p>第一段</p><p>第二段</p><p>第三段</p>"

    @Test("300 unclosed font tags keep every later paragraph in the terminal, each its own paragraph")
    func terminalKeepsParagraphs() {
        let text = TerminalText.render(html: Self.fontSoup, width: 60)
        #expect(text == "第一段\n\n第二段\n\n第三段", "\(text.debugDescription)")
    }

    @Test("300 unclosed font tags keep every later paragraph in the page")
    func pageKeepsParagraphs() {
        let article = Article(kind: .post, id: 1, title: "t", html: Self.fontSoup)
        let page = ArticlePage(article: article).html()
        for paragraph in ["<p>第一段</p>", "<p>第二段</p>", "<p>第三段</p>"] {
            #expect(page.contains(paragraph), "\(paragraph) is missing")
        }
    }

    @Test("text at every level of 2,000 nested divs reaches the terminal and the page, in order")
    func deepDivs() {
        var html = ""
        for level in 0..<2_000 { html += "<div>d\(level) " }
        html += "<p>最深处</p>" + String(repeating: "</div>", count: 2_000) + "<p>之后</p>"
        let text = TerminalText.render(html: html, width: 10_000)
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(words == (0..<2_000).map { "d\($0)" } + ["最深处", "之后"])
        let page = ArticleHTML.sanitized(html)
        // Past the elements the parser may hold open, start tags go (the `p` among them), never text.
        #expect(page.contains("d1999 最深处"), "\(page.suffix(300))")
        #expect(page.hasSuffix("<p>之后</p>"))
    }

    @Test("Word's o:p stays inside its paragraph in the terminal and in the page")
    func wordParagraph() {
        let html = "<p>第一段<o:p></o:p>继续</p>"
        #expect(TerminalText.render(html: html, width: 60) == "第一段继续")
        #expect(ArticleHTML.sanitized(html) == "<p>第一段继续</p>")
        #expect(ArticleHTML.sanitized("a<d::") == "a")
    }

    @Test("windows-1252 references and control references come through in the page and the terminal")
    func references() {
        let html = "<p>&#147;引号&#148; &#150; &#128;5</p><a href=\"/a&#1;bcd\">x</a>"
        #expect(TerminalText.render(html: "<p>&#147;引号&#148; &#150; &#128;5</p>", width: 60) == "“引号” – €5")
        let page = ArticleHTML.sanitized(html)
        #expect(page.hasPrefix("<p>“引号” – €5</p>"))
        // The whole link, its control character percent-encoded as a browser would send it.
        #expect(page.contains("href=\"/a%01bcd\""), "\(page.debugDescription)")
    }
}
