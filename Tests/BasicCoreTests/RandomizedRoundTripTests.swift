import BasicCore
import TestSupport
import Testing

@Suite struct RandomizedRoundTripTests {
    static let keys = ["a", "b", "list", "key.with.dots", "中文", "say \"hi\"", "x[0]", "", "0"]

    static func randomValue(depth: Int, using rng: inout SeededGenerator) -> JSONValue {
        let kind = Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &rng)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .integer(Int64.random(in: -1_000_000...1_000_000, using: &rng))
        case 3: return .double(Double.random(in: -1e6...1e6, using: &rng))
        case 4: return .string(keys.randomElement(using: &rng) ?? "")
        case 5:
            return .array(
                (0..<Int.random(in: 0...4, using: &rng)).map { _ in randomValue(depth: depth + 1, using: &rng) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                object[keys.randomElement(using: &rng) ?? "k"] = randomValue(depth: depth + 1, using: &rng)
            }
            return .object(object)
        }
    }

    static func randomPath(using rng: inout SeededGenerator) -> JSONKeyPath {
        JSONKeyPath(
            components: (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                Bool.random(using: &rng)
                    ? .key(keys.randomElement(using: &rng) ?? "k") : .index(Int.random(in: -3...4, using: &rng))
            })
    }

    @Test("set then get returns what was set; a refused set changes nothing", arguments: 0..<8)
    func setThenGet(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<400 {
            var doc = Self.randomValue(depth: 0, using: &rng)
            let before = doc
            let path = Self.randomPath(using: &rng)
            let newValue = Self.randomValue(depth: 2, using: &rng)
            do {
                try doc.set(newValue, at: path)
                #expect(doc.value(at: path) == newValue, "seed \(seed): \(before) set \(path)")
            } catch {
                #expect(doc == before, "seed \(seed): a failed set at \(path) changed the document")
            }
            // The canonical text parses back to the same path.
            #expect(try JSONKeyPath(path.description) == path)
        }
    }

    @Test("rendering then parsing gives the same document", arguments: 0..<4)
    func renderParse(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<300 {
            let doc = Self.randomValue(depth: 0, using: &rng)
            #expect(try JSONValue(parsing: doc.jsonString()) == doc)
            #expect(try JSONValue(parsing: doc.jsonString(.pretty)) == doc)
        }
    }

    @Test("random text never crashes the path parser, and errors point inside the text", arguments: 0..<4)
    func randomPathText(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let alphabet = Array("ab.[]\"'-0\\9 中")
        for _ in 0..<2_000 {
            let text = String(
                (0..<Int.random(in: 0...10, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? "a" })
            do {
                let path = try JSONKeyPath(text)
                #expect(try JSONKeyPath(path.description) == path, "\(text)")
            } catch KeyPathError.malformed(let path, let column, _) {
                #expect(path == text)
                #expect((1...(text.count + 1)).contains(column), "\(text) column \(column)")
            } catch {
                Issue.record("unexpected error \(error) for \(text)")
            }
        }
    }

    @Test("random bytes never crash the JSON parser", arguments: 0..<4)
    func randomJSONText(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let alphabet = Array(#"{}[]:,"\ tfn0-1.eE"#.utf8) + [0xC3, 0xA9, 0xFF]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...16, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? 0x20
            }
            do throws(JSONParseError) {
                let value = try JSONValue(parsing: bytes)
                #expect(try JSONValue(parsing: value.jsonString()) == value)
            } catch {
                #expect(error.offset <= bytes.count)
            }
        }
    }
}
