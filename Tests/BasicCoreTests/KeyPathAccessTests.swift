import BasicCore
import Testing

@Suite struct KeyPathAccessTests {
    static let document: JSONValue = [
        "data": [
            "list": [
                ["title": "first", "tags": ["a", "b"]],
                ["title": "second", "tags": []],
            ],
            "count": 2,
        ],
        "key.with.dots": "dotted",
        "empty": nil,
        "matrix": [[1, 2], [3, [4, ["c": "deep"]]]],
    ]

    @Test(
        "get follows every path form",
        arguments: [
            ("data.count", JSONValue.integer(2)),
            ("data.list[0].title", "first"),
            ("data.list[-1].title", "second"),
            ("data.list[-2].tags[-1]", "b"),
            (#"["key.with.dots"]"#, "dotted"),
            ("empty", JSONValue.null),
            ("matrix[1][1][1].c", "deep"),
            ("matrix[0]", [1, 2]),
            ("", document),
        ] as [(String, JSONValue)])
    func get(path: String, expected: JSONValue) throws {
        #expect(try Self.document.value(at: path) == expected)
        #expect(Self.document[try JSONKeyPath(path)] == expected)
    }

    @Test(
        "get returns nil where a step is missing or of the wrong kind",
        arguments: [
            "nope", "data.nope", "data.list[2]", "data.list[-3]", "data.count.x", "data.count[0]",
            "data[0]", "data.list.title", "empty.x", "empty[0]", "key.with.dots", "matrix[0][0][0]",
        ])
    func getMissing(path: String) throws {
        #expect(try Self.document.value(at: path) == nil)
    }

    @Test("set replaces an existing value and keeps key order")
    func setReplaces() throws {
        var doc = Self.document
        try doc.set("changed", at: "data.list[0].title")
        try doc.set(99, at: "data.list[-1].tags[0]")
        #expect(try doc.value(at: "data.list[0].title") == "changed")
        #expect(try doc.value(at: "data.list[1].tags") == [99])
        #expect(doc.objectValue?.keys == ["data", "key.with.dots", "empty", "matrix"])
        #expect(try doc.value(at: "data.list[0].tags") == ["a", "b"])
    }

    @Test("set creates the missing objects and arrays on the way")
    func setCreates() throws {
        var doc: JSONValue = [:]
        try doc.set("hi", at: "a.list[2].title")
        #expect(doc.jsonString() == #"{"a":{"list":[null,null,{"title":"hi"}]}}"#)
        try doc.set(true, at: #"a["x.y"][0][1]"#)
        #expect(doc.jsonString() == #"{"a":{"list":[null,null,{"title":"hi"}],"x.y":[[null,true]]}}"#)
    }

    @Test("set turns a null or a missing root into the container the path needs")
    func setThroughNull() throws {
        var doc = Self.document
        try doc.set(1, at: "empty.child")
        #expect(try doc.value(at: "empty") == ["child": 1])
        var root = JSONValue.null
        try root.set("x", at: "[1]")
        #expect(root == [nil, "x"])
    }

    @Test("set pads an array with null past its end")
    func setPads() throws {
        var doc: JSONValue = ["list": [1]]
        try doc.set(5, at: "list[4]")
        #expect(doc["list"] == [1, nil, nil, nil, 5])
    }

    @Test("set at the root replaces the whole value")
    func setRoot() throws {
        var doc = Self.document
        try doc.set([1], at: JSONKeyPath.root)
        #expect(doc == [1])
    }

    @Test(
        "set through a value that is not a container is an error naming the step, and changes nothing",
        arguments: [
            ("data.count.x", "data.count", "a number", "an object"),
            ("data.list[0].title[0]", "data.list[0].title", "a string", "an array"),
            ("data.list.x", "data.list", "an array", "an object"),
            ("data[0]", "data", "an object", "an array"),
            (#"["key.with.dots"].x"#, #"["key.with.dots"]"#, "a string", "an object"),
        ])
    func setThroughScalar(path: String, step: String, found: String, expected: String) throws {
        var doc = Self.document
        let error = try #require(throws: KeyPathError.self) { try doc.set(1, at: path) }
        #expect(
            error
                == .notAContainer(path: try JSONKeyPath(path).description, step: step, found: found, expected: expected)
        )
        #expect(error.description.contains("\"\(step)\" holds \(found), not \(expected)"))
        #expect(doc == Self.document)
    }

    @Test("set through a scalar root names the root")
    func setThroughScalarRoot() throws {
        var doc: JSONValue = "text"
        let error = try #require(throws: KeyPathError.self) { try doc.set(1, at: "a") }
        #expect(error.description.contains("the root holds a string, not an object"))
    }

    @Test(
        "set with an index before the start, or absurdly far past the end, is an error",
        arguments: ["data.list[-3]", "fresh[-1]", "data.list[100100]", "fresh.list[-1].x"])
    func setOutOfRange(path: String) throws {
        var doc = Self.document
        let error = try #require(throws: KeyPathError.self) { try doc.set(1, at: path) }
        guard case .indexOutOfRange = error else {
            Issue.record("expected indexOutOfRange, got \(error)")
            return
        }
        #expect(doc == Self.document)
    }

    @Test(
        "remove takes out a key or an element and returns it",
        arguments: [
            (
                "data.count", JSONValue.integer(2) as JSONValue,
                #"{"list":[{"title":"first","tags":["a","b"]},{"title":"second","tags":[]}]}"#
            ),
            (
                "data.list[0]", JSONValue.object(["title": "first", "tags": ["a", "b"]]),
                #"{"list":[{"title":"second","tags":[]}],"count":2}"#
            ),
            (
                "data.list[-1].tags", JSONValue.array([]),
                #"{"list":[{"title":"first","tags":["a","b"]},{"title":"second"}],"count":2}"#
            ),
            (
                "data.list[0].tags[-2]", JSONValue.string("a"),
                #"{"list":[{"title":"first","tags":["b"]},{"title":"second","tags":[]}],"count":2}"#
            ),
        ])
    func remove(path: String, removed: JSONValue, remainingData: String) throws {
        var doc = Self.document
        #expect(try doc.removeValue(at: path) == removed)
        #expect(doc["data"]?.jsonString() == remainingData)
        #expect(doc["matrix"] == Self.document["matrix"])
    }

    @Test("removing what is not there returns nil and changes nothing")
    func removeMissing() throws {
        var doc = Self.document
        for path in ["nope", "data.list[5]", "data.count.x", "data.list[-3]", "empty.x", "matrix[0].x"] {
            #expect(try doc.removeValue(at: path) == nil, "\(path)")
        }
        #expect(doc == Self.document)
        #expect(doc.removeValue(at: .root) == Self.document)
        #expect(doc == .null)
    }

    @Test("string paths that are malformed throw instead of returning nil")
    func malformedStringPaths() {
        var doc = Self.document
        #expect(throws: KeyPathError.self) { try doc.value(at: "a..b") }
        #expect(throws: KeyPathError.self) { try doc.set(1, at: "a[") }
        #expect(throws: KeyPathError.self) { try doc.removeValue(at: "[x]") }
        #expect(throws: KeyPathError.self) { try doc.int(at: "a.") }
    }
}
