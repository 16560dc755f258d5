import Foundation
import TestSupport
import Testing

@testable import BasicCore

/// The parser's UTF-8 check, 16 bytes at a time, against the standard library's, on every byte
/// sequence of up to two bytes and every lead with a spread of following bytes, at offsets that
/// put the sequence on either side of a 16-byte block's edge.
@Suite struct UTF8ValidationTests {
    /// What the check is given: a string's bytes inside a document, with bytes before its
    /// opening quote and more than 16 after its closing one, as inside a real document.
    static func check(_ content: [UInt8]) -> Bool? {
        let document = Array("[1,\"".utf8) + content + Array("\",\"after the string, more than 16 bytes\"]".utf8)
        return document.withUnsafeBufferPointer { buffer in
            UTF8Validation.isValid(buffer, from: 4, to: 4 + content.count)
        }
    }

    static func expected(_ content: [UInt8]) -> Bool {
        String(validating: content, as: UTF8.self) != nil
    }

    /// ASCII before the sequence, so that it starts at either side of a block's edge.
    static let prefixes: [[UInt8]] = [0, 14, 15, 16].map { Array(repeating: UInt8(ascii: "a"), count: $0) }

    @Test("every sequence of one or two bytes, on both sides of a block's edge")
    func everyTwoByteSequence() throws {
        var mismatches: [[UInt8]] = []
        for first in 0x80...0xFF {
            for second in 0x00...0xFF where second != 0x22 && second != 0x5C && second >= 0x20 {
                for prefix in Self.prefixes {
                    let content = prefix + [UInt8(first), UInt8(second)]
                    if Self.check(content) != Self.expected(content) { mismatches.append(content) }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("every three- and four-byte lead and byte that never occurs, with every second byte", arguments: 0xE0...0xFF)
    func longerSequences(lead: Int) throws {
        // Continuation bytes at both ends of their range and bytes just outside it.
        let thirds: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
        let fourths: [UInt8] = [0x41, 0x80, 0x8F, 0xBF, 0xC0]
        var mismatches: [[UInt8]] = []
        for second in 0x80...0xFF {
            for third in thirds {
                for fourth in fourths {
                    for prefix in [Self.prefixes[0], Self.prefixes[2]] {
                        let content = prefix + [UInt8(lead), UInt8(second), third, fourth]
                        if Self.check(content) != Self.expected(content) { mismatches.append(content) }
                    }
                }
                // The sequence cut short by the closing quote.
                let truncated = [UInt8(lead), UInt8(second), third]
                if Self.check(truncated) != Self.expected(truncated) { mismatches.append(truncated) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("random strings of ASCII, CJK, lead and continuation bytes", arguments: 0..<4)
    func randomStrings(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array(" ".utf8), Array("Swift".utf8), Array("并".utf8), Array("é".utf8), Array("😀".utf8),
            [0x80], [0xBF], [0xC2], [0xE4], [0xE4, 0xB8], [0xED, 0xA0, 0x80], [0xF0], [0xF4, 0x90, 0x80, 0x80],
            [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xF8], [0xFF],
        ]
        var mismatches: [[UInt8]] = []
        for _ in 0..<10_000 {
            var content: [UInt8] = []
            for _ in 0..<Int.random(in: 0...24, using: &rng) {
                // Mostly valid text, now and then a piece that breaks it.
                let piece =
                    Int.random(in: 0..<10, using: &rng) < 8
                    ? Int.random(in: 0..<6, using: &rng) : Int.random(in: 0..<pieces.count, using: &rng)
                content += pieces[piece]
            }
            if Self.check(content) != Self.expected(content) { mismatches.append(content) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("too near either end of the buffer to read 16 bytes at a time: left to the caller")
    func edgesOfTheBuffer() {
        let document = Array("\"并\"".utf8)
        document.withUnsafeBufferPointer { buffer in
            #expect(UTF8Validation.isValid(buffer, from: 1, to: 4) == nil)
        }
        // 16 bytes from the closing quote are needed; here are 15.
        let padded = Array("[1,\"并\"".utf8) + Array(repeating: UInt8(ascii: " "), count: 14)
        padded.withUnsafeBufferPointer { buffer in
            #expect(UTF8Validation.isValid(buffer, from: 4, to: 7) == nil)
        }
        let enough = padded + [UInt8(ascii: "]")]
        enough.withUnsafeBufferPointer { buffer in
            #expect(UTF8Validation.isValid(buffer, from: 4, to: 7) == true)
        }
    }

    @Test("the parser reports invalid UTF-8 found this way at the string's start", arguments: [0, 5, 15, 16, 40])
    func throughTheParser(offset: Int) throws {
        let before = String(repeating: "中", count: offset / 3) + String(repeating: "a", count: offset % 3)
        let prefix = Data("[1,\"".utf8) + Data(before.utf8)
        let suffix = Data("x\",\"and more than sixteen bytes after it\"]".utf8)
        let valid = try JSONValue(parsing: prefix + Data("é".utf8) + suffix)
        #expect(valid[1] == .string(before + "éx"))
        for invalid: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xE0, 0x80, 0xAF], [0xF4, 0x90, 0x80, 0x80]] {
            let error = try #require(throws: JSONParseError.self) {
                try JSONValue(parsing: prefix + Data(invalid) + suffix)
            }
            #expect(error.reason.contains("invalid UTF-8"))
            #expect(error.offset == 4)
        }
    }
}
