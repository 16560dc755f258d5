extension JSONValue {
    /// The value at `path`, or `nil` where any step is missing or of the wrong kind.
    ///
    /// ```swift
    /// let first = doc.value(at: try JSONKeyPath("data.list[0]"))
    /// ```
    ///
    /// A `null` that is present is a value: this returns `.null` for it, not `nil`.
    ///
    /// - Complexity: O(*k*) in the number of steps (object lookups are O(1) past
    ///   ``JSONObject/indexThreshold`` keys).
    public func value(at path: JSONKeyPath) -> JSONValue? {
        var current = self
        for component in path.components {
            switch component {
            case .key(let key):
                guard case .object(let object) = current, let next = object[key] else { return nil }
                current = next
            case .index(let index):
                guard let next = current[index] else { return nil }
                current = next
            }
        }
        return current
    }

    /// The value at the path written as text; see ``value(at:)-(JSONKeyPath)``.
    ///
    /// - Throws: ``KeyPathError/malformed(path:column:reason:)`` when the text is not a path.
    public func value(at path: String) throws -> JSONValue? {
        value(at: try JSONKeyPath(path))
    }

    /// The value at `path`, or `nil`; the subscript form of ``value(at:)-(JSONKeyPath)``.
    public subscript(path: JSONKeyPath) -> JSONValue? {
        value(at: path)
    }

    /// Sets `newValue` at `path`, creating the objects and arrays missing on the way.
    ///
    /// ```swift
    /// var doc: JSONValue = [:]
    /// try doc.set("hi", at: try JSONKeyPath("a.list[2].title"))
    /// // {"a":{"list":[null,null,{"title":"hi"}]}}
    /// ```
    ///
    /// A missing key or a `null` on the way becomes an object or an array, as the next step
    /// needs. An index past the end of an array pads it with `null`; a negative index counts
    /// from the end. Setting the root path replaces the whole value.
    ///
    /// - Throws: ``KeyPathError/notAContainer(path:step:found:expected:)`` when a step holds a
    ///   value that is not the container the next step needs (nothing is changed then);
    ///   ``KeyPathError/indexOutOfRange(path:step:index:count:)`` for an index before the start
    ///   of an array or more than ``JSONKeyPath/maximumPadding`` past its end.
    public mutating func set(_ newValue: JSONValue, at path: JSONKeyPath) throws {
        // Check first, so that a failing set leaves the value as it was.
        try Self.checkSettable(self, path: path)
        Self.set(newValue, in: &self, path: path, depth: 0)
    }

    /// Sets `newValue` at the path written as text; see ``set(_:at:)-(_,JSONKeyPath)``.
    ///
    /// - Throws: ``KeyPathError``.
    public mutating func set(_ newValue: JSONValue, at path: String) throws {
        try set(newValue, at: try JSONKeyPath(path))
    }

    /// Removes the value at `path`: the key from its object, or the element from its array
    /// (later elements move down). Removing the root leaves `null`.
    ///
    /// - Returns: the removed value, or `nil` when nothing was at `path`.
    @discardableResult
    public mutating func removeValue(at path: JSONKeyPath) -> JSONValue? {
        guard let last = path.components.last else {
            let old = self
            self = .null
            return old
        }
        return Self.remove(last, in: &self, parentPath: path.components.dropLast())
    }

    /// Removes the value at the path written as text; see ``removeValue(at:)-(JSONKeyPath)``.
    ///
    /// - Throws: ``KeyPathError/malformed(path:column:reason:)`` when the text is not a path.
    @discardableResult
    public mutating func removeValue(at path: String) throws -> JSONValue? {
        removeValue(at: try JSONKeyPath(path))
    }

    // MARK: Implementation

    /// Walks `path` as `set` will and throws where it would fail.
    private static func checkSettable(_ value: JSONValue, path: JSONKeyPath) throws {
        var current: JSONValue? = value
        for (depth, component) in path.components.enumerated() {
            // From a missing value or a null on, every container is created empty.
            // Spelled out: in a ternary, `nil` would become JSONValue.null rather than Optional.none.
            var present: JSONValue? = current
            if present?.isNull == true { present = nil }
            switch (component, present) {
            case (.key(let key), .object(let object)?):
                current = object[key]
            case (.key, nil):
                current = nil
            case (.index(let index), .array(let elements)?):
                try checkIndex(index, count: elements.count, path: path, depth: depth)
                let resolved = index < 0 ? elements.count + index : index
                current = elements[safe: resolved]
            case (.index(let index), nil):
                try checkIndex(index, count: 0, path: path, depth: depth)
                current = nil
            case (.key, let found?):
                throw KeyPathError.notAContainer(
                    path: path.description, step: path.prefix(depth).description,
                    found: found.article, expected: "an object")
            case (.index, let found?):
                throw KeyPathError.notAContainer(
                    path: path.description, step: path.prefix(depth).description,
                    found: found.article, expected: "an array")
            }
        }
    }

    private static func checkIndex(_ index: Int, count: Int, path: JSONKeyPath, depth: Int) throws {
        let resolved = index < 0 ? count + index : index
        guard resolved >= 0, resolved - count <= JSONKeyPath.maximumPadding else {
            throw KeyPathError.indexOutOfRange(
                path: path.description, step: path.prefix(depth).description, index: index, count: count)
        }
    }

    /// Sets without checking; `checkSettable` has passed.
    private static func set(_ newValue: JSONValue, in target: inout JSONValue, path: JSONKeyPath, depth: Int) {
        guard depth < path.components.count else {
            target = newValue
            return
        }
        switch path.components[depth] {
        case .key(let key):
            var object = target.objectValue ?? JSONObject()
            target = .null  // release the reference so that `object` is changed in place
            if let position = object.index(forKey: key) {
                object.withValue(at: position) { set(newValue, in: &$0, path: path, depth: depth + 1) }
            } else {
                var child = JSONValue.null
                set(newValue, in: &child, path: path, depth: depth + 1)
                object.updateValue(child, forKey: key)
            }
            target = .object(object)
        case .index(let index):
            var elements = target.arrayValue ?? []
            target = .null
            let resolved = index < 0 ? elements.count + index : index
            if resolved >= elements.count {
                elements.append(contentsOf: repeatElement(.null, count: resolved - elements.count + 1))
            }
            set(newValue, in: &elements[resolved], path: path, depth: depth + 1)
            target = .array(elements)
        }
    }

    private static func remove(
        _ last: JSONKeyPath.Component, in target: inout JSONValue, parentPath: ArraySlice<JSONKeyPath.Component>
    ) -> JSONValue? {
        if let step = parentPath.first {
            let rest = parentPath.dropFirst()
            switch (step, target) {
            case (.key(let key), .object(var object)):
                guard let position = object.index(forKey: key) else { return nil }
                target = .null
                let removed = object.withValue(at: position) { remove(last, in: &$0, parentPath: rest) }
                target = .object(object)
                return removed
            case (.index(let index), .array(var elements)):
                let resolved = index < 0 ? elements.count + index : index
                guard elements.indices.contains(resolved) else { return nil }
                target = .null
                let removed = remove(last, in: &elements[resolved], parentPath: rest)
                target = .array(elements)
                return removed
            default:
                return nil
            }
        }
        switch (last, target) {
        case (.key(let key), .object(var object)):
            guard object.index(forKey: key) != nil else { return nil }
            target = .null
            let removed = object.removeValue(forKey: key)
            target = .object(object)
            return removed
        case (.index(let index), .array(var elements)):
            let resolved = index < 0 ? elements.count + index : index
            guard elements.indices.contains(resolved) else { return nil }
            target = .null
            let removed = elements.remove(at: resolved)
            target = .array(elements)
            return removed
        default:
            return nil
        }
    }

    /// The kind with an article, for messages: "a string", "an array".
    var article: String {
        switch self {
        case .null: "null"
        case .array, .object: "an \(kindName)"
        default: "a \(kindName)"
        }
    }
}
