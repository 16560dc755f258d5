import BasicCore
import Foundation
import Testing

/// Issue 12, defect 3: long key paths and deep values must give errors, never overflow the stack.
/// Every test runs on a 512 KiB thread (see `onSmallStack`), where the recursion this guards
/// against crashed at about 2,100 levels.
@Suite struct DeepValueTests {
    /// `[[[…null…]]]`, `depth` arrays deep, built without recursion.
    static func nestedArrays(_ depth: Int) -> JSONValue {
        var value = JSONValue.null
        for _ in 0..<depth { value = .array([value]) }
        return value
    }

    /// `{"k":{"k":…null…}}`, `depth` objects deep.
    static func nestedObjects(_ depth: Int) -> JSONValue {
        var value = JSONValue.null
        for _ in 0..<depth { value = .object(["k": value]) }
        return value
    }

    /// Takes a deep value apart one level at a time: Swift releases nested arrays recursively, so
    /// letting a value 100,000 levels deep go at once would overflow the stack (see
    /// `JSONValue.maximumDepth`).
    static func dismantle(_ value: inout JSONValue) {
        while true {
            switch value {
            case .array(let elements) where elements.count == 1: value = elements[0]
            case .object(let object) where object.count == 1: value = object[0].value
            default:
                value = .null
                return
            }
        }
    }

    /// `depth` steps of the key `k`, as text.
    static func keyPathText(_ steps: Int) -> String {
        Array(repeating: "k", count: steps).joined(separator: ".")
    }

    @Test("a key path of 26,187 keys is refused with a clear error, not a crash")
    func longKeyPathIsRefused() async throws {
        let error = try await onSmallStack { () -> KeyPathError? in
            var document: JSONValue = [:]
            do {
                try document.set(1, at: Self.keyPathText(26_187))
                return nil
            } catch let error as KeyPathError {
                return error
            }
        }
        let refusal = try #require(error)
        guard case .tooManySteps(_, let steps) = refusal else {
            Issue.record("expected tooManySteps, got \(refusal)")
            return
        }
        #expect(steps == 26_187)
        #expect(refusal.description.contains("26187 steps, more than 512"))
        #expect(refusal.description.count < 400, "the message quotes a cut path, not 52 KB of it")
    }

    @Test("a path of 512 steps sets, renders, compares, hashes and reads back on a small stack")
    func deepestPathWorks() async throws {
        let (text, roundTrip, equal, hashes) = try await onSmallStack { () throws -> (String, JSONValue, Bool, Bool) in
            var document: JSONValue = [:]
            let path = try JSONKeyPath(Self.keyPathText(512))
            try document.set("leaf", at: path)
            let text = document.jsonString()
            let copy = try JSONValue(parsing: text)
            var first = Hasher()
            document.hash(into: &first)
            var second = Hasher()
            copy.hash(into: &second)
            let same = copy == document && copy.value(at: path) == "leaf"
            return (text, copy, same, first.finalize() == second.finalize())
        }
        #expect(text.hasPrefix(#"{"k":{"k":"#))
        #expect(roundTrip.value(at: try JSONKeyPath(Self.keyPathText(512))) == "leaf")
        #expect(equal)
        #expect(hashes)
    }

    @Test("513 steps, written or built in code, are refused")
    func oneStepTooMany() async throws {
        #expect(throws: KeyPathError.self) { try JSONKeyPath(Self.keyPathText(513)) }
        let path = JSONKeyPath(components: Array(repeating: .key("k"), count: 513))
        var document: JSONValue = [:]
        #expect(throws: KeyPathError.tooDeep(path: path.description, depth: 513)) {
            try document.set(1, at: path)
        }
        #expect(document == [:], "a refused set changes nothing")
    }

    @Test("set refuses a value that would nest the document deeper than 512 levels")
    func setKeepsTheDepthLimit() async throws {
        var document: JSONValue = [:]
        let path = try JSONKeyPath(Self.keyPathText(500))
        #expect(throws: KeyPathError.tooDeep(path: path.description, depth: 513)) {
            try document.set(Self.nestedArrays(13), at: path)
        }
        #expect(document == [:])
        try document.set(Self.nestedArrays(12), at: path)
        // 512 levels: exactly what the parser still reads back.
        #expect(try JSONValue(parsing: document.jsonString()) == document)
    }

    @Test("padding is limited in total, not only per step")
    func totalPaddingIsLimited() throws {
        var document: JSONValue = []
        let tooMuch = String(repeating: "[100000]", count: 500)
        // The eleventh step would bring the padding to 1,100,000.
        #expect(throws: KeyPathError.tooMuchPadding(path: tooMuch, padding: 1_100_000)) {
            try document.set(1, at: tooMuch)
        }
        #expect(document == [])
        let error = #expect(throws: KeyPathError.self) { try document.set(1, at: tooMuch) }
        #expect(error?.description.contains("nulls in all, more than 1000000") == true)
        // Ten steps of 100,000 are the most allowed.
        try document.set(1, at: String(repeating: "[100000]", count: 10))
        #expect(document.value(at: try JSONKeyPath(String(repeating: "[100000]", count: 10))) == 1)
    }

    @Test("a value 100,000 levels deep built in code renders, compares, hashes and is removed from")
    func programmaticDeepValues() async throws {
        let results = try await onSmallStack { () -> [Bool] in
            var arrays = Self.nestedArrays(100_000)
            var other = Self.nestedArrays(100_000)
            var objects = Self.nestedObjects(100_000)
            defer {
                Self.dismantle(&arrays)
                Self.dismantle(&other)
                Self.dismantle(&objects)
            }
            let text = arrays.jsonString()
            // Compact: indentation makes pretty text quadratic in the depth.
            let objectText = objects.jsonString()
            var hashA = Hasher()
            arrays.hash(into: &hashA)
            var hashB = Hasher()
            other.hash(into: &hashB)
            // Reaching into the deepest object and removing its leaf goes through every level.
            let deepest = JSONKeyPath(components: Array(repeating: .key("k"), count: 100_000))
            let found = objects.value(at: deepest) == .null
            let removed = objects.removeValue(at: deepest)
            let emptied = objects.value(at: JSONKeyPath(components: Array(repeating: .key("k"), count: 99_999)))
            return [
                text.utf8.count == 200_004 && text.hasPrefix("[[[[") && text.contains("[null]]]"),
                objectText.utf8.count == 600_004 && objectText.contains(#"{"k":null}}"#),
                arrays == other,
                arrays != objects,
                hashA.finalize() == hashB.finalize(),
                found, removed == .null, emptied == [:],
            ]
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    @Test("Codable refuses values nested deeper than 512 levels instead of recursing without end")
    func codableIsGuarded() async throws {
        // Foundation's coders recurse once per level (about 3 KiB in a debug build), so this runs
        // on an 8 MiB stack, the size of a main thread: 20,000 levels would overflow it.
        let outcome = try await onSmallStack(stackSize: 8 << 20) { () -> (refused: Bool, decodedBack: Bool) in
            let shallow = Self.nestedArrays(100)
            var deep = Self.nestedArrays(20_000)
            defer { Self.dismantle(&deep) }
            let decoded = try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(shallow))
            var refused = false
            do {
                _ = try JSONEncoder().encode(deep)
            } catch is EncodingError {
                refused = true
            }
            return (refused, decoded == shallow)
        }
        #expect(outcome.refused)
        #expect(outcome.decodedBack)
    }

    @Test("decoding refuses more than 512 levels from a decoder that has no limit of its own")
    func decodingIsGuarded() async throws {
        let refused = try await onSmallStack(stackSize: 8 << 20) { () -> Bool in
            // PropertyListDecoder reads what PropertyListEncoder wrote, which nests 600 arrays.
            var nested: [Any] = []
            for _ in 0..<600 { nested = [nested] }
            let data = try PropertyListSerialization.data(fromPropertyList: nested, format: .binary, options: 0)
            do {
                _ = try PropertyListDecoder().decode(JSONValue.self, from: data)
                return false
            } catch is DecodingError {
                return true
            }
        }
        #expect(refused)
    }
}
