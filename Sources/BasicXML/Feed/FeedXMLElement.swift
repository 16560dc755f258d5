/// An element of a feed document as the feed reader sees it: its namespace URI beside the prefix
/// it was written with, its attributes, and its children with text and elements in document order
/// (what an Atom `type="xhtml"` div needs, and what the JSON form of ``XMLConverter`` gives up).
struct FeedXMLElement: Sendable {
    /// The namespace URI, or nil for an element in no namespace.
    var namespace: String?
    /// The prefix it was written with, or nil.
    var prefix: String?
    /// The name without its prefix.
    var localName: String
    /// The attributes in document order; namespace declarations are not among them.
    var attributes: [FeedXMLAttribute]
    /// Text and elements, in document order; text is as written (entities decoded, white space kept).
    var children: [FeedXMLNode]

    init(
        namespace: String?, prefix: String?, localName: String, attributes: [FeedXMLAttribute] = [],
        children: [FeedXMLNode] = []
    ) {
        self.namespace = namespace
        self.prefix = prefix
        self.localName = localName
        self.attributes = attributes
        self.children = children
    }

    /// The name as written: `dc:creator`, `title`.
    var qualifiedName: String {
        guard let prefix else { return localName }
        return prefix + ":" + localName
    }

    /// The child elements, in order.
    var elements: [FeedXMLElement] {
        children.compactMap { node in
            if case .element(let element) = node { return element }
            return nil
        }
    }

    /// Whether the element is `localName` in `namespace`.
    func isNamed(_ localName: String, in namespace: String?) -> Bool {
        self.localName == localName && self.namespace == namespace
    }

    /// The child elements called `localName` in `namespace`, in order.
    func elements(_ localName: String, in namespace: String?) -> [FeedXMLElement] {
        var found: [FeedXMLElement] = []
        for case .element(let element) in children where element.isNamed(localName, in: namespace) {
            found.append(element)
        }
        return found
    }

    /// The first child element called `localName` in `namespace`.
    func element(_ localName: String, in namespace: String?) -> FeedXMLElement? {
        for case .element(let element) in children where element.isNamed(localName, in: namespace) {
            return element
        }
        return nil
    }

    /// The value of the attribute `localName` in `namespace` (nil: an unprefixed attribute).
    func attribute(_ localName: String, in namespace: String? = nil) -> String? {
        attributes.first { $0.localName == localName && $0.namespace == namespace }?.value
    }

    /// The element's own text pieces joined, without its children's.
    var directText: String {
        if children.count == 1, case .text(let only) = children[0] { return only }
        var text = ""
        for case .text(let piece) in children { text += piece }
        return text
    }

    /// The text of the element and all its descendants, in document order.
    ///
    /// - Complexity: O(*n*) in the size of the subtree.
    var textContent: String {
        var result = ""
        var pending: [FeedXMLNode] = children.reversed()
        while let node = pending.popLast() {
            switch node {
            case .text(let text): result += text
            case .element(let element): pending.append(contentsOf: element.children.reversed())
            }
        }
        return result
    }

    /// Whether any child is an element.
    var hasElementChildren: Bool {
        children.contains { node in
            if case .element = node { return true }
            return false
        }
    }
}

/// An attribute of a ``FeedXMLElement``.
struct FeedXMLAttribute: Sendable {
    /// The namespace URI; nil for an unprefixed attribute.
    var namespace: String?
    /// The prefix it was written with, or nil.
    var prefix: String?
    /// The name without its prefix.
    var localName: String
    /// The value, entities decoded.
    var value: String

    /// The name as written: `xml:base`, `href`.
    var qualifiedName: String {
        guard let prefix else { return localName }
        return prefix + ":" + localName
    }
}

/// A child of a ``FeedXMLElement``: an element or a run of text.
enum FeedXMLNode: Sendable {
    case element(FeedXMLElement)
    case text(String)
}

/// The namespaces the feed reader knows fields in.
enum FeedNamespace {
    static let atom = "http://www.w3.org/2005/Atom"
    /// Atom 0.3, which older feeds still use.
    static let atom03 = "http://purl.org/atom/ns#"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let xhtml = "http://www.w3.org/1999/xhtml"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    /// RSS 1.0's own elements.
    static let rss10 = "http://purl.org/rss/1.0/"

    /// The namespaces of the prefixes feeds conventionally use, for a document whose namespace
    /// declarations are gone (``Feed/init(converted:)``) or were never written.
    static let conventionalPrefixes: [String: String] = [
        "atom": atom, "dc": dublinCore, "content": content, "xml": xml, "xhtml": xhtml, "rdf": rdf,
    ]
}
