import BasicCore
import Foundation
import Testing

/// Issue 12, defect 4: object keys are compared by their Unicode scalars (RFC 8259 §8.3), so keys
/// that differ only in normalisation stay two keys with two values.
@Suite struct KeyNormalizationTests {
    /// `é` as one scalar (NFC) and as `e` plus a combining acute accent (NFD).
    static let composed = "\u{E9}"
    static let decomposed = "e\u{301}"

    @Test("a document with both spellings of é keeps both keys and values")
    func parsingKeepsBoth() throws {
        let document = try JSONValue(parsing: #"{"é": 1, "e\u0301": 2}"#)
        let object = try #require(document.objectValue)
        #expect(object.count == 2)
        #expect(object[Self.composed] == 1)
        #expect(object[Self.decomposed] == 2)
        #expect(object.keys.map { Array($0.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"]])
        #expect(document.jsonString() == "{\"\u{E9}\":1,\"e\u{301}\":2}")
    }

    @Test("large objects (past the hash index threshold) keep both spellings too", arguments: [0, 20])
    func indexedObjects(padding: Int) throws {
        var object = JSONObject()
        for index in 0..<padding { object["key\(index)"] = .integer(Int64(index)) }
        object[Self.composed] = 1
        object[Self.decomposed] = 2
        #expect(object.count == padding + 2)
        #expect(object[Self.composed] == 1)
        #expect(object[Self.decomposed] == 2)
        #expect(object.index(forKey: Self.decomposed) == padding + 1)
        object[Self.composed] = nil
        #expect(object[Self.decomposed] == 2, "removing one spelling leaves the other")
        #expect(object[Self.composed] == nil)
    }

    @Test("a repeated key in the parser is found by bytes, whatever the object's size", arguments: [1, 20])
    func repeatedKeys(padding: Int) throws {
        let filler = (0..<padding).map { "\"f\($0)\": 0" }.joined(separator: ", ")
        let text = "{\(filler), \"ü\": 1, \"u\\u0308\": 2, \"ü\": 3}"
        let object = try #require(try JSONValue(parsing: text).objectValue)
        #expect(object.count == padding + 2)
        #expect(object["\u{FC}"] == 3)
        #expect(object["u\u{308}"] == 2)
    }

    @Test("a key path finds only the key spelled with the same scalars")
    func keyPathsMatchScalars() throws {
        let document = try JSONValue(parsing: #"{"u\u0308": 1}"#)
        #expect(try document.value(at: "['\u{FC}']") == nil)
        #expect(try document.value(at: "['u\u{308}']") == 1)
        #expect(try document.value(at: "u\u{308}") == 1)
        var changed = document
        try changed.set(2, at: "['\u{FC}']")
        #expect(changed.objectValue?.count == 2, "set with the other spelling adds a key")
        #expect(try changed.value(at: "u\u{308}") == 1)
    }

    @Test("paths, objects and values with the two spellings are not equal, and hash apart from equal ones")
    func equalityAndHashing() throws {
        #expect(try JSONKeyPath("['\u{E9}']") != JSONKeyPath("['e\u{301}']"))
        #expect(Set([try JSONKeyPath("['\u{E9}']"), try JSONKeyPath("['e\u{301}']")]).count == 2)
        let composed: JSONValue = [Self.composed: 1]
        let decomposed: JSONValue = [Self.decomposed: 1]
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed, composed]).count == 2)
        // String values keep Swift's String semantics (canonical equivalence), as documented.
        #expect(JSONValue.string(Self.composed) == JSONValue.string(Self.decomposed))
    }

    @Test("a key path is read by scalars: a '.' before a combining mark still separates keys")
    func pathScalars() throws {
        let path = try JSONKeyPath("a.\u{301}b")
        #expect(path.components == [.key("a"), .key("\u{301}b")])
        #expect(try JSONKeyPath(path.description) == path)
        let quoted = try JSONKeyPath("[\"\u{E9}.x\"]")
        #expect(quoted.components == [.key("\u{E9}.x")])
        #expect(try JSONKeyPath(quoted.description) == quoted)
    }

    @Test("sorted keys are in code point order, each spelling in its own place")
    func sortedKeys() {
        let value: JSONValue = ["z": 1, Self.composed: 2, Self.decomposed: 3, "a": 4]
        // U+0065 'e' < U+007A 'z' < U+00E9 'é'
        #expect(
            value.jsonString(JSONRenderingStyle(sortsKeys: true))
                == "{\"a\":4,\"e\u{301}\":3,\"z\":1,\"\u{E9}\":2}")
    }
}
