import BasicXML
import Testing

@Suite struct HTMLSerializationTests {
    @Test(
        "text and attribute values are escaped; void elements have no end tag",
        arguments: [
            (HTMLNode.text("1 < 2 && 3 > 2 \"q\""), "1 &lt; 2 &amp;&amp; 3 &gt; 2 \"q\""),
            (
                .element(HTMLElement("a", attributes: ["href": "/s?a=1&b=\"2\"<>"], children: [.text("x")])),
                "<a href=\"/s?a=1&amp;b=&quot;2&quot;&lt;&gt;\">x</a>"
            ),
            (.element(HTMLElement("img", attributes: ["src": "a.png", "alt": ""])), "<img src=\"a.png\" alt=\"\">"),
            (.element(HTMLElement("br")), "<br>"),
            (.element(HTMLElement("hr", children: [.text("ignored")])), "<hr>"),
            (.element(HTMLElement("p")), "<p></p>"),
            (
                .element(HTMLElement("script", children: [.text("if (a < b) x = '</script>';")])),
                "<script>if (a < b) x = '<\\/script>';</script>"
            ),
            (.element(HTMLElement("style", children: [.text("a > b { }")])), "<style>a > b { }</style>"),
            (.comment(" note "), "<!-- note -->"),
            (.comment("a-->b"), "<!--a- ->b-->"),
            (.comment("-x-"), "<!-- -x- -->"),
            (.text("博客园 \u{00A0}"), "博客园 \u{00A0}"),
            (.element(HTMLElement("x onload=alert(1)", children: [.text("kept")])), "kept"),
            (.element(HTMLElement("b", attributes: ["bad name": "1", "onclick": "f()"])), "<b onclick=\"f()\"></b>"),
        ])
    func serialization(node: HTMLNode, expected: String) {
        #expect(node.outerHTML == expected)
    }

    @Test("inner and outer HTML of an element")
    func innerOuter() {
        let element = HTMLElement(
            "p", attributes: ["class": "a"], children: [.text("x "), .element(HTMLElement("br"))])
        #expect(element.outerHTML == "<p class=\"a\">x <br></p>")
        #expect(element.innerHTML == "x <br>")
    }

    @Test(
        "parsing, serializing and parsing again gives the same tree",
        arguments: [
            "<p>a</p><p>b</p>",
            "<h1 id=\"t\">Title &amp; more</h1><p>Text with <a href=\"/x?a=1&amp;b=2\">a link</a> and <img src=\"//i.cnblogs.com/a.png\" alt=\"&quot;A&quot;\">.</p>",
            "<ul><li>one<li>two<ol><li>nested</ol></ul>",
            "<pre><code>if (a &lt; b) {\n    return;\n}</code></pre>",
            "<blockquote><p>引用 中文</p></blockquote><hr><br>",
            "<table><tr><th>h</th></tr><tr><td>1</td></tr></table>",
            "<script>if (a < b) { x = \"&amp;\" }</script><style>p > a {}</style>",
            "<!-- comment --><div class=\"a b\" data-x=\"&lt;&gt;\">x</div>",
            "<p>unclosed <b>bold <i>both",
            "text &lt;not a tag&gt; &amp;amp;",
        ])
    func roundTrip(html: String) throws {
        let first = try HTMLNode.parseFragment(html)
        let written = HTMLNode.serialize(first)
        let second = try HTMLNode.parseFragment(written)
        #expect(second == first)
        #expect(HTMLNode.serialize(second) == written)
    }

    @Test("a parsed fragment serializes to the expected HTML")
    func knownOutput() throws {
        let nodes = try HTMLNode.parseFragment(
            "<P CLASS=x>Caf&eacute; &amp; <IMG SRC='a.png' ALT=\"1 > 0\"><BR/>end")
        #expect(
            HTMLNode.serialize(nodes) == "<p class=\"x\">Café &amp; <img src=\"a.png\" alt=\"1 &gt; 0\"><br>end</p>")
    }
}

@Suite struct HTMLDocumentationExampleTests {
    @Test("the BasicXML.md HTML example works as written")
    func example() throws {
        let nodes = try HTMLNode.parseFragment("<p>1 &lt; 2<img src=a.png><script>x()</script>")
        let kept = nodes.compactMap { node -> HTMLNode? in
            guard case .element(let p) = node else { return node }
            return .element(p.with(children: p.children.filter { $0.element?.name != "script" }))
        }
        #expect(HTMLNode.serialize(kept) == "<p>1 &lt; 2<img src=\"a.png\"></p>")
    }
}
