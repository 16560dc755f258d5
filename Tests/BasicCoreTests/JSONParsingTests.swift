import Foundation
import Testing

@testable import BasicCore

@Suite struct JSONParsingTests {
    @Test("parses every kind of value")
    func parsesEveryKind() throws {
        let value = try JSONValue(
            parsing: #"{"n":null,"t":true,"f":false,"i":-42,"d":2.5,"s":"hi","a":[1,"x"],"o":{}}"#)
        #expect(value["n"] == .null)
        #expect(value["t"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["i"] == .integer(-42))
        #expect(value["d"] == .double(2.5))
        #expect(value["s"] == .string("hi"))
        #expect(value["a"] == .array([.integer(1), .string("x")]))
        #expect(value["o"] == .object([:]))
    }

    @Test("keeps object keys in document order")
    func keepsKeyOrder() throws {
        let value = try JSONValue(parsing: #"{"zeta":1,"alpha":2,"mid":3,"b":4}"#)
        #expect(value.objectValue?.keys == ["zeta", "alpha", "mid", "b"])
        #expect(value.jsonString() == #"{"zeta":1,"alpha":2,"mid":3,"b":4}"#)
    }

    @Test("keeps key order past the hash index threshold")
    func keepsOrderInLargeObjects() throws {
        let keys = (0..<40).map { "k\(39 - $0)" }
        let text = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
        let value = try JSONValue(parsing: text)
        #expect(value.objectValue?.keys == keys)
        #expect(value["k0"] == .integer(39))
        #expect(value.jsonString() == text)
    }

    @Test("a repeated key keeps its first position and takes the last value")
    func repeatedKey() throws {
        let value = try JSONValue(parsing: #"{"a":1,"b":2,"a":3}"#)
        #expect(value.jsonString() == #"{"a":3,"b":2}"#)
    }

    @Test(
        "keeps integers exact up to Int64 and other numbers as doubles",
        arguments: [
            ("9223372036854775807", JSONValue.integer(Int64.max)),
            ("-9223372036854775808", .integer(Int64.min)),
            ("9223372036854775808", .double(9_223_372_036_854_775_808)),
            ("12345678901234567", .integer(12_345_678_901_234_567)),
            ("0", .integer(0)),
            ("1.0", .double(1.0)),
            ("1e3", .double(1000)),
            ("-2.5E-3", .double(-0.0025)),
            ("0.1", .double(0.1)),
        ])
    func numbers(text: String, expected: JSONValue) throws {
        let value = try JSONValue(parsing: text)
        #expect(value == expected)
        if case .integer(let expectedInteger) = expected {
            #expect(value == .integer(expectedInteger))
            guard case .integer = value else {
                Issue.record("\(text) should stay an integer")
                return
            }
        }
    }

    @Test("-0 keeps its sign as a double")
    func negativeZero() throws {
        let value = try JSONValue(parsing: "-0")
        guard case .double(let double) = value else {
            Issue.record("expected a double, got \(value)")
            return
        }
        #expect(double.sign == .minus)
        #expect(value.jsonString() == "-0.0")
    }

    @Test(
        "decodes string escapes",
        arguments: [
            (#""a\"b""#, "a\"b"),
            (#""back\\slash""#, "back\\slash"),
            (#""\/""#, "/"),
            (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
            (#""\u00e9\u4E2D""#, "é中"),
            (#""\ud83d\ude00""#, "😀"),
            (#""博客园""#, "博客园"),
            (#""""#, ""),
        ])
    func stringEscapes(text: String, expected: String) throws {
        #expect(try JSONValue(parsing: text) == .string(expected))
    }

    @Test("accepts a leading byte order mark and surrounding whitespace")
    func byteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF] + Array(" \n\t[1]\r\n ".utf8))
        #expect(try JSONValue(parsing: data) == [1])
    }

    @Test(
        "rejects malformed documents with line and column",
        arguments: [
            ("", 1, 1, "end of input"),
            ("{", 1, 2, "expected a key"),
            ("[1,]", 1, 4, "trailing comma"),
            (#"{"a":1,}"#, 1, 8, "expected a key"),
            (#"{"a" 1}"#, 1, 6, "expected ':'"),
            ("[1 2]", 1, 4, "expected ',' or ']'"),
            ("01", 1, 2, "leading zeros"),
            ("-", 1, 2, "digit after '-'"),
            ("1.", 1, 3, "decimal point"),
            ("1e", 1, 3, "exponent"),
            ("tru", 1, 1, "lowercase"),
            ("True", 1, 1, "expected a value"),
            ("nan", 1, 1, "expected a value"),
            (#""abc"#, 1, 1, "not closed"),
            ("\"a\tb\"", 1, 3, "control character"),
            (#""\x""#, 1, 3, "unknown escape"),
            (#""\u12""#, 1, 4, "four hexadecimal"),
            (#""\ud800""#, 1, 8, "lone high surrogate"),
            (#""\udc00""#, 1, 8, "lone low surrogate"),
            ("[1] 2", 1, 5, "after the end"),
            ("{\n  \"a\": [1,\n  2,,]\n}", 3, 5, "expected a value"),
            ("[\"中文\", x]", 1, 8, "expected a value"),
            ("1e999", 1, 1, "out of range"),
        ])
    func malformed(text: String, line: Int, column: Int, reason: String) {
        do {
            let value = try JSONValue(parsing: text)
            Issue.record("\(text.debugDescription) parsed as \(value)")
        } catch {
            // Typed throws: `error` is a JSONParseError.
            #expect(error.line == line, "\(error)")
            #expect(error.column == column, "\(error)")
            #expect(error.reason.contains(reason), "\(error)")
            #expect(error.description.hasPrefix("invalid JSON at line \(line), column \(column): "))
        }
    }

    @Test(
        "rejects invalid UTF-8 inside a string, with or without escapes",
        arguments: [
            [0xC3, 0x28],  // a lead byte without its continuation
            [0x80],  // a lone continuation byte
            [0xC0, 0xAF],  // overlong "/"
            [0xE0, 0x80, 0xAF],  // overlong, three bytes
            [0xED, 0xA0, 0x80],  // an encoded UTF-16 surrogate
            [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
            [0xE4, 0xB8],  // truncated 中
            [0xFF],
        ] as [[UInt8]], JSONParserFastPathTests.stringPaths)
    func invalidUTF8(bytes: [UInt8], usesUTF8Span: Bool) throws {
        let quote = UInt8(ascii: "\"")
        for prefix in [[], Array(#"\n"#.utf8)] {
            let string: [UInt8] = [quote] + prefix + bytes + [quote]
            let padding: [UInt8] = Array(#""0123456789abcdef""#.utf8)
            let inside: [UInt8] = [UInt8(ascii: "[")] + padding + [UInt8(ascii: ",")] + string
            // Alone, and inside a document long enough for the 16-byte check.
            for data in [Data(string), Data(inside + [UInt8(ascii: ",")] + padding + [UInt8(ascii: "]")])] {
                let error = try #require(throws: JSONParseError.self) {
                    try JSONValue.parsed(data, usesUTF8Span: usesUTF8Span)
                }
                #expect(error.reason.contains("invalid UTF-8"))
            }
        }
    }

    @Test("accepts valid UTF-8 at the edges of each length", arguments: JSONParserFastPathTests.stringPaths)
    func validUTF8Edges(usesUTF8Span: Bool) throws {
        let text = "\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFF}\u{10000}\u{10FFFF}"
        #expect(try JSONValue.parsed(Data("\"\(text)\"".utf8), usesUTF8Span: usesUTF8Span) == .string(text))
        #expect(try JSONValue.parsed(Data("\"\\n\(text)\"".utf8), usesUTF8Span: usesUTF8Span) == .string("\n" + text))
    }

    @Test("a repeated key in a large object keeps its first position and takes the last value")
    func repeatedKeyInLargeObject() throws {
        let size = JSONObject.indexThreshold + 8
        let members = (0..<size).map { "\"k\($0)\":\($0)" } + [#""k3":"last""#]
        let value = try JSONValue(parsing: "{" + members.joined(separator: ",") + "}")
        #expect(value.objectValue?.count == size)
        #expect(value.objectValue?.keys[3] == "k3")
        #expect(value["k3"] == "last")
        #expect(value["k\(size - 1)"] == .integer(Int64(size - 1)))
    }

    @Test("refuses nesting deeper than 512 levels instead of overflowing the stack")
    func deepNesting() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONValue(parsing: ok) }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: deep) }
        #expect(error.reason.contains("deeper than 512"))
        #expect(error.column == 513)
    }
}
