import BasicCore
import BasicStore
import Testing

@Suite struct KeyedCollectionTests {
    @Test("set, value, json, contains, keys, count, remove and removeAll in a collection")
    func basics() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.set("abc123", forKey: "token", in: "settings")
        try store.set(42, forKey: "launches", in: "settings")
        try store.set(Article(id: 7, title: "博客园", tags: ["swift"]), forKey: "draft", in: "drafts")

        #expect(try store.value(String.self, forKey: "token", in: "settings") == "abc123")
        #expect(try store.value(Int.self, forKey: "launches", in: "settings") == 42)
        #expect(try store.value(Article.self, forKey: "draft", in: "drafts")?.title == "博客园")
        #expect(try store.json(forKey: "draft", in: "drafts") == ["id": 7, "title": "博客园", "tags": ["swift"]])
        #expect(try store.value(String.self, forKey: "token", in: "drafts") == nil)
        #expect(try store.contains("token", in: "settings"))
        #expect(try !store.contains("token", in: "drafts"))
        #expect(try store.keys(in: "settings") == ["launches", "token"])
        #expect(try store.count(in: "settings") == 2)

        try store.set("replaced", forKey: "token", in: "settings")
        #expect(try store.value(String.self, forKey: "token", in: "settings") == "replaced")
        #expect(try store.remove(forKey: "token", in: "settings"))
        #expect(try !store.remove(forKey: "token", in: "settings"))
        try store.removeAll(in: "settings")
        #expect(try store.count(in: "settings") == 0)
        #expect(try store.count(in: "drafts") == 1)
    }

    @Test(
        "JSONValue and Codable values round-trip",
        arguments: [
            JSONValue.null, true, 0, -9_007_199_254_740_993, 1.5, "", "text with \"quotes\" and /slashes/",
            [1, "two", nil],
            ["nested": ["list": [1, 2, 3], "empty": [:]]],
        ] as [JSONValue])
    func roundTrip(value: JSONValue) throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.set(value, forKey: "k")
        #expect(try store.json(forKey: "k") == value)
    }

    @Test("values survive closing and reopening; an unencrypted store works the same way")
    func persistence() throws {
        for key in [StoreFixture.passphrase(), .raw([UInt8](repeating: 7, count: 32)), StoreKey.none] {
            let fixture = try StoreFixture()
            do {
                let store = try fixture.open(key)
                try store.set(["a": 1] as JSONValue, forKey: "k", in: "c")
                #expect(store.isEncrypted == (key.description != "none"))
            }
            let reopened = try fixture.open(key)
            #expect(try reopened.json(forKey: "k", in: "c") == ["a": 1])
        }
    }

    @Test("keys and collection names that differ only after a NUL are separate rows")
    func keysWithNUL() throws {
        // Given values under "a" and "a\0x", in collections "c" and "c\0d",
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.set("first", forKey: "a", in: "c")
        try store.set("second", forKey: "a\u{0}x", in: "c")
        try store.set("third", forKey: "a", in: "c\u{0}d")
        try store.set("empty", forKey: "", in: "c")
        // then each reads back as written, and the keys list shows all of them in full.
        #expect(try store.value(String.self, forKey: "a", in: "c") == "first")
        #expect(try store.value(String.self, forKey: "a\u{0}x", in: "c") == "second")
        #expect(try store.value(String.self, forKey: "a", in: "c\u{0}d") == "third")
        #expect(try store.value(String.self, forKey: "", in: "c") == "empty")
        #expect(try store.keys(in: "c") == ["", "a", "a\u{0}x"])
        #expect(try store.count(in: "c\u{0}d") == 1)
        try store.append("item", to: "list\u{0}2")
        #expect(try store.itemCount(in: "list") == 0)
        #expect(try store.items(String.self, in: "list\u{0}2") == ["item"])
    }

    @Test("a value of another type is unreadableValue naming the collection and key, not the value")
    func unreadable() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.set("secret-text", forKey: "token", in: "settings")
        #expect {
            _ = try store.value(Int.self, forKey: "token", in: "settings")
        } throws: { error in
            guard case StoreError.unreadableValue("settings", "token", _) = error else { return false }
            return !"\(error)".contains("secret-text")
        }
    }

    @Test("a value that fails to encode is unencodableValue naming the collection and key, not the value")
    func unencodable() throws {
        struct Secretive: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(
                    "secret-text", .init(codingPath: [], debugDescription: "cannot encode secret-text"))
            }
        }
        struct Reading: Encodable {
            var label = "secret-label"
            var level = Double.infinity
        }
        let fixture = try StoreFixture()
        let store = try fixture.open()
        #expect {
            try store.set(Secretive(), forKey: "token", in: "settings")
        } throws: { error in
            guard case StoreError.unencodableValue("settings", "token", _) = error else { return false }
            return !"\(error)".contains("secret-text")
        }
        #expect {
            try store.write { tx in try tx.set(Reading(), forKey: "reading", in: "settings") }
        } throws: { error in
            guard case StoreError.unencodableValue("settings", "reading", let reason) = error else { return false }
            return reason.contains("level") && !"\(error)".contains("Double.infinity")
                && !"\(error)".contains("secret-label")
        }
        #expect(try store.count(in: "settings") == 0)
    }

    @Test("write { } commits every change together, or none when it throws; its own error comes out carried whole")
    func batches() throws {
        struct Abort: Error, Equatable {}
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.write { tx in
            for index in 0..<100 { try tx.set(index, forKey: "k\(index)", in: "batch") }
            try tx.append("first", to: "list")
        }
        #expect(try store.count(in: "batch") == 100)
        let error = try #require(throws: StoreError.self) {
            try store.write { tx in
                try tx.removeAll(in: "batch")
                try tx.set("x", forKey: "new", in: "batch")
                try tx.append("second", to: "list")
                #expect(try tx.count(in: "batch") == 1)
                throw Abort()
            }
        }
        guard case .transactionFailed(let carried) = error else {
            Issue.record("expected transactionFailed, got \(error)")
            return
        }
        #expect(carried.error as? Abort == Abort())
        #expect(
            error.description == "the write, read or savepoint block threw, and nothing it changed was kept: Abort()")
        #expect(try store.count(in: "batch") == 100)
        #expect(try !store.contains("new", in: "batch"))
        #expect(try store.itemCount(in: "list") == 1)
    }

    @Test("read { } hands out a read-only transaction: it reads, and is no writing Transaction")
    func readOnlyTransaction() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.set("a", forKey: "k")
        try store.append(1, to: "list")
        let (value, keys, items, isWritable) = try store.read { tx in
            (
                try tx.value(String.self, forKey: "k"), try tx.keys(), try tx.items(Int.self, in: "list"),
                (tx as AnyObject) is KeyValueStore.Transaction
            )
        }
        #expect(value == "a" && keys == ["k"] && items == [1])
        #expect(!isWritable)
    }

    @Test("a savepoint inside a write undoes only its own changes when it throws")
    func savepoints() throws {
        struct Abort: Error {}
        // A StoreError thrown inside comes out as it is, not carried.
        let fixture0 = try StoreFixture()
        let store0 = try fixture0.open()
        #expect(throws: StoreError.indexOutOfRange(collection: "list", index: 3, count: 0)) {
            try store0.write { tx in try tx.savepoint { inner in try inner.removeItem(at: 3, in: "list") } }
        }
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.write { tx in
            try tx.set(1, forKey: "outer")
            #expect(throws: StoreError.transactionFailed(.init(Abort()))) {
                try tx.savepoint { inner in
                    try inner.set(2, forKey: "inner")
                    throw Abort()
                }
            }
            try tx.savepoint { inner in try inner.set(3, forKey: "kept") }
        }
        #expect(try store.keys() == ["kept", "outer"])
    }

    @Test("calling the store inside its own write block throws reentrantCall instead of deadlocking")
    func reentrantCall() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        #expect(throws: StoreError.reentrantCall(path: fixture.path)) {
            try store.write { tx in
                try tx.set(1, forKey: "inside")
                try store.set(2, forKey: "outside")
            }
        }
        #expect(try !store.contains("inside"))  // the write block threw, so nothing was kept
        try store.set(3, forKey: "after")
        #expect(try store.value(Int.self, forKey: "after") == 3)
    }

    @Test("a transaction used after its block is refused with transactionFinished")
    func escapedTransaction() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let escaped = try store.write { $0 }
        #expect(throws: StoreError.transactionFinished) { try escaped.set(1, forKey: "k") }
    }
}
