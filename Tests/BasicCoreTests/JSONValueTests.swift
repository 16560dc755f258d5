import BasicCore
import Foundation
import Testing

@Suite struct JSONValueTests {
    @Test("literals build every kind")
    func literals() {
        let value: JSONValue = ["a": [1, 2.5, "x", true, nil], "b": ["c": "d"]]
        #expect(value["a"]?[0] == .integer(1))
        #expect(value["a"]?[1] == .double(2.5))
        #expect(value["a"]?[2] == .string("x"))
        #expect(value["a"]?[3] == .bool(true))
        #expect(value["a"]?[4] == .null)
        #expect(value["b"]?["c"] == "d")
        #expect(value["a"]?[-1] == .null)
        #expect(value["a"]?[5] == nil)
        #expect(value["a"]?[-6] == nil)
        #expect(value["zzz"] == nil)
        #expect(value[0] == nil)
    }

    @Test("numbers are equal across cases by value, and hash alike")
    func numericEquality() {
        #expect(JSONValue.integer(3) == .double(3.0))
        #expect(JSONValue.integer(3) != .double(3.5))
        #expect(JSONValue.integer(1) != .bool(true))
        #expect(Set<JSONValue>([.integer(3), .double(3.0)]).count == 1)
        #expect(Set<JSONValue>([.integer(3), .double(3.5)]).count == 2)
    }

    @Test("objects are equal in any key order, and hash alike")
    func objectEquality() {
        let a: JSONValue = ["x": 1, "y": [true]]
        let b: JSONValue = ["y": [true], "x": 1]
        let c: JSONValue = ["x": 1, "y": [false]]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(a != ["x": 1])
    }

    @Test(
        "renders compact JSON",
        arguments: [
            (JSONValue.null, "null"),
            (true, "true"),
            (-7, "-7"),
            (2.5, "2.5"),
            (1.0, "1.0"),
            (1e21, "1e+21"),
            ("a/b", #""a/b""#),
            ("q\"\\\n\t\u{1}é", #""q\"\\\n\t\u0001é""#),
            (JSONValue.array([]), "[]"),
            (JSONValue.object([:]), "{}"),
            (JSONValue(dictionaryLiteral: ("b", [1, .object([:])]), ("a", nil)), #"{"b":[1,{}],"a":null}"#),
            (.double(.nan), "null"),
            (.double(.infinity), "null"),
        ])
    func compact(value: JSONValue, expected: String) {
        #expect(value.jsonString() == expected)
        #expect(value.description == expected)
    }

    @Test("renders pretty JSON with two-space indentation and keys in insertion order")
    func pretty() {
        let value: JSONValue = ["z": [1, 2], "a": ["k": "v"], "e": [], "o": [:]]
        let expected = """
            {
              "z": [
                1,
                2
              ],
              "a": {
                "k": "v"
              },
              "e": [],
              "o": {}
            }
            """
        #expect(value.jsonString(.pretty) == expected)
        #expect(
            value.jsonString(JSONRenderingStyle(indentWidth: 0, sortsKeys: true))
                == #"{"a":{"k":"v"},"e":[],"o":{},"z":[1,2]}"#)
    }

    @Test("rendering then parsing gives the same value")
    func renderRoundTrip() throws {
        let value: JSONValue = ["s": "line\nbreak \u{7F} \u{1F600}", "n": [-0.5, 123_456_789_012, 1e-7], "b": false]
        #expect(try JSONValue(parsing: value.jsonString()) == value)
        #expect(try JSONValue(parsing: value.jsonData(.pretty)) == value)
    }

    @Test("Codable through JSONEncoder and JSONDecoder")
    func codable() throws {
        let value: JSONValue = ["a": [1, 2.5, "x", true, nil], "b": ["c": "d"]]
        let data = try JSONEncoder().encode(value)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(decoded == value)
        guard case .integer = decoded["a"]?[0] else {
            Issue.record("1 should decode as an integer, got \(String(describing: decoded["a"]?[0]))")
            return
        }
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data("true".utf8)) == .bool(true))
    }

    @Test("JSONObject keeps order through updates and removals")
    func objectEditing() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = 20
        object["d"] = 4
        #expect(object.keys == ["a", "b", "c", "d"])
        #expect(object.removeValue(forKey: "a") == 1)
        #expect(object.removeValue(forKey: "zz") == nil)
        object["c"] = nil
        #expect(object.keys == ["b", "d"])
        #expect(object.values == [20, 4])
        #expect(object.map(\.key) == ["b", "d"])
    }

    @Test("JSONObject lookups stay right while growing and shrinking across the index threshold")
    func objectIndexTransitions() {
        // Twice the threshold and more: removing every other key still leaves an indexed object.
        let size = 2 * JSONObject.indexThreshold + 6
        var object = JSONObject()
        for i in 0..<size { object["k\(i)"] = .integer(Int64(i)) }
        for i in stride(from: 0, to: size, by: 2) { object["k\(i)"] = nil }
        #expect(object.count == size / 2)
        #expect(object.count > JSONObject.indexThreshold)
        for i in 0..<size {
            #expect(object["k\(i)"] == (i % 2 == 0 ? nil : .integer(Int64(i))))
        }
        for i in stride(from: 1, to: size - 5, by: 2) { object["k\(i)"] = nil }
        #expect(object.keys == ["k\(size - 5)", "k\(size - 3)", "k\(size - 1)"])
        #expect(object.index(forKey: "k\(size - 3)") == 1)
    }
}
