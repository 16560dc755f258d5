@testable import BasicXML
import Testing

/// ``HTMLParserRules`` against libxml2 itself: every start tag that closes an open element, and
/// no other, every end-tag priority and every empty element, probed with small documents.
@Suite struct HTMLParserRulesTests {
    /// The element names libxml2 2.9.14 knows, less `html`, `head` and `body` and the raw-text
    /// `script` and `style`.
    static let knownNames = [
        "a", "abbr", "acronym", "address", "applet", "area", "b", "base", "basefont", "bdo", "big", "blockquote",
        "br", "button", "caption", "center", "cite", "code", "col", "colgroup", "dd", "del", "dfn", "dir", "div", "dl",
        "dt", "em", "embed", "fieldset", "font", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
        "i", "iframe", "img", "input", "ins", "isindex", "kbd", "label", "legend", "li", "link", "map", "menu", "meta",
        "noframes", "noscript", "object", "ol", "optgroup", "option", "p", "param", "pre", "q", "s", "samp", "select",
        "small", "span", "strike", "strong", "sub", "sup", "table", "tbody", "td", "textarea", "tfoot", "th", "thead",
        "title", "tr", "tt", "u", "ul", "var",
    ]

    /// The children of the `div` that `html` is parsed inside.
    static func children(of html: String) throws -> [HTMLElement] {
        let nodes = try HTMLNode.parseFragment("<div>\(html)</div>")
        return (nodes.first?.element?.children ?? []).compactMap(\.element)
    }

    @Test("the start tags that close an open element are exactly the ones libxml2 closes it for", arguments: knownNames)
    func closingStartTags(open: String) throws {
        // The tree moves what libxml2 puts inside `embed` and the other void elements out of them.
        guard !HTMLParserRules.emptyElements.contains(open), !HTMLElement.voidElementNames.contains(open) else {
            return
        }
        for name in Self.knownNames {
            let children = try Self.children(of: "<\(open)><\(name)>")
            let first = try #require(children.first, "<\(open)><\(name)>")
            let closed = !first.children.contains { $0.element?.name == name }
            #expect(
                closed == HTMLParserRules.startTag(name, closes: open),
                "<\(open)><\(name)>: libxml2 \(closed ? "closes" : "keeps") the \(open)")
        }
    }

    @Test("unknown and prefixed-looking names close nothing and are closed by nothing")
    func unknownNames() throws {
        for (open, name) in [("section", "p"), ("p", "section"), ("foo", "div"), ("li", "article")] {
            let first = try #require(try Self.children(of: "<\(open)><\(name)>").first)
            #expect(first.children.contains { $0.element?.name == name }, "<\(open)><\(name)>")
            #expect(!HTMLParserRules.startTag(name, closes: open))
        }
    }

    @Test("an end tag closes the elements above its own only when none has a higher priority")
    func endPriorities() throws {
        let names = ["div", "td", "th", "tr", "thead", "tbody", "tfoot", "table", "b", "font", "p", "ul", "foo"]
        for end in names {
            for above in names where above != end {
                // Only pairs where `above` really ends up inside `end` say anything about priorities.
                let opened = try Self.children(of: "<span><\(end)><\(above)>").first?.children.first?.element
                guard let opened, opened.name == end, opened.children.contains(where: { $0.element?.name == above })
                else { continue }
                let span = try #require(
                    try Self.children(of: "<span><\(end)><\(above)></\(end)><em>t</em></span>").first)
                let closedThrough = span.children.contains { $0.element?.name == "em" }
                let expected = HTMLParserRules.endPriority(above) <= HTMLParserRules.endPriority(end)
                #expect(closedThrough == expected, "</\(end)> with <\(above)> open above it")
            }
        }
    }

    @Test("libxml2's empty elements are exactly the ones the rules list", arguments: knownNames)
    func emptyElements(name: String) throws {
        guard !HTMLElement.voidElementNames.subtracting(HTMLParserRules.emptyElements).contains(name) else { return }
        let first = try #require(try Self.children(of: "<\(name)><em>t</em>").first)
        let isEmpty = !first.children.contains { $0.element?.name == "em" }
        #expect(isEmpty == HTMLParserRules.emptyElements.contains(name), "<\(name)>")
    }
}
