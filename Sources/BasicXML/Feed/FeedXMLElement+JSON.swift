import BasicCore

extension FeedXMLElement {
    /// The element as ``XMLConverter`` makes it with ``XMLConverter/Configuration/feed``: what an
    /// extension element of a feed becomes.
    ///
    /// An element without attributes or child elements is its trimmed text, or `null` when it has
    /// none; otherwise an object of `_`-prefixed attributes, then child elements by qualified
    /// name in order of first appearance (a repeated name holds an array), then its own trimmed
    /// text under `__text`.
    func jsonValue(configuration: XMLConverter.Configuration = .feed) -> JSONValue {
        let text = Self.trimmed(directText)
        guard !attributes.isEmpty || hasElementChildren else {
            return text.isEmpty ? .null : .string(text)
        }
        var object = JSONObject()
        for attribute in attributes {
            object.updateValue(
                .string(attribute.value), forKey: configuration.attributePrefix + attribute.qualifiedName)
        }
        var groups: [(name: String, values: [JSONValue])] = []
        var slots: [String: Int] = [:]
        for element in elements {
            let name = element.qualifiedName
            let value = element.jsonValue(configuration: configuration)
            if let slot = slots[name] {
                groups[slot].values.append(value)
            } else {
                slots[name] = groups.count
                groups.append((name, [value]))
            }
        }
        for group in groups {
            object.updateValue(group.values.count == 1 ? group.values[0] : .array(group.values), forKey: group.name)
        }
        if !text.isEmpty { object.updateValue(.string(text), forKey: configuration.textKey) }
        return .object(object)
    }

    /// `text` without leading and trailing XML white space (space, tab, line feed, carriage return).
    static func trimmed(_ text: String) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
        guard let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == bytes.startIndex && last == bytes.index(before: bytes.endIndex) { return text }
        return String(text[first...last])
    }

    /// An element rebuilt from the JSON ``XMLConverter`` made of it with `configuration`, for
    /// ``Feed/init(converted:)``: keys with the attribute prefix become attributes, `__text` its
    /// text, other keys child elements (an array one element per value). The order of differently
    /// named children and the namespace declarations are gone; namespaces come back from the
    /// prefixes feeds conventionally use (`dc:`, `content:`, `atom:`), and an unprefixed name
    /// takes `defaultNamespace`.
    init(converted value: JSONValue, name: String, defaultNamespace: String?, configuration: XMLConverter.Configuration)
    {
        let (prefix, localName) = Self.split(name)
        let namespace = prefix.map { FeedNamespace.conventionalPrefixes[$0] } ?? defaultNamespace
        self.init(namespace: namespace, prefix: prefix, localName: localName)
        switch value {
        case .object(let object):
            for (key, member) in object {
                if key == configuration.textKey {
                    if case .string(let text) = member { children.append(.text(text)) }
                } else if key == configuration.nameKey || key == configuration.commentKey {
                    continue
                } else if key.hasPrefix(configuration.attributePrefix) {
                    let (attributePrefix, attributeName) = Self.split(
                        String(key.dropFirst(configuration.attributePrefix.count)))
                    attributes.append(
                        FeedXMLAttribute(
                            namespace: attributePrefix.flatMap { FeedNamespace.conventionalPrefixes[$0] },
                            prefix: attributePrefix, localName: attributeName, value: member.asString ?? ""))
                } else {
                    let members: [JSONValue] = if case .array(let values) = member { values } else { [member] }
                    for child in members {
                        children.append(
                            .element(
                                FeedXMLElement(
                                    converted: child, name: key, defaultNamespace: defaultNamespace,
                                    configuration: configuration)))
                    }
                }
            }
        case .string(let text):
            children.append(.text(text))
        case .array(let values):
            if let first = values.first {
                self.init(
                    converted: first, name: name, defaultNamespace: defaultNamespace, configuration: configuration)
            }
        case .null, .bool, .integer, .double:
            if let text = value.asString { children.append(.text(text)) }
        }
    }

    /// `dc:creator` as (`dc`, `creator`); `title` as (nil, `title`).
    private static func split(_ name: String) -> (prefix: String?, localName: String) {
        guard let colon = name.firstIndex(of: ":") else { return (nil, name) }
        return (String(name[..<colon]), String(name[name.index(after: colon)...]))
    }
}
