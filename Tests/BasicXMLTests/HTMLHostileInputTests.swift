import Foundation
import BasicXML
import Testing

@Suite struct HTMLHostileInputTests {
    /// How deep `node` nests: 1 for a node without element children.
    func depth(of nodes: [HTMLNode]) -> Int {
        var deepest = 0
        var pending = nodes.map { ($0, 1) }
        while let (node, level) = pending.popLast() {
            deepest = max(deepest, level)
            if case .element(let element) = node {
                pending.append(contentsOf: element.children.map { ($0, level + 1) })
            }
        }
        return deepest
    }

    @Test("100 000 nested elements parse without exhausting the stack, cut at the maximum depth")
    func deepNesting() throws {
        let html = String(repeating: "<div>", count: 100_000) + "deep" + String(repeating: "</div>", count: 100_000)
        let nodes = try HTMLNode.parseFragment(html)
        let levels = depth(of: nodes)
        #expect(levels >= 200)
        #expect(levels <= HTMLNode.maximumDepth + 1)
        #expect(HTMLNode.serialize(nodes).hasPrefix("<div><div>"))
    }

    @Test("alternating inline elements nested 50 000 deep parse and serialize")
    func deepInline() throws {
        let html = String(repeating: "<b><i>", count: 50_000) + "x"
        let nodes = try HTMLNode.parseFragment(html)
        #expect(depth(of: nodes) <= HTMLNode.maximumDepth + 1)
        #expect(!HTMLNode.serialize(nodes).isEmpty)
    }

    @Test("a tree deeper than the maximum, built by hand, serializes without recursion")
    func deepBuiltTree() {
        var node = HTMLNode.text("x")
        for _ in 0..<20_000 { node = .element(HTMLElement("span", children: [node])) }
        let html = node.outerHTML
        #expect(html.count == 20_000 * "<span></span>".count + 1)
        #expect(node.textContent == "x")
    }

    @Test(
        "control characters, NUL and lone surrogate references never trap",
        arguments: [
            "a\u{0000}b", "<p>\u{0001}\u{001B}[31mred</p>", "&#0;&#xD800;&#x110000;&#99999999999;",
            "<a href=\"\u{0000}\">x</a>", "\u{FEFF}<p>bom</p>", "<\u{00FF}\u{0100}>", "<p \u{4E2D}=\"1\">x</p>",
        ])
    func oddCharacters(html: String) throws {
        let nodes = try HTMLNode.parseFragment(html)
        _ = HTMLNode.serialize(nodes)
    }

    @Test("bytes that are not UTF-8 become replacement characters before libxml2 sees them")
    func invalidUTF8() throws {
        // Given bytes with a stray FF FE, a truncated 3-byte sequence (E4 B8) and an overlong
        // encoding of "/" (C0 AF), then valid UTF-8 for 中.
        let bytes: [UInt8] = [
            0x3C, 0x70, 0x3E, 0xFF, 0xFE, 0xE4, 0xB8, 0x3C, 0x2F, 0x70, 0x3E, 0x3C, 0x70, 0x3E, 0xC0, 0xAF, 0xE4, 0xB8,
            0xAD,
        ]

        // When they are parsed as bytes.
        let nodes = try HTMLNode.parseFragment(Data(bytes))

        // Then each bad sequence is one U+FFFD and the valid characters are kept.
        #expect(
            nodes == [
                .element(HTMLElement("p", children: [.text("\u{FFFD}\u{FFFD}\u{FFFD}")])),
                .element(HTMLElement("p", children: [.text("\u{FFFD}\u{FFFD}中")])),
            ])
    }

    @Test("a charset in the bytes does not change how they are read: always UTF-8")
    func charsetIgnored() throws {
        let html = #"<meta charset="gbk"><p>中文</p>"#
        let nodes = try HTMLNode.parseFragment(Data(html.utf8))
        #expect(nodes.last == .element(HTMLElement("p", children: [.text("中文")])))
    }
}
