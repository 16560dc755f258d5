/// An HTML element: a lowercase name, attributes in the order they were written, and children.
///
/// ```swift
/// let link = HTMLElement("a", attributes: ["href": "https://www.cnblogs.com/"], children: [.text("cnblogs")])
/// link["href"]       // "https://www.cnblogs.com/"
/// link.outerHTML     // <a href="https://www.cnblogs.com/">cnblogs</a>
/// ```
public struct HTMLElement: Sendable, Hashable {
    /// The tag name; the parser gives it in lowercase (`img`, `h2`).
    public let name: String
    /// The attributes, in the order they were written; the parser keeps the first of repeats.
    public let attributes: [HTMLAttribute]
    /// The child nodes, in document order.
    public let children: [HTMLNode]

    /// An element from its parts.
    public init(name: String, attributes: [HTMLAttribute] = [], children: [HTMLNode] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    /// An element whose attributes are written as a literal, in order:
    /// `HTMLElement("img", attributes: ["src": "a.png", "alt": "A"])`.
    public init(_ name: String, attributes: KeyValuePairs<String, String> = [:], children: [HTMLNode] = []) {
        self.init(
            name: name, attributes: attributes.map { HTMLAttribute(name: $0.key, value: $0.value) },
            children: children)
    }

    /// The value of the first attribute called `name` (compared without regard to ASCII case),
    /// or nil when there is none. A bare attribute (`<input disabled>`) has the value `""`.
    public subscript(name: String) -> String? {
        let wanted = name.lowercased()
        return attributes.first { $0.name.lowercased() == wanted }?.value
    }

    /// A copy with other attributes and the same name and children.
    public func with(attributes: [HTMLAttribute]) -> HTMLElement {
        HTMLElement(name: name, attributes: attributes, children: children)
    }

    /// A copy with other children and the same name and attributes.
    public func with(children: [HTMLNode]) -> HTMLElement {
        HTMLElement(name: name, attributes: attributes, children: children)
    }

    /// Whether the element is void: it never has children and is written without an end tag
    /// (`<br>`, `<img src="…">`).
    public var isVoid: Bool { Self.voidElementNames.contains(name.lowercased()) }

    /// The names of HTML's void elements.
    public static let voidElementNames: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link",
        "meta", "param", "source", "track", "wbr",
    ]
}

/// An attribute of an ``HTMLElement``: a name (lowercase from the parser) and its decoded value.
public struct HTMLAttribute: Sendable, Hashable {
    /// The attribute's name.
    public let name: String
    /// The value, entities decoded; `""` for a bare attribute.
    public let value: String

    /// An attribute from its name and value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
