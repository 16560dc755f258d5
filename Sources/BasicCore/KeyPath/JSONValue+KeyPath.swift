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
    public func value(at path: String) throws(KeyPathError) -> JSONValue? {
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
    /// A set never builds a value deeper than ``JSONValue/maximumDepth`` (the path's steps plus
    /// the nesting of `newValue`), nor pads more than ``JSONKeyPath/maximumTotalPadding`` `null`s.
    /// Nothing is changed when it throws.
    ///
    /// - Throws: ``KeyPathError/notAContainer(path:step:found:expected:)`` when a step holds a
    ///   value that is not the container the next step needs;
    ///   ``KeyPathError/indexOutOfRange(path:step:index:count:)`` for an index before the start
    ///   of an array or more than ``JSONKeyPath/maximumPadding`` past its end;
    ///   ``KeyPathError/tooMuchPadding(path:padding:)`` when the steps together would pad more
    ///   than ``JSONKeyPath/maximumTotalPadding``; ``KeyPathError/tooDeep(path:depth:)`` when the
    ///   result would nest deeper than ``JSONValue/maximumDepth``.
    /// - Complexity: O(*k*) in the number of steps, plus the padding, plus O(*m*) in the size of
    ///   `newValue` when it is an array or an object (its depth is measured).
    public mutating func set(_ newValue: JSONValue, at path: JSONKeyPath) throws(KeyPathError) {
        // Check first, so that a failing set leaves the value as it was.
        try Self.checkSettable(self, path: path, newValue: newValue)
        Self.set(newValue, in: &self, path: path)
    }

    /// Sets `newValue` at the path written as text; see ``set(_:at:)-(_,JSONKeyPath)``.
    ///
    /// - Throws: ``KeyPathError``.
    public mutating func set(_ newValue: JSONValue, at path: String) throws(KeyPathError) {
        try set(newValue, at: try JSONKeyPath(path))
    }

    /// Removes the value at `path`: the key from its object, or the element from its array
    /// (later elements move down). Removing the root leaves `null`.
    ///
    /// Works for a path of any length: the containers on the way are kept on a stack, not
    /// reached by recursion.
    ///
    /// - Returns: the removed value, or `nil` when nothing was at `path`.
    /// - Complexity: O(*k*) in the number of steps, plus the size of the container that loses
    ///   the value.
    @discardableResult
    public mutating func removeValue(at path: JSONKeyPath) -> JSONValue? {
        guard let last = path.components.last else {
            let old = self
            self = .null
            return old
        }
        // Check that something is there first, so that nothing is taken apart for nothing.
        guard value(at: path) != nil else { return nil }
        var trail = Trail()
        var current = self
        self = .null  // `current` now holds the only reference, so that it changes in place
        for component in path.components.dropLast() {
            trail.descend(&current, at: component)
        }
        let removed: JSONValue?
        switch (last, current) {
        case (.key(let key), .object(var object)):
            current = .null
            removed = object.removeValue(forKey: key)
            current = .object(object)
        case (.index(let index), .array(var elements)):
            current = .null
            removed = elements.remove(at: index < 0 ? elements.count + index : index)
            current = .array(elements)
        default:
            preconditionFailure("value(at:) found the value, so its container is of the right kind")
        }
        self = trail.reassemble(current)
        return removed
    }

    /// Removes the value at the path written as text; see ``removeValue(at:)-(JSONKeyPath)``.
    ///
    /// - Throws: ``KeyPathError/malformed(path:column:reason:)`` when the text is not a path.
    @discardableResult
    public mutating func removeValue(at path: String) throws(KeyPathError) -> JSONValue? {
        removeValue(at: try JSONKeyPath(path))
    }

    // MARK: Implementation

    /// Walks `path` as `set` will and throws where it would fail.
    private static func checkSettable(_ value: JSONValue, path: JSONKeyPath, newValue: JSONValue) throws(KeyPathError) {
        let steps = path.components.count
        guard steps <= maximumDepth else {
            throw KeyPathError.tooDeep(path: path.description, depth: steps + newValue.depth(limit: maximumDepth))
        }
        var current: JSONValue? = value
        var padding = 0
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
                padding += try checkIndex(index, count: elements.count, path: path, depth: depth)
                let resolved = index < 0 ? elements.count + index : index
                current = elements[safe: resolved]
            case (.index(let index), nil):
                padding += try checkIndex(index, count: 0, path: path, depth: depth)
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
            guard padding <= JSONKeyPath.maximumTotalPadding else {
                throw KeyPathError.tooMuchPadding(path: path.description, padding: padding)
            }
        }
        let newDepth = newValue.depth(limit: maximumDepth - steps)
        guard steps + newDepth <= maximumDepth else {
            throw KeyPathError.tooDeep(path: path.description, depth: steps + newDepth)
        }
    }

    /// Checks an index of a set; returns how many `null`s it pads the array with.
    private static func checkIndex(_ index: Int, count: Int, path: JSONKeyPath, depth: Int) throws(KeyPathError) -> Int
    {
        let resolved = index < 0 ? count + index : index
        guard resolved >= 0, resolved - count <= JSONKeyPath.maximumPadding else {
            throw KeyPathError.indexOutOfRange(
                path: path.description, step: path.prefix(depth).description, index: index, count: count)
        }
        return max(0, resolved - count)
    }

    /// How deeply arrays and objects nest in this value (0 for a scalar, 1 for `[1]`), measured
    /// without recursion; the walk stops once it is past `limit`, returning `limit + 1`.
    func depth(limit: Int) -> Int {
        var deepest = 0
        // Each open container with the position of its next child.
        var open: [(container: JSONValue, position: Int)] = []
        var next: JSONValue? = self
        while true {
            if let value = next {
                switch value {
                case .array(let elements) where !elements.isEmpty:
                    open.append((value, 0))
                case .object(let object) where !object.isEmpty:
                    open.append((value, 0))
                case .array, .object:
                    deepest = max(deepest, open.count + 1)
                default:
                    break
                }
                deepest = max(deepest, open.count)
                if deepest > limit { return limit + 1 }
                next = nil
            }
            guard let top = open.indices.last else { return deepest }
            let position = open[top].position
            switch open[top].container {
            case .array(let elements) where position < elements.count:
                next = elements[position]
            case .object(let object) where position < object.count:
                next = object[position].value
            default:
                open.removeLast()
                continue
            }
            open[top].position = position + 1
        }
    }

    /// One container on the way down a set: what it holds, with the child on the path taken
    /// out of it (left `null`, so that the child is changed in place), and where it goes back.
    /// Stored properties rather than an enum's payloads, so that putting the child back mutates
    /// the only reference to the container's storage instead of a copy of it.
    private struct SetLevel {
        var object: JSONObject?
        var elements: [JSONValue]?
        /// The child's position in `elements`, or in `object` when it had the key.
        var position: Int?
        var key = ""
    }

    /// Sets without checking; `checkSettable` has passed. A loop down the path and back up, not
    /// a recursion: a path of ``maximumDepth`` steps needs no more stack than one of one step,
    /// whatever thread it runs on.
    private static func set(_ newValue: JSONValue, in target: inout JSONValue, path: JSONKeyPath) {
        var levels: [SetLevel] = []
        levels.reserveCapacity(path.components.count)
        // Each value is moved out of its parent before it is changed, so that it is the only
        // reference to its storage and changes in place rather than being copied.
        var current = target
        target = .null
        for component in path.components {
            var child = JSONValue.null
            switch component {
            case .key(let key):
                var object = current.objectValue ?? JSONObject()
                current = .null
                let position = object.index(forKey: key)
                if let position { object.withValue(at: position) { swap(&child, &$0) } }
                levels.append(SetLevel(object: object, position: position, key: key))
            case .index(let index):
                var elements = current.arrayValue ?? []
                current = .null
                let resolved = index < 0 ? elements.count + index : index
                if resolved >= elements.count {
                    elements.append(contentsOf: repeatElement(.null, count: resolved - elements.count + 1))
                }
                swap(&child, &elements[resolved])
                levels.append(SetLevel(elements: elements, position: resolved))
            }
            current = child
        }
        current = newValue
        while !levels.isEmpty {
            var level = levels.removeLast()
            if level.elements != nil, let index = level.position {
                level.elements?[index] = current
                current = .array(level.elements.take() ?? [])
            } else if let position = level.position {
                level.object?.withValue(at: position) { $0 = current }
                current = .object(level.object.take() ?? JSONObject())
            } else {
                level.object?.updateValue(current, forKey: level.key)
                current = .object(level.object.take() ?? JSONObject())
            }
        }
        target = current
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

/// The containers a removal went through, each with the position of the child it leads to (taken
/// out, so that every container is changed in place), to be put back together afterwards.
private struct Trail {
    private var objects: [JSONObject] = []
    private var arrays: [[JSONValue]] = []
    private var steps: [(isObject: Bool, position: Int)] = []

    /// Replaces `current` by its child at `component`, keeping the container; the child is there
    /// (the caller has looked).
    mutating func descend(_ current: inout JSONValue, at component: JSONKeyPath.Component) {
        var child = JSONValue.null
        switch component {
        case .key(let key):
            guard var object = current.objectValue, let position = object.index(forKey: key) else {
                preconditionFailure("value(at:) found the value, so every step on the way is there")
            }
            current = .null  // release the reference so that `object` is changed in place
            object.withValue(at: position) { swap(&child, &$0) }
            objects.append(object)
            steps.append((true, position))
        case .index(let index):
            guard var elements = current.arrayValue else {
                preconditionFailure("value(at:) found the value, so every step on the way is there")
            }
            current = .null
            let position = index < 0 ? elements.count + index : index
            swap(&child, &elements[position])
            arrays.append(elements)
            steps.append((false, position))
        }
        current = child
    }

    /// Puts `value` back where the last step took it from, and so on up to the root.
    mutating func reassemble(_ value: JSONValue) -> JSONValue {
        var value = value
        while let step = steps.popLast() {
            if step.isObject {
                var object = objects.removeLast()
                object.withValue(at: step.position) { $0 = value }
                value = .object(object)
            } else {
                var elements = arrays.removeLast()
                elements[step.position] = value
                value = .array(elements)
            }
        }
        return value
    }
}
