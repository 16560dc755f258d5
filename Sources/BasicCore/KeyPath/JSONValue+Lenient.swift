extension JSONValue {
    /// The value as a string, leniently: a string as it is, a number or a boolean as its JSON
    /// text (`12`, `1.5`, `true`); `nil` for `null`, arrays and objects.
    public var asString: String? {
        switch self {
        case .string(let string): string
        case .integer, .double, .bool: jsonString()
        case .null, .array, .object: nil
        }
    }

    /// The value as an `Int`, leniently: `123`, `123.0` and `"123"` (or `" 123 "`, `"123.0"`,
    /// `"1e3"`) all give 123. A fraction (`1.5`), a number out of `Int`'s range, a boolean or
    /// any other text gives `nil`.
    public var asInt: Int? {
        switch self {
        case .integer(let integer): Int(exactly: integer)
        case .double(let double): Int(exactly: double)
        case .string(let string): Self.decimalNumber(in: string).flatMap { $0.asInt }
        case .null, .bool, .array, .object: nil
        }
    }

    /// The value as a `Double`, leniently: any number, or a string holding a decimal number
    /// (`"1.5"`, `" 2e3 "`). `"nan"`, `"inf"`, hexadecimal, booleans and other text give `nil`.
    public var asDouble: Double? {
        switch self {
        case .integer(let integer): Double(integer)
        case .double(let double): double
        case .string(let string): Self.decimalNumber(in: string).flatMap { $0.asDouble }
        case .null, .bool, .array, .object: nil
        }
    }

    /// The value as a `Bool`, leniently: `true`/`false`; the numbers `1` and `0`; the strings
    /// `"true"`, `"false"`, `"yes"`, `"no"`, `"1"`, `"0"` in any case. Anything else, such as
    /// `2` or `"maybe"`, gives `nil`.
    public var asBool: Bool? {
        switch self {
        case .bool(let flag):
            return flag
        case .integer(let integer):
            return integer == 1 ? true : integer == 0 ? false : nil
        case .double(let double):
            return double == 1 ? true : double == 0 ? false : nil
        case .string(let string):
            switch string.trimmingASCIIWhitespace().lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: return nil
            }
        case .null, .array, .object:
            return nil
        }
    }

    /// The number a string holds when it is a plain decimal number, JSON style, with optional
    /// surrounding whitespace and an optional leading `+`.
    private static func decimalNumber(in string: String) -> JSONValue? {
        var text = string.trimmingASCIIWhitespace()
        if text.hasPrefix("+") { text.removeFirst() }
        guard !text.isEmpty, text.utf8.allSatisfy({ Self.decimalBytes.contains($0) }),
            case let parsed? = try? JSONValue(parsing: text)
        else { return nil }
        switch parsed {
        case .integer, .double: return parsed
        default: return nil
        }
    }

    private static let decimalBytes = Set("0123456789+-.eE".utf8)

    // MARK: Lenient reads at a path

    /// The value at `path` read leniently as a string; see ``asString``.
    public func string(at path: JSONKeyPath) -> String? { value(at: path)?.asString }

    /// The value at `path` read leniently as an `Int`; see ``asInt``.
    public func int(at path: JSONKeyPath) -> Int? { value(at: path)?.asInt }

    /// The value at `path` read leniently as a `Double`; see ``asDouble``.
    public func double(at path: JSONKeyPath) -> Double? { value(at: path)?.asDouble }

    /// The value at `path` read leniently as a `Bool`; see ``asBool``.
    public func bool(at path: JSONKeyPath) -> Bool? { value(at: path)?.asBool }

    /// The value at the path written as text, read leniently as a string; see ``asString``.
    ///
    /// ```swift
    /// let count = try doc.int(at: "info.count")   // 18 from 18, "18" or 18.0
    /// ```
    ///
    /// - Throws: ``KeyPathError/malformed(path:column:reason:)`` when the text is not a path.
    public func string(at path: String) throws(KeyPathError) -> String? { string(at: try JSONKeyPath(path)) }

    /// The value at the path written as text, read leniently as an `Int`; see ``asInt``.
    ///
    /// - Throws: ``KeyPathError/malformed(path:column:reason:)`` when the text is not a path.
    public func int(at path: String) throws(KeyPathError) -> Int? { int(at: try JSONKeyPath(path)) }

    /// The value at the path written as text, read leniently as a `Double`; see ``asDouble``.
    ///
    /// - Throws: ``KeyPathError/malformed(path:column:reason:)`` when the text is not a path.
    public func double(at path: String) throws(KeyPathError) -> Double? { double(at: try JSONKeyPath(path)) }

    /// The value at the path written as text, read leniently as a `Bool`; see ``asBool``.
    ///
    /// - Throws: ``KeyPathError/malformed(path:column:reason:)`` when the text is not a path.
    public func bool(at path: String) throws(KeyPathError) -> Bool? { bool(at: try JSONKeyPath(path)) }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line ends.
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
