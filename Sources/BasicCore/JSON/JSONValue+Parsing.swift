import Foundation

extension JSONValue {
    /// Parses a JSON document (RFC 8259, UTF-8).
    ///
    /// ```swift
    /// let doc = try JSONValue(parsing: Data(#"{"list":[1,2.5,"x"]}"#.utf8))
    /// ```
    ///
    /// Object keys keep their order; a repeated key keeps its first position and takes the
    /// last value. Integers that fit `Int64` stay exact.
    ///
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    /// - Complexity: O(*n*) in the size of the document.
    public init(parsing data: some ContiguousBytes) throws(JSONParseError) {
        self = try Self.parsed(data)
    }

    /// The document in `data`; what `init(parsing:)` does. `usesUTF8Span: false` makes strings
    /// as systems older than Swift 6.2's runtime do (``JSONParser/usesUTF8Span``), for the tests.
    static func parsed(_ data: some ContiguousBytes, usesUTF8Span: Bool = true) throws(JSONParseError) -> JSONValue {
        // `withUnsafeBytes` rethrows untyped: carry the typed outcome out as a Result.
        let outcome = data.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) -> JSONValue in
                var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self), usesUTF8Span: usesUTF8Span)
                return try parser.parseDocument()
            }
        }
        return try outcome.get()
    }

    /// Parses a JSON document held in a string.
    ///
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public init(parsing text: String) throws(JSONParseError) {
        var text = text
        let outcome = text.withUTF8 { bytes in
            Result { () throws(JSONParseError) -> JSONValue in
                var parser = JSONParser(bytes: bytes)
                return try parser.parseDocument()
            }
        }
        self = try outcome.get()
    }
}
