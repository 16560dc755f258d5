import BasicFormat
import CnblogsClient
import Foundation
import Testing

@Suite struct TerminalTextTests {
    @Test(
        "each element renders as documented",
        arguments: [
            // Paragraphs and headings.
            ("<p>one</p><p>two</p>", "one\n\ntwo"),
            ("<h1>Title</h1><p>x</p><h3>Sub</h3>", "# Title\n\nx\n\n### Sub"),
            ("<div>a</div><div>b</div>", "a\nb"),
            ("<p>p</p><div>d</div>", "p\n\nd"),
            // Lists.
            ("<ul><li>a</li><li>b</li></ul>", "• a\n• b"),
            ("<ol start=\"3\"><li>a<li>b</ol>", "3. a\n4. b"),
            ("<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>", "• a\n  • b\n• c"),
            ("<ol><li>x<ol><li>y</li><li>z</li></ol></li></ol>", "1. x\n   1. y\n   2. z"),
            ("<p>p</p><ul><li>a</li></ul><p>q</p>", "p\n\n• a\n\nq"),
            ("<ul><li></li><li>b</li></ul>", "•\n• b"),
            ("<ul><li><ul><li>deep</li></ul></li></ul>", "• • deep"),
            // Quotes, code, breaks, rules.
            ("<blockquote><p>a</p><p>b</p></blockquote>", "> a\n>\n> b"),
            ("<blockquote>引用<blockquote>再引用</blockquote></blockquote>", "> 引用\n> >\n> > 再引用"),
            ("<p>x</p><pre>  if a {\n\tb()\n}</pre><p>y</p>", "x\n\n      if a {\n            b()\n    }\n\ny"),
            ("<pre><code>\na &lt; b\n\n <b>c</b></code></pre>", "    a < b\n\n     c"),
            ("<ul><li>code:<pre>x = 1</pre></li></ul>", "• code:\n\n      x = 1"),
            ("a<br>b<br><br>c", "a\nb\n\nc"),
            // Links and images.
            (
                "<p><a href=\"https://a.com/x\">A</a> and <a href=\"https://b.com/\">B</a> and <a href=\"https://a.com/x\">again</a></p>",
                "A[1] and B[2] and again[1]\n\n[1] https://a.com/x\n[2] https://b.com/"
            ),
            (
                "<p>see <img src=\"//i.cnblogs.com/a.png\" alt=\" 架构 图 \"> and <a href=\"http://i.cnblogs.com/a.png\">it </a>now</p>",
                "see [image 1: 架构 图] and it[1] now\n\n[1] http://i.cnblogs.com/a.png"
            ),
            (
                "<img src=\"data:image/png;base64,AA\"> <img src=\"b.png\"><img>",
                "[image] [image 1][image]\n\n[1] b.png"
            ),
            ("<a href=\"javascript:alert(1)\">x</a> <a href=\"#top\">y</a> <a>z</a>", "x y z"),
            // Tables.
            (
                "<table><tr><th>名称</th><th>值</th></tr><tr><td>a</td><td><p>1</p><p>2</p></td></tr></table>",
                "名称 | 值\na | 1 2"
            ),
            ("<p>x</p><table><tr><td>1</td><td></td><td>3</td></tr></table><p>y</p>", "x\n\n1 | | 3\n\ny"),
            // Text.
            ("<p>  a \n\t b  </p>", "a b"),
            ("<p>&lt;tag&gt; &amp; &ldquo;引号&rdquo;&nbsp;&nbsp;x</p>", "<tag> & “引号”  x"),
            ("<style>p{}</style><p>a<script>x()</script>b<!-- c --></p>", "ab"),
            ("<p>a\u{1B}[31mred\u{7}\u{202E}txt</p>", "a[31mredtxt"),
            ("<p>中文<b>粗体</b>和<i>English</i></p>", "中文粗体和English"),
        ])
    func element(html: String, expected: String) {
        #expect(TerminalText.render(html: html, width: 40) == expected)
    }

    @Test(
        "empty and blank bodies render as nothing",
        arguments: ["", "   \n\t ", "<p> </p><p>&nbsp;</p>", "<br><br>", "<div><span> </span></div>", "<!-- only -->"])
    func empty(html: String) {
        #expect(TerminalText.render(html: html, width: 20) == "")
    }

    @Test(
        "lines wrap to the width, counting CJK as two columns",
        arguments: [
            (10, "<p>Hello world, this is Swift</p>", "Hello\nworld,\nthis is\nSwift"),
            (10, "<p>中文字符可以在任意位置断开</p>", "中文字符可\n以在任意位\n置断开"),
            (11, "<p>中文字符可以在任意位置断开</p>", "中文字符可\n以在任意位\n置断开"),
            (12, "<p>使用Swift编写iOS应用程序</p>", "使用Swift编\n写iOS应用程\n序"),
            (16, "<p>博客园 cnblogs 是开发者的网上家园</p>", "博客园 cnblogs\n是开发者的网上家\n园"),
            (10, "<p>一二三四五。六</p>", "一二三四\n五。六"),
            (10, "<p>使用Swift，很好</p>", "使用\nSwift，很\n好"),
            (5, "<p>abcdefghijkl</p>", "abcde\nfghij\nkl"),
            (8, "<p>ab abcdefghijkl</p>", "ab abcde\nfghijkl"),
            (3, "<p>中文ab cdef</p>", "中\n文\nab\ncde\nf"),
            (3, "<ul><li>中文</li></ul>", "•\n中\n文"),
            (3, "<h1>标题</h1>", "#\n标\n题"),
            (1, "<p>ab中</p>", "ab\n中"),
            (10, "<p>a</p><hr><p>b</p>", "a\n\n----------\n\nb"),
            (10, "<blockquote><hr></blockquote>", "> --------"),
            (10, "<h2>aaaa bbbb cccc</h2>", "## aaaa\n   bbbb\n   cccc"),
            (12, "<ul><li>one two three four</li></ul>", "• one two\n  three four"),
            (8, "<blockquote>一二三四五六</blockquote>", "> 一二三\n> 四五六"),
            (10, "<pre>this line is longer than ten</pre>", "    this line is longer than ten"),
            (
                20, "<a href=\"https://www.cnblogs.com/a/b/c/d\">x</a>",
                "x[1]\n\n[1] https://www.cnblogs.com/a/b/c/d"
            ),
        ])
    func wrapping(width: Int, html: String, expected: String) {
        #expect(TerminalText.render(html: html, width: width) == expected)
    }

    @Test("no line outside pre is wider than the width, at any width, but a whole URL's")
    func neverWider() {
        let html = """
            <h1>Swift 并发编程：从 async/await 到 actor</h1>
            <p>在 Swift 5.5 中引入了<a href="https://docs.swift.org/swift-book/LanguageGuide/Concurrency.html">结构化并发</a>，
            包括 async/await、Task、TaskGroup 和 actor。<img src="//images.cnblogs.com/blog/1/ab.png" alt="示意图"></p>
            <ul><li>第一点：supercalifragilisticexpialidocious<ol><li>嵌套的列表项，内容比较长</li></ol></li></ul>
            <blockquote><p>引用：“并发不是并行。”—— Rob Pike</p></blockquote>
            <table><tr><td>名称</td><td>描述很长很长很长</td></tr></table><hr>
            """
        for width in 2...60 {
            let text = TerminalText.render(html: html, width: width)
            // The footnote URLs are whole, however narrow the width.
            #expect(text.contains("[1] https://docs.swift.org/swift-book/LanguageGuide/Concurrency.html\n"))
            #expect(text.hasSuffix("[2] http://images.cnblogs.com/blog/1/ab.png"), "width \(width)")
            let lines = text.split(separator: "\n")
            for line in lines {
                #expect(
                    TextWidth.columns(of: String(line)) <= width || isWholeURLLine(line), "width \(width): \(line)")
            }
        }
    }

    @Test("links resolve against the base URL")
    func base() {
        let text = TerminalText.render(
            html: "<a href=\"/p/2.html\">next</a> <img src=\"a.png\">",
            width: 60, base: URL(string: "https://www.cnblogs.com/blog/p/1.html"))
        #expect(
            text
                == "next[1] [image 2]\n\n[1] https://www.cnblogs.com/p/2.html\n[2] https://www.cnblogs.com/blog/p/a.png"
        )
    }
}
