import BasicCore
import Foundation

/// Reads the model out of a feed document's ``FeedXMLElement`` tree, matching elements by
/// namespace URI and local name, resolving links against `xml:base` and the document's URL.
struct FeedReader {
    /// Where the document was read from, if known.
    let documentURL: URL?

    /// The string a value holds when it is one.
    static func plainString(_ value: JSONValue) -> String? {
        if case .string(let string) = value { return string }
        return nil
    }

    /// The namespace an Atom document's fields are in, when `root` is an Atom `feed`: Atom 1.0's,
    /// Atom 0.3's, or none (a `feed` without a namespace, or with an undeclared `atom:` prefix).
    static func atomNamespace(of root: FeedXMLElement) -> String?? {
        guard root.localName == "feed" else { return nil }
        switch root.namespace {
        case FeedNamespace.atom, FeedNamespace.atom03: return .some(root.namespace)
        case nil: return .some(nil)
        default: return nil
        }
    }

    /// The base URL in effect inside `element`: its `xml:base` resolved against `parent`.
    func base(of element: FeedXMLElement, parent: URL?) -> URL? {
        guard let written = element.attribute("base", in: FeedNamespace.xml)?.trimmingASCIISpaces,
            !written.isEmpty, let resolved = URL(string: written, relativeTo: parent)?.absoluteURL
        else { return parent }
        return resolved
    }

    /// The text of a field that is plain text: all its text, trimmed.
    func text(_ element: FeedXMLElement?) -> String? {
        guard let element else { return nil }
        return FeedXMLElement.trimmed(element.hasElementChildren ? element.textContent : element.directText)
    }

    /// The value and type of an Atom text construct (`title`, `subtitle`, `summary`, `content`,
    /// `rights`): the text for `text`, the markup as a string for `html`, and the children of the
    /// XHTML `div` written as HTML for `xhtml`.
    func atomText(_ element: FeedXMLElement?) -> (value: String?, type: FeedTextType) {
        guard let element else { return (nil, .text) }
        let type = FeedTextType(atomType: element.attribute("type"))
        switch type {
        case .text:
            return (text(element), .text)
        case .html:
            return (markup(element), .html)
        case .xhtml:
            let div = element.elements.first { $0.localName == "div" }
            let nodes = div?.children ?? element.children
            return (FeedXMLElement.trimmed(HTMLNode.serialize(nodes.map(Self.htmlNode))), .xhtml)
        }
    }

    /// The value of a field that is HTML: its text, trimmed; or, when the feed wrote the markup
    /// as XML elements instead of escaping it, those elements written as HTML.
    func markup(_ element: FeedXMLElement?) -> String? {
        guard let element else { return nil }
        guard element.hasElementChildren else { return FeedXMLElement.trimmed(element.directText) }
        return FeedXMLElement.trimmed(HTMLNode.serialize(element.children.map(Self.htmlNode)))
    }

    /// A node of the document as an HTML node: element names and attributes as written without
    /// XML's prefixes (`xhtml:p` is `p`), text as it is.
    static func htmlNode(_ node: FeedXMLNode) -> HTMLNode {
        switch node {
        case .text(let text):
            return .text(text)
        case .element(let element):
            let attributes = element.attributes.map { attribute in
                HTMLAttribute(
                    name: attribute.namespace == FeedNamespace.xml ? attribute.qualifiedName : attribute.localName,
                    value: attribute.value)
            }
            return .element(
                HTMLElement(name: element.localName, attributes: attributes, children: element.children.map(htmlNode)))
        }
    }

    /// The date in a field.
    func date(_ element: FeedXMLElement?) -> Date? {
        text(element).flatMap(FeedDate.date(from:))
    }

    /// The child elements of `element` that are not among `known` (namespace, local name), as
    /// ``XMLConverter`` would make them, by qualified name in order of first appearance.
    func extensions(_ element: FeedXMLElement, known: (FeedXMLElement) -> Bool) -> JSONObject {
        var groups: [(name: String, values: [JSONValue])] = []
        var slots: [String: Int] = [:]
        for case .element(let child) in element.children where !known(child) {
            let name = child.qualifiedName
            let value = child.jsonValue()
            if let slot = slots[name] {
                groups[slot].values.append(value)
            } else {
                slots[name] = groups.count
                groups.append((name, [value]))
            }
        }
        var object = JSONObject(minimumCapacity: groups.count)
        for group in groups {
            object.updateValue(group.values.count == 1 ? group.values[0] : .array(group.values), forKey: group.name)
        }
        return object
    }
}
