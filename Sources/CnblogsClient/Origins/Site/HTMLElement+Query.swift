import BasicXML

/// Finding elements in a parsed page: the few selectors the cnblogs pages need (by id, by class,
/// by an id prefix), walked over BasicXML's HTML tree without recursion.
extension HTMLElement {
    /// The elements under this one that `matches` accepts, in document order (not this one).
    ///
    /// - Complexity: O(*n*) in the size of the subtree.
    func descendants(where matches: (HTMLElement) -> Bool) -> [HTMLElement] {
        var found: [HTMLElement] = []
        var pending = Array(children.reversed())
        while let node = pending.popLast() {
            guard case .element(let element) = node else { continue }
            if matches(element) { found.append(element) }
            pending.append(contentsOf: element.children.reversed())
        }
        return found
    }

    /// The first element under this one that `matches` accepts, in document order.
    ///
    /// - Complexity: O(*n*) in the size of the subtree.
    func firstDescendant(where matches: (HTMLElement) -> Bool) -> HTMLElement? {
        var pending = Array(children.reversed())
        while let node = pending.popLast() {
            guard case .element(let element) = node else { continue }
            if matches(element) { return element }
            pending.append(contentsOf: element.children.reversed())
        }
        return nil
    }

    /// The element under this one whose `id` is `id` (`#cnblogs_post_body`).
    func element(id: String) -> HTMLElement? {
        firstDescendant { $0["id"] == id }
    }

    /// The elements under this one of class `name` (`.post-item`).
    func elements(class name: String) -> [HTMLElement] {
        descendants { $0.hasClass(name) }
    }

    /// The first element under this one of class `name`, optionally only of tag `tag`.
    func firstElement(class name: String, tag: String? = nil) -> HTMLElement? {
        firstDescendant { $0.hasClass(name) && (tag == nil || $0.name == tag) }
    }

    /// Whether the element's `class` attribute lists `name`.
    func hasClass(_ name: String) -> Bool {
        guard let classes = self["class"] else { return false }
        return classes.split(whereSeparator: \.isWhitespace).contains { $0 == name }
    }

    /// The element's text as one line: its text and its descendants', runs of white space (and
    /// no-break spaces) as one space, trimmed.
    var collapsedText: String {
        HTMLNode.element(self).textContent.split { $0.isWhitespace || $0 == "\u{00A0}" }.joined(separator: " ")
    }
}
