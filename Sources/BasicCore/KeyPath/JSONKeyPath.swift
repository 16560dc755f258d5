/// A parsed path into a ``JSONValue``: `data.list[0]`, `a.b[2][1].c`, `["key.with.dots"]`,
/// `list[-1]`.
///
/// Parse once and reuse; the value is `Hashable` and prints back as its canonical text.
///
/// ```swift
/// let path = try JSONKeyPath("data.list[-1].title")
/// let title = doc.value(at: path)
/// print(path)            // data.list[-1].title
/// ```
///
/// Grammar: keys separated by `.`; an index in brackets (`[0]`, `[-1]` counts from the end);
/// a key with any characters in brackets and quotes (`["a.b"]` or `['a.b']`; a backslash
/// escapes a quote or a backslash: `["say \"hi\""]`). The empty text is the root: the whole
/// document.
///
/// The text is read by Unicode scalars, and keys match an object's keys when they have the same
/// scalars (see ``JSONObject``): `["é"]` written with U+00E9 does not find a key written `e` and
/// U+0301. Two paths are equal when their steps are, keys compared the same way. A path has at
/// most ``JSONValue/maximumDepth`` steps.
///
/// Named `JSONKeyPath` so that it does not hide the standard library's `KeyPath<Root, Value>`.
public struct JSONKeyPath: Hashable, Sendable {
    /// One step of a path.
    public enum Component: Hashable, Sendable {
        /// A key of an object.
        case key(String)
        /// An index into an array; negative counts from the end.
        case index(Int)

        /// Whether two steps are the same: keys with the same Unicode scalars, or equal indexes.
        public static func == (lhs: Component, rhs: Component) -> Bool {
            switch (lhs, rhs) {
            case (.key(let a), .key(let b)): a.hasSameUTF8(as: b)
            case (.index(let a), .index(let b)): a == b
            default: false
            }
        }

        /// Hashes the step consistently with `==`.
        public func hash(into hasher: inout Hasher) {
            switch self {
            case .key(let key):
                hasher.combine(0)
                key.hashUTF8(into: &hasher)
            case .index(let index):
                hasher.combine(1)
                hasher.combine(index)
            }
        }
    }

    /// Setting an index more than this far past the end of an array is an error rather than
    /// an allocation of that many `null`s.
    public static let maximumPadding = 100_000

    /// The most `null`s one set may pad arrays with, over all its steps: `[100000]` repeated
    /// 500 times would otherwise ask for 50 million.
    public static let maximumTotalPadding = 1_000_000

    /// The steps, from the root.
    public var components: [Component]

    /// A path made of these steps.
    public init(components: [Component]) {
        self.components = components
    }

    /// The empty path: the whole document.
    public static let root = JSONKeyPath(components: [])

    /// Parses a key path.
    ///
    /// - Throws: ``KeyPathError/malformed(path:column:reason:)`` quoting the text and the column
    ///   of the first problem; ``KeyPathError/tooManySteps(path:steps:)`` for more than
    ///   ``JSONValue/maximumDepth`` steps.
    /// - Complexity: O(*n*) in the length of `text`.
    public init(_ text: String) throws(KeyPathError) {
        var parser = KeyPathParser(text: text)
        components = try parser.parse()
    }

    /// This path followed by one more step.
    public func appending(_ component: Component) -> JSONKeyPath {
        JSONKeyPath(components: components + [component])
    }

    /// The path made of the first `count` steps.
    public func prefix(_ count: Int) -> JSONKeyPath {
        JSONKeyPath(components: Array(components.prefix(count)))
    }
}

extension JSONKeyPath: CustomStringConvertible {
    /// The canonical text: keys joined with `.`, indexes in brackets, keys that need it
    /// quoted in brackets. Parsing it gives an equal path.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isPlainKey(key):
                if !text.isEmpty { text += "." }
                text += key
            case .key(let key):
                var escaped = String.UnicodeScalarView()
                for scalar in key.unicodeScalars {
                    if scalar == "\"" || scalar == "\\" { escaped.append("\\") }
                    escaped.append(scalar)
                }
                text += "[\"\(String(escaped))\"]"
            }
        }
        return text
    }

    /// Whether `key` can be written without brackets and quotes.
    static func isPlainKey(_ key: String) -> Bool {
        !key.isEmpty && !key.unicodeScalars.contains { KeyPathParser.reservedScalars.contains($0) }
    }
}
