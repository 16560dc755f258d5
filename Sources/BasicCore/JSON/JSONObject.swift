/// A JSON object: string keys to ``JSONValue``s, in insertion order.
///
/// Lookups are linear for small objects (as most API objects are) and go through a hash
/// index once an object grows past ``indexThreshold`` keys. Setting an existing key keeps its
/// position; removing a key closes the gap.
///
/// ```swift
/// var author: JSONObject = ["name": "Ann", "uri": "http://www.cnblogs.com/ann/"]
/// author["avatar"] = nil        // removes nothing: there was no avatar
/// author.keys                   // ["name", "uri"]
/// ```
///
/// Two objects are equal when they hold the same keys with equal values, in any order.
///
/// Keys are compared by their Unicode scalars (their UTF-8 bytes), as RFC 8259 §8.3 and every other
/// JSON implementation compare them, not by Swift's `String ==`, which holds canonically equivalent
/// strings equal: `"é"` (U+00E9) and `"e\u{301}"` (`e` and a combining accent) are two keys, each
/// with its own value, and a lookup finds only the key spelled with the same scalars.
public struct JSONObject: Sendable {
    /// Objects with more keys than this keep a hash index of their keys.
    ///
    /// Up to about 32 keys a linear scan (a length check per key, a `memcmp` for keys of the same
    /// length) finds a key in fewer instructions than hashing it does (measured under callgrind:
    /// 170 to 300 per lookup for 4 to 16 keys, 480 for a hashed one), and building no index
    /// saves hashing every key of every object parsed; at 24 a lookup of a missing key costs at
    /// most about 1.4 times a hashed one.
    public static let indexThreshold = 24

    /// A key and its value, as stored.
    struct Entry: Sendable {
        var key: String
        var value: JSONValue
    }

    /// The entries in key order.
    private var entries: [Entry]
    /// Position of each key, compared by UTF-8 bytes; present only past `indexThreshold` keys.
    private var positions: [UTF8Key: Int]?

    /// An empty object.
    public init() {
        entries = []
    }

    /// An empty object with room for `minimumCapacity` keys.
    public init(minimumCapacity: Int) {
        entries = []
        entries.reserveCapacity(minimumCapacity)
    }

    /// An object with the given pairs in order; a repeated key keeps its first position and
    /// takes the last value.
    public init(_ pairs: some Sequence<(String, JSONValue)>) {
        self.init()
        for (key, value) in pairs {
            self[key] = value
        }
    }

    /// An object from parsed entries that the parser found distinct, at most ``indexThreshold``
    /// of them.
    init(distinctParsed entries: [Entry]) {
        assert(entries.count <= Self.indexThreshold, "a parsed object past the threshold needs its index")
        self.entries = entries
    }

    /// An object from parsed entries, which may repeat a key.
    init(parsed: [Entry]) {
        entries = parsed
        if parsed.count > Self.indexThreshold {
            var map = [UTF8Key: Int](minimumCapacity: parsed.count)
            for (position, entry) in parsed.enumerated()
            where map.updateValue(position, forKey: UTF8Key(entry.key)) != nil {
                self = JSONObject(parsed.lazy.map { ($0.key, $0.value) })
                return
            }
            positions = map
        } else if parsed.count > 1 {
            for later in 1..<parsed.count {
                for earlier in 0..<later where parsed[earlier].key.hasSameUTF8(as: parsed[later].key) {
                    self = JSONObject(parsed.lazy.map { ($0.key, $0.value) })
                    return
                }
            }
        }
    }

    /// The keys, in order.
    ///
    /// - Complexity: O(*n*).
    public var keys: [String] { entries.map(\.key) }

    /// The values, in the order of ``keys``.
    ///
    /// - Complexity: O(*n*).
    public var values: [JSONValue] { entries.map(\.value) }

    /// The number of keys.
    public var count: Int { entries.count }

    /// Whether the object has no keys.
    public var isEmpty: Bool { entries.isEmpty }

    /// The position of `key` in ``keys``, or `nil` when the object lacks it. Keys match when
    /// they have the same Unicode scalars.
    ///
    /// - Complexity: O(1) on average past ``indexThreshold`` keys, O(*n*) below.
    public func index(forKey key: String) -> Int? {
        if let positions {
            return positions[UTF8Key(key)]
        }
        // The key's bytes are read once for the whole scan, each entry's key compared with them by
        // length, then `memcmp`.
        let found = key.utf8.withContiguousStorageIfAvailable { bytes in
            entries.firstIndex { $0.key.utf8.hasBytes(bytes) }
        }
        if let found { return found }
        return entries.firstIndex { $0.key.hasSameUTF8(as: key) }
    }

    /// The value for `key`; setting `nil` removes the key.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = index(forKey: key) else { return nil }
            return entries[position].value
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Sets the value for `key`, appending the key when it is new.
    ///
    /// - Returns: the value it replaced, if any.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        if let position = index(forKey: key) {
            let old = entries[position].value
            entries[position].value = value
            return old
        }
        entries.append(Entry(key: key, value: value))
        if positions != nil {
            positions?[UTF8Key(key)] = entries.count - 1
        } else if entries.count > Self.indexThreshold {
            rebuildPositions()
        }
        return nil
    }

    /// Appends `key` and its value without looking for `key` first: for builders that know
    /// their keys are distinct (BasicXML's converter checks them by number), where
    /// ``updateValue(_:forKey:)`` would compare each new key with every earlier one.
    ///
    /// - Precondition: the object lacks `key` (checked in debug builds only).
    package mutating func appendUnchecked(_ value: consuming JSONValue, forKey key: consuming String) {
        assert(index(forKey: key) == nil, "appendUnchecked with a key the object already has")
        // The key and value are moved into the entry, not copied in and released by the caller.
        if positions != nil { positions?[UTF8Key(copy key)] = entries.count }
        entries.append(Entry(key: key, value: value))
        if positions == nil && entries.count > Self.indexThreshold { rebuildPositions() }
    }

    /// Removes `key` and its value.
    ///
    /// - Returns: the removed value, or `nil` when the object lacked the key.
    /// - Complexity: O(*n*).
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = index(forKey: key) else { return nil }
        let old = entries.remove(at: position).value
        if entries.count > Self.indexThreshold {
            rebuildPositions()
        } else {
            positions = nil
        }
        return old
    }

    /// Reads or changes the value at a position in the key order.
    mutating func withValue<R>(at position: Int, _ body: (inout JSONValue) throws -> R) rethrows -> R {
        try body(&entries[position].value)
    }

    private mutating func rebuildPositions() {
        var map = [UTF8Key: Int](minimumCapacity: entries.count)
        for (position, entry) in entries.enumerated() {
            map[UTF8Key(entry.key)] = position
        }
        positions = map
    }
}

extension JSONObject: RandomAccessCollection {
    /// A key and its value.
    public typealias Element = (key: String, value: JSONValue)

    /// The position of the first key.
    public var startIndex: Int { 0 }

    /// One past the position of the last key.
    public var endIndex: Int { entries.count }

    /// The key and value at `position` in the key order.
    public subscript(position: Int) -> Element {
        (entries[position].key, entries[position].value)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object whose keys keep the order they are written in.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
