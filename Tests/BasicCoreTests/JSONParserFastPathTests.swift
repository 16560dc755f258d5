import Foundation
import TestSupport
import Testing

@testable import BasicCore

/// The parser's fast paths against their slow counterparts: strings scanned a block of bytes at a
/// time (every offset of a quote, backslash, control or non-ASCII byte inside and across a
/// block), object keys taken from a cache of recent keys, repeated keys found without hashing,
/// and decimals converted without the C library. The string tests run both ways strings are
/// made: through `UTF8Span` (Swift 6.2's runtime, always on Linux) and as older Apple systems make
/// them (`String(decoding:as:)`), which would otherwise never run here.
@Suite struct JSONParserFastPathTests {
    /// Pads a document on the left so that what follows starts at every alignment.
    static let paddings = (0..<17).map { String(repeating: " ", count: $0) }

    /// Both ways of making strings: `UTF8Span` (true) and the older one (false).
    static let stringPaths = [true, false]

    /// `text` parsed with strings made through `UTF8Span` or the older way.
    static func parse(_ text: String, _ usesUTF8Span: Bool) throws(JSONParseError) -> JSONValue {
        try JSONValue.parsed(Data(text.utf8), usesUTF8Span: usesUTF8Span)
    }

    /// `data` parsed with strings made through `UTF8Span` or the older way.
    static func parse(_ data: Data, _ usesUTF8Span: Bool) throws(JSONParseError) -> JSONValue {
        try JSONValue.parsed(data, usesUTF8Span: usesUTF8Span)
    }

    @Test("a string of every length up to 40 bytes reads back whole, at every alignment", arguments: stringPaths)
    func stringLengths(usesUTF8Span: Bool) throws {
        for length in 0...40 {
            let ascii = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
            let mixed = String((0..<length).map { $0 % 7 == 3 ? "é" : "x" })
            for text in [ascii, mixed] {
                for padding in Self.paddings {
                    #expect(try Self.parse(padding + "\"\(text)\"", usesUTF8Span) == .string(text))
                    #expect(try Self.parse(padding + "[\"\(text)\",1]", usesUTF8Span) == [.string(text), 1])
                }
            }
        }
    }

    @Test("a quote, backslash, control byte or non-ASCII byte at every offset of a string", arguments: stringPaths)
    func specialBytesAtEveryOffset(usesUTF8Span: Bool) throws {
        for offset in 0..<40 {
            let before = String(repeating: "a", count: offset)
            let after = String(repeating: "b", count: 20)
            for padding in ["", " ", "       "] {
                // An escape at the offset.
                #expect(
                    try Self.parse("\(padding)\"\(before)\\n\(after)\"", usesUTF8Span) == .string(before + "\n" + after)
                )
                #expect(
                    try Self.parse("\(padding)\"\(before)\\u4e2d\(after)\"", usesUTF8Span)
                        == .string(before + "中" + after))
                // A quote ends the string at the offset.
                #expect(
                    try Self.parse("\(padding)[\"\(before)\",\"\(after)\"]", usesUTF8Span) == [
                        .string(before), .string(after),
                    ])
                // Non-ASCII at the offset.
                #expect(
                    try Self.parse("\(padding)\"\(before)博\(after)\"", usesUTF8Span) == .string(before + "博" + after))
                // A raw control byte at the offset is an error that points at it.
                let control = try #require(throws: JSONParseError.self) {
                    try Self.parse("\(padding)\"\(before)\u{1F}\(after)\"", usesUTF8Span)
                }
                #expect(control.reason.contains("control character (0x1f)"))
                #expect(control.offset == padding.utf8.count + 1 + offset)
                // Invalid UTF-8 at the offset is an error at the string's start.
                let invalid = try #require(throws: JSONParseError.self) {
                    try Self.parse(
                        Data((padding + "\"" + before).utf8) + [0xFF] + Data((after + "\"").utf8), usesUTF8Span)
                }
                #expect(invalid.reason.contains("invalid UTF-8"))
                #expect(invalid.offset == padding.utf8.count + 1)
                // A string that is never closed.
                let open = try #require(throws: JSONParseError.self) {
                    try Self.parse("\(padding)\"\(before)", usesUTF8Span)
                }
                #expect(open.reason.contains("not closed"))
                #expect(open.offset == padding.utf8.count)
            }
        }
    }

    @Test("keys of every length up to 40 bytes, ASCII or not, escaped or not", arguments: stringPaths)
    func keyLengths(usesUTF8Span: Bool) throws {
        for length in 0...40 {
            let ascii = String((0..<length).map { Character(UnicodeScalar(UInt8(0x41 + $0 % 26))) })
            let mixed = String((0..<length).map { $0 % 5 == 1 ? "中" : "k" })
            for key in [ascii, mixed] {
                for padding in Self.paddings {
                    let value = try Self.parse(padding + "{\"\(key)\":1,\"z\":[{\"\(key)\":2}]}", usesUTF8Span)
                    #expect(value.objectValue?.keys == [key, "z"])
                    #expect(value[key] == 1)
                    #expect(value["z"]?[0]?[key] == 2)
                }
                // The same key written with an escape is the same key.
                let escaped = key.isEmpty ? "" : "\\u00" + String(key.utf8.first ?? 0, radix: 16) + key.dropFirst()
                if key.utf8.first.map({ $0 < 0x80 }) ?? false {
                    let value = try Self.parse("{\"\(key)\":1,\"\(escaped)\":2}", usesUTF8Span)
                    #expect(value.objectValue?.count == 1)
                    #expect(value[key] == 2)
                }
            }
        }
    }

    @Test(
        "a repeated key is found in objects of every size, at every position",
        arguments: 1...JSONObject.indexThreshold + 4)
    func repeatedKeys(size: Int) throws {
        let keys = (0..<size).map { index in
            // Short and long keys, some of one length, some sharing their first 16 bytes.
            switch index % 4 {
            case 0: "k\(index)"
            case 1: "a-long-shared-prefix-\(index)"
            case 2: "中\(index)"
            default: String(repeating: "x", count: index)
            }
        }
        for repeated in keys.indices {
            let members = keys.enumerated().map { "\"\($1)\":\($0)" } + ["\"\(keys[repeated])\":\"again\""]
            let value = try JSONValue(parsing: "{" + members.joined(separator: ",") + "}")
            let object = try #require(value.objectValue)
            #expect(object.keys == keys)
            #expect(object[keys[repeated]] == "again")
            for (index, key) in keys.enumerated() where index != repeated {
                #expect(object[key] == .integer(Int64(index)))
            }
        }
        // No repeat: every key stays.
        let members = keys.enumerated().map { "\"\($1)\":\($0)" }
        let value = try JSONValue(parsing: "{" + members.joined(separator: ",") + "}")
        #expect(value.objectValue?.keys == keys)
    }

    @Test("keys that differ only in one byte, at any of their first 17 bytes, stay apart", arguments: 1...17)
    func keysDifferingLate(length: Int) throws {
        // Every key has `length` bytes and differs from the others only in its last byte.
        let prefix = String(repeating: "p", count: length - 1)
        let keys = (0..<40).map { prefix + String(UnicodeScalar(UInt8(0x30 + $0))) }
        // In one object (the repeated-key check) and one per object (the key cache).
        for chunk in stride(from: 0, to: keys.count, by: 10) {
            let members = keys[chunk..<chunk + 10].enumerated().map { "\"\($1)\":\($0)" }
            let object = try #require(try JSONValue(parsing: "{" + members.joined(separator: ",") + "}").objectValue)
            #expect(object.keys == Array(keys[chunk..<chunk + 10]))
        }
        let text = "[" + (0..<400).map { "{\"\(keys[$0 % 40])\":\($0)}" }.joined(separator: ",") + "]"
        let parsed = try #require(try JSONValue(parsing: text).arrayValue)
        for (index, value) in parsed.enumerated() {
            #expect(value.objectValue?.keys == [keys[index % 40]])
        }
    }

    @Test("thousands of distinct keys, more than any cache holds, each read back right")
    func manyDistinctKeys() throws {
        var rng = SeededGenerator(seed: 18)
        var objects: [[String]] = []
        for _ in 0..<600 {
            let count = Int.random(in: 0...9, using: &rng)
            objects.append(
                (0..<count).map { index in
                    let length = Int.random(in: 0...18, using: &rng)
                    let body = String((0..<length).map { _ in "abcdefgh中".randomElement(using: &rng) ?? "a" })
                    return "\(index)\(body)"
                })
        }
        let text =
            "["
            + objects.map { keys in "{" + keys.map { "\"\($0)\":\"\($0)\"" }.joined(separator: ",") + "}" }
            .joined(separator: ",") + "]"
        let parsed = try #require(try JSONValue(parsing: text).arrayValue)
        #expect(parsed.count == objects.count)
        for (value, keys) in zip(parsed, objects) {
            let object = try #require(value.objectValue)
            #expect(object.keys == keys)
            for key in keys { #expect(object[key] == .string(key)) }
        }
    }

    @Test("decimals read exactly as Double(String) reads them", arguments: 0..<4)
    func decimals(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<5_000 {
            let integerDigits = Int.random(in: 1...20, using: &rng)
            var text = Bool.random(using: &rng) ? "-" : ""
            text += String(Int.random(in: 1...9, using: &rng))
            text += String((1..<integerDigits).map { _ in "0123456789".randomElement(using: &rng) ?? "0" })
            if Bool.random(using: &rng) {
                text +=
                    "."
                    + String(
                        (0..<Int.random(in: 1...20, using: &rng)).map { _ in
                            "0123456789".randomElement(using: &rng) ?? "0"
                        })
            }
            if Int.random(in: 0..<3, using: &rng) == 0 {
                text += ["e", "E", "e+", "e-", "E-"].randomElement(using: &rng) ?? "e"
                text += String(Int.random(in: 0...40, using: &rng))
            }
            try expectSameNumber(text)
        }
    }

    @Test(
        "decimals at the edges of the exact range",
        arguments: [
            "0.0", "-0.0", "0e5", "-0e-3", "0.000", "1e22", "1e23", "-1e22", "9007199254740991.0",
            "9007199254740992.0", "9007199254740993.0", "123456789012345.6", "1234567890123456.7",
            "1.7976931348623157e308",
            "5e-324", "2.2250738585072014e-308", "0.1", "0.2", "0.3", "1e-22", "1e-23", "4.35", "56.78",
            "999999999999999e22", "999999999999999e-22", "0.000000000000000000000000001",
            "100000000000000000000000000000000000000000000000000.0", "1.00000000000000000000000000001",
        ])
    func decimalEdges(text: String) throws {
        try expectSameNumber(text)
    }

    private func expectSameNumber(_ text: String) throws {
        let value = try JSONValue(parsing: text)
        switch value {
        case .double(let double):
            let expected = try #require(Double(text))
            #expect(double.bitPattern == expected.bitPattern, "\(text): \(double) against \(expected)")
        case .integer(let integer):
            #expect(Int64(text) == integer, "\(text)")
        default:
            Issue.record("\(text) parsed as \(value)")
        }
    }
}
