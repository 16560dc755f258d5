import BasicXML
import Foundation
import Testing

/// Deep nesting, huge text and attribute floods: the tree keeps every element and all the text,
/// flattened past ``HTMLNode/maximumDepth``, and a flood of attributes is cut before libxml2 sees it.
@Suite struct HTMLNestingTests {
    /// How deep elements nest in `nodes`: 1 for elements without element children, 0 for text alone.
    static func depth(of nodes: [HTMLNode]) -> Int {
        var deepest = 0
        var pending = nodes.map { ($0, 1) }
        while let (node, level) = pending.popLast() {
            guard case .element(let element) = node else { continue }
            deepest = max(deepest, level)
            pending.append(contentsOf: element.children.map { ($0, level + 1) })
        }
        return deepest
    }

    /// Every element of `nodes`, in document order.
    static func elements(in nodes: [HTMLNode]) -> [HTMLElement] {
        var result: [HTMLElement] = []
        var pending = Array(nodes.reversed())
        while let node = pending.popLast() {
            guard case .element(let element) = node else { continue }
            result.append(element)
            pending.append(contentsOf: element.children.reversed())
        }
        return result
    }

    /// The text of `nodes`, in document order.
    static func text(of nodes: [HTMLNode]) -> String { nodes.map(\.textContent).joined() }

    @Test("300 unclosed font tags keep every later paragraph, as paragraphs")
    func unclosedFonts() throws {
        // Given an article whose editor never closed its font tags.
        let html = String(repeating: "<font color=\"red\">", count: 300) + "<p>第一段</p><p>第二段</p><p>第三段</p>"

        // When it is parsed.
        let nodes = try HTMLNode.parseFragment(html)

        // Then all three paragraphs are there, in order, and the tree is no deeper than the maximum.
        let paragraphs = Self.elements(in: nodes).filter { $0.name == "p" }
        #expect(paragraphs.map { HTMLNode.element($0).textContent } == ["第一段", "第二段", "第三段"])
        #expect(Self.depth(of: nodes) <= HTMLNode.maximumDepth)
    }

    @Test(
        "text before, inside and after nesting far past the maximum is all kept, in order",
        arguments: [300, 1_000, 20_000])
    func deepDivs(count: Int) throws {
        // Given numbered text at every level of `count` nested divs, and a paragraph after them.
        var html = ""
        for level in 0..<count { html += "<div>[\(level)" }
        html += "<img src=\"deep.png\"><br>deepest"
        for level in (0..<count).reversed() { html += "\(level)]</div>" }
        html += "<p>after</p>"

        // When it is parsed.
        let nodes = try HTMLNode.parseFragment(html)

        // Then the text reads exactly as written, the image and break are kept, and the tree is
        // flattened at the maximum depth.
        var expected = ""
        for level in 0..<count { expected += "[\(level)" }
        expected += "deepest"
        for level in (0..<count).reversed() { expected += "\(level)]" }
        #expect(Self.text(of: nodes) == expected + "after")
        let names = Self.elements(in: nodes).map(\.name)
        #expect(names.contains("img") && names.contains("br") && names.last == "p")
        #expect(Self.depth(of: nodes) == HTMLNode.maximumDepth)
    }

    @Test("tens of thousands of unclosed inline tags followed by stray end tags still parse, keeping the text")
    func unclosedTagsThenStrayEndTags() throws {
        // Given 20,000 unclosed fonts and 20,000 end tags that match nothing (libxml2 searches its
        // whole stack of open elements for each one).
        let html =
            String(repeating: "<font>", count: 20_000) + "a" + String(repeating: "</p>", count: 20_000)
            + "<p>end</p>"

        // When it is parsed, then the text is all there.
        let nodes = try HTMLNode.parseFragment(html)
        #expect(Self.text(of: nodes) == "aend")
    }

    @Test("a text node over libxml2's 10 MB limit is kept whole, and so is what follows it")
    func hugeText() throws {
        let long = String(repeating: "长文", count: 2_000_000)  // 12 MB of UTF-8
        let nodes = try HTMLNode.parseFragment("<p>\(long)</p><p>after</p>")
        #expect(nodes.count == 2)
        #expect(nodes.first?.textContent == long)
        #expect(nodes.last?.textContent == "after")
    }

    @Test("an element with 50,000 attributes keeps the first maximumAttributeCount of them and all its text")
    func attributeFlood() throws {
        // Given a paragraph with 50,000 attributes (libxml2 2.9.14 takes time quadratic in their number).
        let attributes = (0..<50_000).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
        let html = "<p id=\"first\" \(attributes)>text &amp; more</p><p>after</p>"

        // When it is parsed.
        let nodes = try HTMLNode.parseFragment(html)

        // Then the first attributes are kept in order, the rest are cut, and the text is whole.
        let paragraph = try #require(nodes.first?.element)
        #expect(paragraph.attributes.count == HTMLNode.maximumAttributeCount)
        #expect(paragraph.attributes.first == HTMLAttribute(name: "id", value: "first"))
        #expect(paragraph.attributes.last?.name == "a\(HTMLNode.maximumAttributeCount - 2)")
        #expect(Self.text(of: nodes) == "text & moreafter")
    }

    @Test("attributes that look like a flood inside a comment or a script are left alone")
    func floodInsideRawText() throws {
        let attributes = (0..<400).map { "a\($0)" }.joined(separator: " ")
        let nodes = try HTMLNode.parseFragment("<script>x = '<p \(attributes)>'</script><!--<b \(attributes)>-->")
        #expect(nodes.first?.textContent == "x = '<p \(attributes)>'")
        #expect(nodes.last == .comment("<b \(attributes)>"))
    }

    @Test("a tag with a quoted > or a bogus attribute ends where libxml2 ends it, flood or not")
    func floodWithAwkwardValues() throws {
        let attributes = (0..<300).map { "a\($0)='1>2'" }.joined(separator: " ")
        let nodes = try HTMLNode.parseFragment("<p \(attributes) @x=\"y\">t</p>after")
        #expect(nodes.first?.element?.attributes.count == HTMLNode.maximumAttributeCount)
        #expect(nodes.first?.element?.attributes.first?.value == "1>2")
        #expect(Self.text(of: nodes) == "t\"after" || Self.text(of: nodes) == "tafter")
    }
}
