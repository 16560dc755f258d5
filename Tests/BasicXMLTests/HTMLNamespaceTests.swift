import BasicXML
import Foundation
import Testing

/// Namespace-prefixed tags (Word's `<o:p>`, `<v:shape>`, stray `<d::`) are unknown to HTML:
/// the tag is dropped and its text kept, never turned into the element after the colon.
@Suite struct HTMLNamespaceTests {
    @Test("Word's o:p inside a paragraph does not split it")
    func wordParagraph() throws {
        let nodes = try HTMLNode.parseFragment("<p>第一段<o:p></o:p>继续</p>")
        #expect(nodes == [.element(HTMLElement("p", children: [.text("第一段继续")]))])
    }

    @Test(
        "a prefixed tag is dropped and its text kept",
        arguments: [
            ("<o:p>text</o:p>", "text"), ("a<d::", "a"), ("a<d::>b", "ab"),
            ("<v:shape id=\"x\"><b>bold</b></v:shape>", "<b>bold</b>"),
            ("<svg:script>alert(1)</svg:script>", "alert(1)"), ("<p:q:r>c</p:q:r>", "c"),
            ("<x:style>p{}</x:style>", "p{}"),
            ("<a:b/>c", "c"), ("<st1:chsdate Year=\"2016\">2016年</st1:chsdate>", "2016年"),
        ])
    func droppedTags(html: String, expected: String) throws {
        #expect(HTMLNode.serialize(try HTMLNode.parseFragment(html)) == expected)
    }

    @Test(
        "a tag named with . or _ is dropped and its text kept; custom elements with - stay",
        arguments: [
            ("<p.>x</p.>", "x"), ("<a_b>y</a_b>", "y"), ("<p>a<p.>b</p.>c</p>", "<p>abc</p>"),
            ("<my-card>z</my-card>", "<my-card>z</my-card>"),
        ])
    func dottedNames(html: String, expected: String) throws {
        let once = HTMLNode.serialize(try HTMLNode.parseFragment(html))
        #expect(once == expected)
        #expect(HTMLNode.serialize(try HTMLNode.parseFragment(once)) == once, "read again, it is the same")
    }

    @Test("prefixed attributes stay as they are: they are names of their own in HTML")
    func prefixedAttributes() throws {
        let nodes = try HTMLNode.parseFragment("<a xlink:href=\"x\" xml:lang=\"zh\">t</a>")
        #expect(nodes.first?.element?.attributes.map(\.name) == ["xlink:href", "xml:lang"])
    }

    @Test("a tag whose name is longer than libxml2 reads (100 characters) is judged by what libxml2 reads")
    func longName() throws {
        let name = String(repeating: "d", count: 100) + ":x"
        let nodes = try HTMLNode.parseFragment("<\(name)>t</\(name)>")
        let element = try #require(nodes.first?.element)
        #expect(element.name == String(repeating: "d", count: 100))
        #expect(HTMLNode.element(element).textContent == "t")
    }
}
