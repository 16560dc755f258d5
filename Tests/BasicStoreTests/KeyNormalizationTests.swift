import BasicCore
import BasicStore
import Testing

/// Issue 12, defect 4: keys and collection names that differ only in Unicode normalisation are
/// two keys. SQLite compares text byte by byte, so the store keeps both; these tests hold it to
/// that, through every keyed and ordered operation.
@Suite struct KeyNormalizationTests {
    /// `é` as one scalar (U+00E9) and as `e` plus a combining acute accent.
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    @Test("two keys spelled é and e + U+0301 hold two values through set, value, keys, count and remove")
    func keys() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.set("composed", forKey: Self.composed)
        try store.set("decomposed", forKey: Self.decomposed)
        #expect(try store.count() == 2)
        #expect(try store.value(String.self, forKey: Self.composed) == "composed")
        #expect(try store.value(String.self, forKey: Self.decomposed) == "decomposed")
        let keys = try store.keys()
        #expect(
            keys.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) } == [
                Array(Self.decomposed.utf8), Array(Self.composed.utf8),
            ])
        #expect(try store.remove(forKey: Self.composed))
        #expect(try !store.contains(Self.composed))
        #expect(try store.contains(Self.decomposed))
        #expect(try store.value(String.self, forKey: Self.decomposed) == "decomposed")
    }

    @Test("the two spellings survive closing and reopening the store")
    func reopened() throws {
        let fixture = try StoreFixture()
        do {
            let store = try fixture.open()
            try store.set(1, forKey: Self.composed, in: Self.composed)
            try store.set(2, forKey: Self.decomposed, in: Self.composed)
        }
        let store = try fixture.open()
        #expect(try store.json(forKey: Self.composed, in: Self.composed) == 1)
        #expect(try store.json(forKey: Self.decomposed, in: Self.composed) == 2)
    }

    @Test("collections named with the two spellings are two collections, keyed and ordered")
    func collections() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.set("a", forKey: "k", in: Self.composed)
        try store.set("b", forKey: "k", in: Self.decomposed)
        try store.append("first", to: Self.composed + "-list")
        try store.append("second", to: Self.decomposed + "-list")
        try store.append("third", to: Self.decomposed + "-list")
        #expect(try store.value(String.self, forKey: "k", in: Self.composed) == "a")
        #expect(try store.value(String.self, forKey: "k", in: Self.decomposed) == "b")
        #expect(try store.itemCount(in: Self.composed + "-list") == 1)
        #expect(try store.items(String.self, in: Self.decomposed + "-list") == ["second", "third"])
        try store.removeAll(in: Self.composed)
        #expect(try store.count(in: Self.decomposed) == 1)
    }

    @Test("a stored JSON value keeps object keys that differ only in normalisation")
    func jsonValues() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let value = try JSONValue(parsing: #"{"é": 1, "e\u0301": 2}"#)
        try store.set(value, forKey: "doc")
        let read = try #require(try store.json(forKey: "doc"))
        #expect(read.objectValue?.count == 2)
        #expect(read == value)
    }
}
