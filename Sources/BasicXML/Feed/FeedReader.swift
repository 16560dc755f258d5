import BasicCore

/// Reads the model out of a feed converted by ``XMLConverter`` with namespace prefixes kept.
struct FeedReader {
    let configuration: XMLConverter.Configuration

    /// `name` without an `atom:` prefix, for feeds that write the Atom namespace with one.
    static func localName(_ name: String) -> String {
        name.hasPrefix("atom:") ? String(name.dropFirst(5)) : name
    }

    /// The string a value holds when it is one.
    static func plainString(_ value: JSONValue) -> String? {
        if case .string(let string) = value { return string }
        return nil
    }

    /// The child elements of `element` named `name` (with or without `atom:`), in order.
    func children(_ element: JSONValue, _ name: String) -> [JSONValue] {
        guard let object = element.objectValue else { return [] }
        var found: [JSONValue] = []
        for (key, value) in object where !isSpecial(key) && Self.localName(key) == name {
            if case .array(let elements) = value { found += elements } else { found.append(value) }
        }
        return found
    }

    /// The first child named `name`.
    func child(_ element: JSONValue, _ name: String) -> JSONValue? {
        children(element, name).first
    }

    /// The text of an element: its string, its `__text`, `""` when it is present but empty.
    func text(_ element: JSONValue?) -> String? {
        switch element {
        case nil: nil
        case .string(let string): string
        case .object(let object): object[configuration.textKey].flatMap(Self.plainString) ?? ""
        case .array(let elements): text(elements.first)
        default: ""
        }
    }

    /// The text of the first child named `name`.
    func text(_ element: JSONValue, _ name: String) -> String? {
        text(child(element, name))
    }

    /// An attribute of an element.
    func attribute(_ element: JSONValue, _ name: String) -> String? {
        element[configuration.attributePrefix + name].flatMap(Self.plainString)
    }

    /// Whether `key` is an attribute, the text or the name rather than a child element.
    func isSpecial(_ key: String) -> Bool {
        key.hasPrefix(configuration.attributePrefix) || key == configuration.textKey || key == configuration.nameKey
            || key == configuration.commentKey
    }

    /// The child elements of `element` that are not in `known` (local names).
    func extensions(_ element: JSONValue, known: Set<String>) -> JSONObject {
        var extensions = JSONObject()
        guard let object = element.objectValue else { return extensions }
        for (key, value) in object where !isSpecial(key) && !known.contains(Self.localName(key)) {
            extensions.updateValue(value, forKey: key)
        }
        return extensions
    }
}
