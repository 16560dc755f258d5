/// An untyped JSON value: what a web API returns before it becomes a model.
///
/// Integers stay exact up to `Int64` (`.integer`); every other number is a `Double`
/// (`.double`). Objects keep their keys in the order they were written or inserted.
///
/// ```swift
/// let doc = try JSONValue(parsing: #"{"data":{"list":[{"name":"cnblogs"}]}}"#)
/// let name = try doc.string(at: "data.list[0].name")   // "cnblogs"
/// ```
///
/// Two numbers are equal when they have the same value, whichever case holds them:
/// `.integer(1) == .double(1.0)`.
public enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int64`.
    case integer(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object whose keys keep their order.
    case object(JSONObject)
}

extension JSONValue {
    /// The deepest nesting of arrays and objects that BasicCore reads or builds: 512 levels, as
    /// Foundation's JSON decoder.
    ///
    /// The parser refuses deeper documents, a key path has at most this many steps, and
    /// ``set(_:at:)-(_,JSONKeyPath)`` refuses to build a deeper value. Rendering, `==` and hashing
    /// work at any depth (they keep their own stacks), but a value built in code much deeper than
    /// this is not supported: Swift releases nested arrays recursively, so destroying one nested
    /// tens of thousands of levels deep can overflow the stack, and `Codable` refuses values
    /// deeper than this (the coders recurse).
    public static let maximumDepth = 512

    /// The name of this value's kind as JSON calls it: `null`, `boolean`, `number`, `string`,
    /// `array` or `object`. Error messages use it.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Whether this value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The array this value holds, or `nil` for any other kind.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The object this value holds, or `nil` for any other kind.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The value for `key` when this is an object that has it; `nil` otherwise.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` when this is an array that has it; `nil` otherwise.
    /// A negative index counts from the end (`-1` is the last element).
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self else { return nil }
        let resolved = index < 0 ? elements.count + index : index
        // Not a ternary: with JSONValue expressible by `nil`, `cond ? value : nil` would give `.null`.
        guard elements.indices.contains(resolved) else { return nil }
        return elements[resolved]
    }
}
