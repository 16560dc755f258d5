import BasicXML
import Foundation
import Testing

/// Numeric character references follow HTML5: 0x80–0x9F through windows-1252, and 0,
/// surrogates and values past U+10FFFF as U+FFFD; none cuts a value short or vanishes.
@Suite struct HTMLCharacterReferenceTests {
    /// A string of one scalar that Swift's literals refuse (a noncharacter).
    static func scalar(_ value: UInt32) -> String {
        Unicode.Scalar(value).map { String(Character($0)) } ?? ""
    }

    @Test(
        "numeric references in text are read as HTML5 reads them",
        arguments: [
            ("&#128;", "€"), ("&#x80;", "€"), ("&#147;&#148;", "“”"), ("&#150;&#151;", "–—"), ("&#x93;", "“"),
            ("&#153;", "™"), ("&#159;", "Ÿ"), ("&#130;&#x8A;", "‚Š"), ("&#129;&#x8D;", "\u{81}\u{8D}"),
            ("&#0;", "\u{FFFD}"), ("&#xD800;", "\u{FFFD}"), ("&#xDFFF;", "\u{FFFD}"), ("&#x110000;", "\u{FFFD}"),
            ("&#99999999999;", "\u{FFFD}"), ("&#x0000041;", "A"), ("&#65z", "Az"), ("&#x41", "A"),
            ("&#;", "&#;"), ("&#x;", "&#x;"), ("&#xg;", "&#xg;"), ("a&#b", "a&#b"), ("&#150", "–"),
            ("&#x1F600;", "😀"), ("&#xFDD0;", Self.scalar(0xFDD0)),
        ])
    func inText(reference: String, text: String) throws {
        let nodes = try HTMLNode.parseFragment("<p>[\(reference)]</p><p>after</p>")
        #expect(nodes.map(\.textContent) == ["[\(text)]", "after"])
    }

    @Test(
        "numeric references in attribute values are read the same way, and never cut the value short",
        arguments: [
            ("/a&#1;bcd", "/a\u{1}bcd"), ("x&#0;y", "x\u{FFFD}y"), ("&#150;&#x93;", "–“"), ("a&#;b", "a&#;b"),
            ("a&#x;b", "a&#x;b"), ("&#xD800;z", "\u{FFFD}z"), ("&#x110000;z", "\u{FFFD}z"), ("a&#x8;b", "a\u{8}b"),
            ("a&#xFFFF;b", "a" + Self.scalar(0xFFFF) + "b"), ("&#128", "€"),
        ])
    func inAttributes(value: String, decoded: String) throws {
        for quote in ["\"", "'", ""] {
            let nodes = try HTMLNode.parseFragment("<a href=\(quote)\(value)\(quote) title=t>x</a><p>after</p>")
            let link = try #require(nodes.first?.element)
            #expect(link["href"] == decoded, "quoted with [\(quote)]")
            #expect(link["title"] == "t")
            #expect(nodes.last?.textContent == "after")
        }
    }

    @Test("references in scripts, styles and comments are not decoded, as a browser leaves them")
    func rawText() throws {
        let nodes = try HTMLNode.parseFragment(
            "<script>s = '&#150;&#0;'</script><style>a{content:'&#128;'}</style><!--&#150;-->")
        #expect(nodes.map(\.textContent) == ["s = '&#150;&#0;'", "a{content:'&#128;'}", ""])
        #expect(nodes.last == .comment("&#150;"))
    }

    @Test("a NUL in an attribute or in text becomes U+FFFD and keeps the rest of the document")
    func nul() throws {
        let nodes = try HTMLNode.parseFragment("<a href=\"x\u{0}y\">t\u{0}u</a><p>after</p>")
        let link = try #require(nodes.first?.element)
        #expect(link["href"] == "x\u{FFFD}y")
        #expect(nodes.last?.textContent == "after")
    }
}
