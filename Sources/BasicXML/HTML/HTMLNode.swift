/// A node of an HTML tree: an element, a run of text, or a comment. Immutable, so a parsed body
/// can be shared across tasks, compared and cached.
///
/// ```swift
/// let nodes = try HTMLNode.parseFragment("<p>Hello, <b>world</b> &amp; 博客园</p>")
/// // [.element(p: [.text("Hello, "), .element(b: [.text("world")]), .text(" & 博客园")])]
/// print(HTMLNode.serialize(nodes))   // <p>Hello, <b>world</b> &amp; 博客园</p>
/// ```
///
/// Text holds decoded characters (`&amp;` is `&`), including the contents of `script` and
/// `style`. Adjacent text is always one `.text` node, and a parsed tree never holds empty text.
public enum HTMLNode: Sendable, Hashable {
    /// An element with its attributes and children.
    case element(HTMLElement)
    /// Text, entities decoded.
    case text(String)
    /// A comment's text, without `<!--` and `-->`.
    case comment(String)

    /// The element, when the node is one.
    public var element: HTMLElement? {
        if case .element(let element) = self { return element }
        return nil
    }

    /// The text of the node and all its descendants, in document order, without comments.
    ///
    /// - Complexity: O(*n*) in the size of the subtree.
    public var textContent: String {
        var result = ""
        var pending: [HTMLNode] = [self]
        while let node = pending.popLast() {
            switch node {
            case .text(let text): result += text
            case .comment: break
            case .element(let element): pending.append(contentsOf: element.children.reversed())
            }
        }
        return result
    }
}
