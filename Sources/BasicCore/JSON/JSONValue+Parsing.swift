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
    public init(parsing data: some ContiguousBytes) throws {
        self = try data.withUnsafeBytes { raw throws(JSONParseError) in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            return try parser.parseDocument()
        }
    }

    /// Parses a JSON document held in a string.
    ///
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public init(parsing text: String) throws {
        var text = text
        self = try text.withUTF8 { bytes throws(JSONParseError) in
            var parser = JSONParser(bytes: bytes)
            return try parser.parseDocument()
        }
    }
}
