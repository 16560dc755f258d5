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

extension JSONValue: Equatable {
    /// Whether two values are equal; numbers compare by value across `.integer` and `.double`,
    /// objects ignore key order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.integer(let a), .double(let b)), (.double(let b), .integer(let a)): Self.exactInteger(b) == a
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    /// `value` as an `Int64` when the conversion is exact, else `nil`.
    static func exactInteger(_ value: Double) -> Int64? {
        Int64(exactly: value)
    }
}

extension JSONValue: Hashable {
    /// Hashes the value consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0)
        case .bool(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .integer(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .double(let value):
            // Integral doubles hash as the integer they equal, so that == and hashing agree.
            if let integer = Self.exactInteger(value) {
                hasher.combine(2)
                hasher.combine(integer)
            } else {
                hasher.combine(3)
                hasher.combine(value)
            }
        case .string(let value):
            hasher.combine(4)
            hasher.combine(value)
        case .array(let value):
            hasher.combine(5)
            hasher.combine(value)
        case .object(let value):
            hasher.combine(6)
            hasher.combine(value)
        }
    }
}
