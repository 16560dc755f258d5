import Foundation
import Testing

@testable import BasicXML

/// The converter's own UTF-8 check (issue 18) must agree with the standard library's on every
/// input: a string it wrongly passed would hold invalid UTF-8, and one it wrongly failed would
/// only take the slow way. Its strings must be the ones `String(decoding:as:)` makes.
@Suite struct UTF8TextTests {
    /// Bytes that sit at the edges of the ranges the check tells apart.
    static let edges: [UInt8] = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0,
        0xF4, 0xF5, 0xFF,
    ]

    static func agrees(_ bytes: [UInt8]) -> Bool {
        let expected = String(validating: bytes, as: UTF8.self) != nil
        let check = bytes.withUnsafeBufferPointer { UTF8Text.check($0) }
        return check.isValid == expected && (!check.isValid || check.isASCII == bytes.allSatisfy { $0 < 0x80 })
    }

    @Test("every pair of bytes, then each edge byte, is judged as the standard library judges it")
    func pairsAndTriples() {
        var disagreements: [[UInt8]] = []
        for first in 0...255 {
            for second in 0...255 {
                let pair = [UInt8(first), UInt8(second)]
                if !Self.agrees(pair) { disagreements.append(pair) }
                // Triples matter where a lead byte starts them (or after one ASCII byte).
                guard first >= 0xC0 || first == 0x41 else { continue }
                for third in Self.edges {
                    // Alone, and followed by a byte (a sequence checked in one four-byte load).
                    for bytes in [pair + [third], pair + [third, 0x41]] where !Self.agrees(bytes) {
                        disagreements.append(bytes)
                    }
                }
            }
        }
        #expect(disagreements.count == 0, "first disagreements: \(Array(disagreements.prefix(5)))")
    }

    @Test("four-byte leads with every second byte and edge bytes after, at every offset in a word")
    func fourBytes() {
        var disagreements: [[UInt8]] = []
        for lead in UInt8(0xF0)...0xF7 {
            for second in 0...255 {
                for third in Self.edges {
                    for fourth in Self.edges {
                        let sequence = [lead, UInt8(second), third, fourth]
                        if !Self.agrees(sequence) { disagreements.append(sequence) }
                    }
                }
            }
        }
        // The eight-byte ASCII skip must hand over at the right byte, wherever the sequence starts.
        for sequence: [UInt8] in [
            [0xE4, 0xB8, 0xAD], [0xE4, 0xB8], [0x80], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98, 0x80],
        ] {
            for before in 0...17 {
                for after in 0...9 {
                    let bytes =
                        Array(repeating: UInt8(ascii: "a"), count: before) + sequence
                        + Array(repeating: UInt8(ascii: "b"), count: after)
                    if !Self.agrees(bytes) { disagreements.append(bytes) }
                }
            }
        }
        #expect(disagreements.count == 0, "first disagreements: \(Array(disagreements.prefix(5)))")
    }

    @Test("strings hold the same characters as String(decoding:as:) makes, repairs included")
    func sameStrings() {
        let inputs: [[UInt8]] = [
            [], Array("feed".utf8), Array("博客园_首页 Swift 并发 &ldquo;源码&rdquo;".utf8), Array("😀 e\u{301}".utf8),
            [0x61, 0xFF, 0x62], [0xE4, 0xB8], [0xED, 0xA0, 0x80, 0x41], [0xC0, 0x80],
        ]
        for bytes in inputs {
            let ours = bytes.withUnsafeBufferPointer { UTF8Text.string($0) }
            let theirs = String(decoding: bytes, as: UTF8.self)
            #expect(Array(ours.utf8) == Array(theirs.utf8))
            #expect(ours == theirs)
        }
    }

    @Test("non-ASCII text in an attribute and an element comes through the check whole")
    func convertedText() throws {
        // Latin-1 declared, so that libxml2 accepts the bytes and hands over their UTF-8.
        var xml = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a b=\"".utf8) + [0xE9]
        xml += Array("\"><c>".utf8) + [0xE9] + Array("</c></a>".utf8)
        let value = try XMLConverter().convert(Data(xml))
        #expect(value["_b"] == "é")
        #expect(value["c"] == "é")
    }
}
