// Equality and hashing of JSONValue and JSONObject, without recursion: a value built in code can
// nest deeper than any stack, so both walk it with stacks of their own on the heap.

extension JSONValue: Equatable {
    /// Whether two values are equal; numbers compare by value across `.integer` and `.double`,
    /// objects ignore key order and compare keys by their Unicode scalars (see ``JSONObject``).
    /// String values compare as Swift's `String ==` does.
    ///
    /// Works at any depth: the comparison does not recurse.
    ///
    /// - Complexity: O(*n*) in the size of the smaller value.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        var walk = EqualityWalk()
        return walk.isEqual(lhs, rhs)
    }

    /// `value` as an `Int64` when the conversion is exact, else `nil`.
    static func exactInteger(_ value: Double) -> Int64? {
        Int64(exactly: value)
    }
}

extension JSONObject: Equatable {
    /// Whether two objects hold the same keys (compared by their Unicode scalars) with equal
    /// values, in any order.
    ///
    /// - Complexity: O(*n*) in the size of the objects.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        var walk = EqualityWalk()
        return walk.isEqual(.object(lhs), .object(rhs))
    }
}

extension JSONValue: Hashable {
    /// Hashes the value consistently with `==`; works at any depth.
    ///
    /// - Complexity: O(*n*) in the size of the value.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .array, .object:
            hasher.combine(HashWalk.digest(of: self))
        default:
            HashWalk.combineScalar(self, into: &hasher)
        }
    }
}

extension JSONObject: Hashable {
    /// Hashes the object independently of key order, consistently with `==`.
    ///
    /// - Complexity: O(*n*) in the size of the object.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(HashWalk.digest(of: .object(self)))
    }
}

/// Compares two values depth first, keeping the pairs of containers being compared, and the
/// position reached in each, on stacks.
private struct EqualityWalk {
    private var containers: [(JSONValue, JSONValue)] = []
    private var positions: [Int] = []

    mutating func isEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        guard enter(lhs, rhs) else { return false }
        while let top = containers.indices.last {
            let position = positions[top]
            let next: (JSONValue, JSONValue)
            switch containers[top] {
            case (.array(let left), .array(let right)):
                guard position < left.count else {
                    pop()
                    continue
                }
                next = (left[position], right[position])
            case (.object(let left), .object(let right)):
                guard position < left.count else {
                    pop()
                    continue
                }
                let member = left[position]
                guard let other = right.index(forKey: member.key) else { return false }
                next = (member.value, right[other].value)
            default:
                preconditionFailure("only pairs of arrays or of objects are pushed")
            }
            positions[top] = position + 1
            guard enter(next.0, next.1) else { return false }
        }
        return true
    }

    /// Compares scalars at once; pushes a pair of containers of equal size to compare their
    /// contents. False when the two already differ.
    private mutating func enter(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.integer(let a), .double(let b)), (.double(let b), .integer(let a)):
            return JSONValue.exactInteger(b) == a
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            guard !a.isEmpty, !Self.shareStorage(a, b) else { return true }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            guard !a.isEmpty else { return true }
        default:
            return false
        }
        containers.append((lhs, rhs))
        positions.append(0)
        return true
    }

    private mutating func pop() {
        containers.removeLast()
        positions.removeLast()
    }

    /// Whether two arrays are one buffer (a copy that was never changed), and so equal.
    private static func shareStorage(_ a: [JSONValue], _ b: [JSONValue]) -> Bool {
        a.withUnsafeBufferPointer { left in
            b.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
        }
    }
}

/// Hashes a value bottom up: each array or object gets a digest from its contents' digests, on
/// a stack rather than by recursion.
private enum HashWalk {
    /// An open container: its value, the key it sits under in its object (nil in an array or at
    /// the root), the position reached, and what its contents hashed to so far.
    private struct Frame {
        var container: JSONValue
        var key: String?
        var position = 0
        /// An array's contents, in order.
        var hasher = Hasher()
        /// An object's entries, each hashed on its own and combined by XOR so that order does not count.
        var entries = 0

        init(container: JSONValue, key: String?) {
            self.container = container
            self.key = key
        }
    }

    /// Feeds a value that is neither an array nor an object to `hasher`.
    static func combineScalar(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .null:
            hasher.combine(0)
        case .bool(let flag):
            hasher.combine(1)
            hasher.combine(flag)
        case .integer(let integer):
            hasher.combine(2)
            hasher.combine(integer)
        case .double(let double):
            // Integral doubles hash as the integer they equal, so that == and hashing agree.
            if let integer = JSONValue.exactInteger(double) {
                hasher.combine(2)
                hasher.combine(integer)
            } else {
                hasher.combine(3)
                hasher.combine(double)
            }
        case .string(let string):
            hasher.combine(4)
            hasher.combine(string)
        case .array, .object:
            preconditionFailure("containers are hashed through digest(of:)")
        }
    }

    /// The digest of an array or an object (tags 5 and 6 keep them apart from scalars and from
    /// each other).
    static func digest(of root: JSONValue) -> Int {
        var frames = [Frame(container: root, key: nil)]
        while let top = frames.indices.last {
            let position = frames[top].position
            let child: JSONValue
            var key: String?
            switch frames[top].container {
            case .array(let elements) where position < elements.count:
                child = elements[position]
            case .object(let object) where position < object.count:
                let member = object[position]
                key = member.key
                child = member.value
            case .array(let elements):
                var hasher = frames[top].hasher
                hasher.combine(5)
                hasher.combine(elements.count)
                let finished = frames.removeLast()
                guard let parent = frames.indices.last else { return hasher.finalize() }
                add(hasher.finalize(), under: finished.key, to: &frames[parent])
                continue
            case .object(let object):
                var hasher = Hasher()
                hasher.combine(6)
                hasher.combine(object.count)
                hasher.combine(frames[top].entries)
                let finished = frames.removeLast()
                guard let parent = frames.indices.last else { return hasher.finalize() }
                add(hasher.finalize(), under: finished.key, to: &frames[parent])
                continue
            default:
                preconditionFailure("only arrays and objects are pushed")
            }
            frames[top].position = position + 1
            switch child {
            case .array, .object:
                frames.append(Frame(container: child, key: key))
            default:
                if let key {
                    var entry = Hasher()
                    key.hashUTF8(into: &entry)
                    combineScalar(child, into: &entry)
                    frames[top].entries ^= entry.finalize()
                } else {
                    combineScalar(child, into: &frames[top].hasher)
                }
            }
        }
        preconditionFailure("the root frame returns its digest when it closes")
    }

    /// Adds a finished container's digest to its parent: in order for an array, as one more
    /// order-free entry for an object.
    private static func add(_ digest: Int, under key: String?, to parent: inout Frame) {
        if let key {
            var entry = Hasher()
            key.hashUTF8(into: &entry)
            entry.combine(digest)
            parent.entries ^= entry.finalize()
        } else {
            parent.hasher.combine(digest)
        }
    }
}
