import BasicFormat
import CnblogsClient
import Testing

/// Terminal text never breaks a URL, so that it can still be clicked or copied: a URL wider than
/// its line goes on a line of its own, whole; and `。`, `，` and closing brackets never start a line.
@Suite struct TerminalTextURLTests {
    @Test(
        "a URL in the text that is wider than the line gets a line of its own, whole",
        arguments: [
            (
                20, "<p>see https://www.cnblogs.com/a/very/long/path/post.html now</p>",
                "see\nhttps://www.cnblogs.com/a/very/long/path/post.html\nnow"
            ),
            (
                10, "<p>详见https://www.cnblogs.com/a/b/c/d。好</p>",
                "详见\nhttps://www.cnblogs.com/a/b/c/d。\n好"
            ),
            (
                16, "<blockquote><p>原文 https://zh.wikipedia.org/wiki/博客园 完</p></blockquote>",
                "> 原文\n> https://zh.wikipedia.org/wiki/博客园\n> 完"
            ),
            (
                12, "<ul><li>link: www.cnblogs.com/nanshan-walker/p/1.html</li></ul>",
                "• link:\n  www.cnblogs.com/nanshan-walker/p/1.html"
            ),
            (30, "<p>a https://short.example/x b</p>", "a https://short.example/x b"),
            (20, "<p>abc https://short.example/x</p>", "abc\nhttps://short.example/x"),
        ])
    func inlineURL(width: Int, html: String, expected: String) {
        #expect(TerminalText.render(html: html, width: width) == expected)
    }

    @Test("a footnote is one line, its number and its whole URL, however narrow the width")
    func footnotes() {
        let html = """
            <p><a href="https://www.cnblogs.com/nanshan-walker/p/5770214.html">面向协议</a></p>
            <p><img src="https://images2015.cnblogs.com/blog/412873/201608/412873-20160814141502.png"></p>
            """
        let text = TerminalText.render(html: html, width: 20)
        #expect(
            text == """
                面向协议[1]

                [image 2]

                [1] https://www.cnblogs.com/nanshan-walker/p/5770214.html
                [2] https://images2015.cnblogs.com/blog/412873/201608/412873-20160814141502.png
                """)
    }

    @Test(
        "。，, closing brackets and other closing punctuation never start a line",
        arguments: [
            (10, "<p>一二三四五)六</p>", "一二三四\n五)六"),
            (10, "<p>一二三四五]六</p>", "一二三四\n五]六"),
            (10, "<p>一二三四五）六</p>", "一二三四\n五）六"),
            (10, "<p>一二三四五〕六</p>", "一二三四\n五〕六"),
            (10, "<p>一二三四五］六</p>", "一二三四\n五］六"),
            (10, "<p>一二三四五。六</p>", "一二三四\n五。六"),
            (10, "<p>一二三四五，六</p>", "一二三四\n五，六"),
            (10, "<p>一二三四五,六</p>", "一二三四\n五,六"),
            (6, "<p>（一二）三</p>", "（一\n二）三"),
        ])
    func closing(width: Int, html: String, expected: String) {
        let text = TerminalText.render(html: html, width: width)
        #expect(text == expected)
        for line in text.split(separator: "\n") {
            guard let first = line.first else { continue }
            #expect(!")]）〕］。，,".contains(first), "\(line) starts with closing punctuation")
        }
    }
}

/// Whether `line`, wider than the width, is the one exception terminal text allows outside `pre`:
/// a URL on a line of its own, whole, after the line's indentation (spaces, a quote's `>`) or a
/// footnote's number.
func isWholeURLLine(_ line: Substring) -> Bool {
    var rest = line.drop { $0 == " " || $0 == ">" }
    if rest.hasPrefix("["), let close = rest.firstIndex(of: "]"),
        rest[rest.index(after: rest.startIndex)..<close].allSatisfy(\.isNumber), rest[close...].hasPrefix("] ")
    {
        rest = rest[rest.index(close, offsetBy: 2)...]
    }
    return !rest.isEmpty && !rest.contains(" ") && (rest.contains("://") || rest.contains("www."))
}
