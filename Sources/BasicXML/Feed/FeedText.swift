import BasicFormat
import CLibXML2

/// How a text field of a feed is written: Atom's `type` attribute (`text`, `html`, `xhtml`), or
/// what RSS's rules say of the element (a title is text, an item's `description` and
/// `content:encoded` are HTML).
///
/// The field itself holds the text as XML decoded it, once; ``FeedText`` makes plain text or HTML
/// of it by its type:
///
/// ```swift
/// FeedText.plainText("A &amp; <b>B</b>", type: .html)   // "A & B"
/// FeedText.plainText("&ldquo;Hi&rdquo;", type: .text)   // "“Hi”": cnblogs' double-escaped titles
/// FeedText.html("1 < 2", type: .text)                   // "1 &lt; 2"
/// ```
public enum FeedTextType: String, Sendable, Hashable {
    /// Plain text: markup in it is literal characters.
    case text
    /// HTML, as a string: the field holds the markup.
    case html
    /// XHTML: the field holds the children of Atom's `<div xmlns="http://www.w3.org/1999/xhtml">`,
    /// written as HTML.
    case xhtml

    /// The type an Atom `type` attribute names; MIME types as Atom's `content` allows them
    /// (`text/html`, `application/xhtml+xml`, `text/plain`). Missing or unknown: ``text``.
    public init(atomType: String?) {
        switch atomType?.trimmingASCIISpaces.lowercased() {
        case "html", "text/html": self = .html
        case "xhtml", "application/xhtml+xml": self = .xhtml
        default: self = .text
        }
    }

    /// Whether the field holds markup (``html`` or ``xhtml``).
    public var isMarkup: Bool { self != .text }
}

/// Plain text and HTML from a feed's text fields, by their ``FeedTextType``.
public enum FeedText {
    /// `text` as one line of plain text, for a title, a list or a search.
    ///
    /// HTML (``FeedTextType/html``, ``FeedTextType/xhtml``) is read by HTML's rules: tags are
    /// dropped (a block element or `<br>` leaves a space), scripts and styles too, character
    /// references are decoded. Plain text keeps any `<` as it is; character references that XML's
    /// decoding left in it are decoded once more, as feeds that escape their text twice (cnblogs'
    /// `&amp;ldquo;`) mean them. White space runs become one space, and the ends are trimmed.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func plainText(_ text: String, type: FeedTextType) -> String {
        let plain: String
        if type.isMarkup, text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) {
            plain = (try? HTMLNode.parseFragment(text)).map(Self.plainText(of:)) ?? HTMLText.decodingReferences(text)
        } else {
            plain = HTMLText.decodingReferences(text)
        }
        return collapsingWhitespace(plain)
    }

    /// `text` as HTML, to show or to render: HTML and XHTML as they are, plain text with `&`, `<`
    /// and `>` escaped (after decoding the references it was left with, as ``plainText(_:type:)`` does).
    public static func html(_ text: String, type: FeedTextType) -> String {
        type.isMarkup ? text : HTMLText.escapingText(HTMLText.decodingReferences(text))
    }

    /// The text of parsed HTML nodes, with a space for each block boundary and none of scripts'
    /// and styles' text.
    static func plainText(of nodes: [HTMLNode]) -> String {
        var result = ""
        var pending: [HTMLNode?] = nodes.reversed()
        while let next = pending.popLast() {
            guard let node = next else {
                result += " "
                continue
            }
            switch node {
            case .text(let text):
                result += text
            case .comment:
                break
            case .element(let element):
                let name = element.name.lowercased()
                if name == "script" || name == "style" { continue }
                if blockElementNames.contains(name) {
                    result += " "
                    pending.append(nil)
                }
                pending.append(contentsOf: element.children.reversed().map(Optional.some))
            }
        }
        return result
    }

    /// Elements whose boundaries separate words.
    static let blockElementNames: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure",
        "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "img", "li", "main", "nav", "ol", "p",
        "pre", "section", "table", "td", "th", "tr", "ul",
    ]

    /// Whether `scalar` has Unicode's White_Space property, from the property's list (far
    /// faster than looking the property up).
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Runs of white space as one space, the ends trimmed.
    static func collapsingWhitespace(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isWhitespace(scalar) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces, tabs and line breaks.
    var trimmingASCIISpaces: String { FeedXMLElement.trimmed(self) }
}
