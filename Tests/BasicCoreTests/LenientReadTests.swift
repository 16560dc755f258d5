import BasicCore
import Testing

@Suite struct LenientReadTests {
    @Test(
        "int accepts numbers and numeric strings with an unambiguous whole value",
        arguments: [
            (JSONValue.integer(123), 123 as Int?),
            (.double(123.0), 123),
            (.string("123"), 123),
            (.string(" 123 "), 123),
            (.string("+7"), 7),
            (.string("-42"), -42),
            (.string("123.0"), 123),
            (.string("1e3"), 1000),
            (.double(1.5), nil),
            (.string("1.5"), nil),
            (.string("12abc"), nil),
            (.string("0x10"), nil),
            (.string(""), nil),
            (.string("inf"), nil),
            (.double(1e30), nil),
            (.bool(true), nil),
            (.null, nil),
            (JSONValue.array([1]), nil),
            (JSONValue.object(["a": 1]), nil),
        ])
    func int(value: JSONValue, expected: Int?) {
        #expect(value.asInt == expected)
    }

    @Test(
        "double accepts numbers and decimal strings",
        arguments: [
            (JSONValue.integer(3), 3.0 as Double?),
            (.double(2.5), 2.5),
            (.string("2.5"), 2.5),
            (.string(" -1e-2 "), -0.01),
            (.string("7"), 7),
            (.string("nan"), nil),
            (.string("Infinity"), nil),
            (.string("0x1p3"), nil),
            (.string("1,5"), nil),
            (.bool(false), nil),
            (.null, nil),
        ])
    func double(value: JSONValue, expected: Double?) {
        #expect(value.asDouble == expected)
    }

    @Test(
        "bool accepts true/false, 1/0 and their common spellings",
        arguments: [
            (JSONValue.bool(true), true as Bool?),
            (.bool(false), false),
            (.integer(1), true),
            (.integer(0), false),
            (.double(1.0), true),
            (.string("true"), true),
            (.string("TRUE"), true),
            (.string("Yes"), true),
            (.string("1"), true),
            (.string("false"), false),
            (.string(" no "), false),
            (.string("0"), false),
            (.integer(2), nil),
            (.integer(-1), nil),
            (.double(0.5), nil),
            (.string("maybe"), nil),
            (.string(""), nil),
            (.null, nil),
            (JSONValue.array([]), nil),
        ])
    func bool(value: JSONValue, expected: Bool?) {
        #expect(value.asBool == expected)
    }

    @Test(
        "string accepts strings and writes numbers and booleans as JSON text",
        arguments: [
            (JSONValue.string("x"), "x" as String?),
            (.integer(12), "12"),
            (.double(1.5), "1.5"),
            (.bool(false), "false"),
            (.null, nil),
            (JSONValue.array([1]), nil),
            (JSONValue.object(["a": 1]), nil),
        ])
    func string(value: JSONValue, expected: String?) {
        #expect(value.asString == expected)
    }

    @Test("typed reads at a path combine the lookup with the lenient conversion")
    func atPath() throws {
        let doc: JSONValue = ["info": ["count": "18", "np": nil, "ok": 1, "ratio": "0.25", "name": 7]]
        #expect(try doc.int(at: "info.count") == 18)
        #expect(try doc.int(at: "info.np") == nil)
        #expect(try doc.int(at: "info.missing") == nil)
        #expect(try doc.bool(at: "info.ok") == true)
        #expect(try doc.double(at: "info.ratio") == 0.25)
        #expect(try doc.string(at: "info.name") == "7")
        let path = try JSONKeyPath("info.count")
        #expect(doc.int(at: path) == 18)
        #expect(doc.string(at: path) == "18")
    }
}
