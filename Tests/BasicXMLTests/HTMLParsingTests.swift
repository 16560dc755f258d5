import BasicXML
import Testing

@Suite struct HTMLParsingTests {
    @Test("a body fragment parses into its nodes, without html or body")
    func fragment() throws {
        let nodes = try HTMLNode.parseFragment("<p>a</p><p>b</p>")
        #expect(
            nodes == [
                .element(HTMLElement("p", children: [.text("a")])),
                .element(HTMLElement("p", children: [.text("b")])),
            ])
    }

    @Test("text at the top of a fragment stays text, without an implied paragraph")
    func topLevelText() throws {
        let nodes = try HTMLNode.parseFragment("hello <b>world</b>!")
        #expect(nodes == [.text("hello "), .element(HTMLElement("b", children: [.text("world")])), .text("!")])
    }

    @Test(
        "entities are decoded in text",
        arguments: [
            ("&amp;", "&"), ("&lt;b&gt;", "<b>"), ("&quot;&apos;", "\"'"), ("&ldquo;Swift&rdquo;", "“Swift”"),
            ("&#20013;&#x6587;", "中文"), ("&nbsp;", "\u{00A0}"), ("&hellip;&mdash;", "…—"), ("AT&T", "AT&T"),
            ("&copy; 2024", "© 2024"), ("&copy 2024", "&copy 2024"), ("&nosuchentity;", "&nosuchentity;"),
        ])
    func entities(html: String, text: String) throws {
        let nodes = try HTMLNode.parseFragment("<p>\(html)</p>")
        #expect(nodes == [.element(HTMLElement("p", children: [.text(text)]))])
    }

    @Test("entities are decoded in attribute values")
    func attributeEntities() throws {
        let nodes = try HTMLNode.parseFragment(#"<a href="/s?a=1&amp;b=2" title="&quot;x&quot; &lt; y">t</a>"#)
        let link = try #require(nodes.first?.element)
        #expect(link["href"] == "/s?a=1&b=2")
        #expect(link["title"] == "\"x\" < y")
    }

    @Test("attributes keep the order they were written in, names in lowercase, bare ones empty")
    func attributeOrder() throws {
        let nodes = try HTMLNode.parseFragment(#"<img Src="a.png" alt='A' width=10 data-x="1" hidden>"#)
        let image = try #require(nodes.first?.element)
        #expect(image.name == "img")
        #expect(
            image.attributes == [
                HTMLAttribute(name: "src", value: "a.png"), HTMLAttribute(name: "alt", value: "A"),
                HTMLAttribute(name: "width", value: "10"), HTMLAttribute(name: "data-x", value: "1"),
                HTMLAttribute(name: "hidden", value: ""),
            ])
        #expect(image["SRC"] == "a.png")
        #expect(image["missing"] == nil)
    }

    @Test(
        "unclosed, misnested and stray tags are recovered: closed, reordered or dropped",
        arguments: [
            ("<p>one<p>two", "<p>one</p><p>two</p>"),
            ("<ul><li>a<li>b</ul>", "<ul><li>a</li><li>b</li></ul>"),
            ("<b>bold <i>both</b> after", "<b>bold <i>both</i></b> after"),
            ("<div><span>open", "<div><span>open</span></div>"),
            ("text</p>more", "textmore"),
            ("<p>a</div>b", "<p>ab</p>"),
            ("<table><tr><td>1<td>2</table>", "<table><tr><td>1</td><td>2</td></tr></table>"),
            ("a < b and c > d", "a &lt; b and c &gt; d"),
            ("<p", "<p></p>"),
            ("</br>x", "x"),
        ])
    func recovery(html: String, expected: String) throws {
        let nodes = try HTMLNode.parseFragment(html)
        #expect(HTMLNode.serialize(nodes) == expected)
    }

    @Test("void elements never hold what follows them")
    func voidElements() throws {
        let nodes = try HTMLNode.parseFragment(#"<p>a<embed src="x.swf">b<wbr>c<source src="v.mp4">d<br>e</p>f"#)
        #expect(
            nodes == [
                .element(
                    HTMLElement(
                        "p",
                        children: [
                            .text("a"), .element(HTMLElement("embed", attributes: ["src": "x.swf"])), .text("b"),
                            .element(HTMLElement("wbr")), .text("c"),
                            .element(HTMLElement("source", attributes: ["src": "v.mp4"])), .text("d"),
                            .element(HTMLElement("br")), .text("e"),
                        ])),
                .text("f"),
            ])
    }

    @Test("script and style contents are kept as text, markup and entities untouched")
    func rawText() throws {
        let nodes = try HTMLNode.parseFragment(
            #"<style>p > a { content: "&amp;" }</style><script>if (a < b && c) { x = "<p>"; }</script>"#)
        #expect(
            nodes == [
                .element(HTMLElement("style", children: [.text(#"p > a { content: "&amp;" }"#)])),
                .element(HTMLElement("script", children: [.text(#"if (a < b && c) { x = "<p>"; }"#)])),
            ])
    }

    @Test("CJK text, emoji and comments come through unchanged")
    func cjk() throws {
        let nodes = try HTMLNode.parseFragment("<h2>博客园 — 开发者的网上家园</h2><!-- 注释 --><p>中文，日本語、한국어 😀</p>")
        #expect(
            nodes == [
                .element(HTMLElement("h2", children: [.text("博客园 — 开发者的网上家园")])),
                .comment(" 注释 "),
                .element(HTMLElement("p", children: [.text("中文，日本語、한국어 😀")])),
            ])
        #expect(nodes.map(\.textContent).joined() == "博客园 — 开发者的网上家园中文，日本語、한국어 😀")
    }

    @Test("a meta charset does not change how the text is read")
    func charset() throws {
        let nodes = try HTMLNode.parseFragment(#"<meta charset="gbk"><p>中文</p>"#)
        #expect(nodes.last == .element(HTMLElement("p", children: [.text("中文")])))
    }

    @Test("a whole document keeps html, head and body")
    func document() throws {
        let root = try HTMLNode.parseDocument("<title>T</title><p>Hi")
        #expect(
            root
                == HTMLElement(
                    "html",
                    children: [
                        .element(
                            HTMLElement("head", children: [.element(HTMLElement("title", children: [.text("T")]))])),
                        .element(HTMLElement("body", children: [.element(HTMLElement("p", children: [.text("Hi")]))])),
                    ]))
        #expect(try HTMLNode.parseDocument("") == HTMLElement("html"))
    }

    @Test(
        "empty and blank input give no nodes or only the blank text",
        arguments: [("", [] as [HTMLNode]), ("   ", [.text("   ")]), ("<!---->", [.comment("")])])
    func empty(html: String, expected: [HTMLNode]) throws {
        #expect(try HTMLNode.parseFragment(html) == expected)
    }
}
