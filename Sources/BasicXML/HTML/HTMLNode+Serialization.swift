import BasicFormat

extension HTMLNode {
    /// `nodes` written as HTML.
    ///
    /// ```swift
    /// let image = HTMLElement("img", attributes: ["src": "a.png", "alt": "\"A\" & B"])
    /// HTMLNode.serialize([.element(image), .text("1 < 2")])
    /// // <img src="a.png" alt="&quot;A&quot; &amp; B">1 &lt; 2
    /// ```
    ///
    /// Text escapes `&`, `<` and `>`; attribute values are double-quoted and escape `&`, `"`, `<`
    /// and `>`; void elements (``HTMLElement/isVoid``) have no end tag and no children. Text in
    /// `script` and `style` is written as it is, except that `</` becomes `<\/` so it cannot end
    /// the element early; a comment cannot end early either. Names that HTML cannot hold (with
    /// spaces, quotes, `<`, `>`, `/` or `=`) are left out: an element keeps only its children, an
    /// attribute is dropped. Parsing the result gives the same nodes back.
    ///
    /// - Complexity: O(*n*) in the size of the tree.
    public static func serialize(_ nodes: [HTMLNode]) -> String {
        var writer = HTMLWriter()
        writer.write(nodes)
        return writer.output
    }

    /// The node written as HTML, by the rules of ``serialize(_:)``.
    public var outerHTML: String { Self.serialize([self]) }
}

extension HTMLElement {
    /// The element written as HTML, start tag, children and end tag, by the rules of
    /// ``HTMLNode/serialize(_:)``.
    public var outerHTML: String { HTMLNode.serialize([.element(self)]) }

    /// The element's children written as HTML, by the rules of ``HTMLNode/serialize(_:)``.
    public var innerHTML: String { HTMLNode.serialize(children) }
}

/// Writes nodes as HTML without recursion.
struct HTMLWriter {
    /// What has been written.
    var output = ""

    /// A step of the walk: a node to write, or an element's end tag.
    private enum Step {
        case node(HTMLNode, rawText: Bool)
        case end(String)
    }

    /// The elements whose text HTML parsers do not decode.
    static let rawTextElements: Set<String> = ["script", "style"]

    mutating func write(_ nodes: [HTMLNode]) {
        var steps: [Step] = nodes.reversed().map { .node($0, rawText: false) }
        while let step = steps.popLast() {
            switch step {
            case .end(let name):
                output += "</\(name)>"
            case .node(.text(let text), let rawText):
                output += rawText ? Self.rawText(text) : HTMLText.escapingText(text)
            case .node(.comment(let text), _):
                output += "<!--\(Self.commentText(text))-->"
            case .node(.element(let element), let rawText):
                guard Self.isValidName(element.name) else {
                    steps.append(contentsOf: element.children.reversed().map { .node($0, rawText: rawText) })
                    continue
                }
                output += "<\(element.name)"
                for attribute in element.attributes where Self.isValidName(attribute.name) {
                    output += " \(attribute.name)=\"\(HTMLText.escapingAttribute(attribute.value))\""
                }
                output += ">"
                guard !element.isVoid else { continue }
                steps.append(.end(element.name))
                let childrenAreRaw = Self.rawTextElements.contains(element.name.lowercased())
                steps.append(contentsOf: element.children.reversed().map { .node($0, rawText: childrenAreRaw) })
            }
        }
    }

    /// Script or style text, with `</` broken up so that it cannot close the element.
    static func rawText(_ text: String) -> String {
        text.contains("</") ? text.replacing("</", with: "<\\/") : text
    }

    /// A comment's text that cannot end the comment early: no `--`, and no leading `>` or `->`.
    static func commentText(_ text: String) -> String {
        var result = text
        while result.contains("--") { result = result.replacing("--", with: "- -") }
        if result.hasPrefix(">") || result.hasPrefix("-") { result = " " + result }
        if result.hasSuffix("-") { result += " " }
        return result
    }

    /// Whether `name` can be written as an element or attribute name.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" || first == ":"
        else { return false }
        return !name.unicodeScalars.contains {
            $0.value <= 0x20 || $0.value == 0x7F || $0 == "\"" || $0 == "'" || $0 == "<" || $0 == ">" || $0 == "/"
                || $0 == "="
        }
    }
}
