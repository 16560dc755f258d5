import BasicCore
import BasicCrypto
import BasicStore
import Foundation
import Testing

/// Keys, passphrases and files that are not what they should be.
@Suite struct KeyAndFileTests {
    @Test("new passphrase stores default to OWASP's 600,000 PBKDF2-HMAC-SHA256 iterations")
    func defaultIterations() {
        #expect(StoreKey.defaultIterations == 600_000)
        guard case .passphrase(_, let iterations) = StoreKey.passphrase("x") else { return }
        #expect(iterations == 600_000)
    }

    @Test("a store opens at a file URL and keeps it; a URL that is no file is cannotOpen, and nothing is created")
    func fileURLs() throws {
        let fixture = try StoreFixture()
        let store = try KeyValueStore(at: fixture.url, key: .none)
        #expect(store.url == fixture.url)
        try store.set(1, forKey: "k")
        #expect(FileManager.default.fileExists(atPath: fixture.path))
        let web = try #require(URL(string: "https://example.com/app.store"))
        #expect(
            throws: StoreError.cannotOpen(
                path: "https://example.com/app.store",
                reason: "it is not a file URL; give the store file's path as a file URL")
        ) {
            try KeyValueStore(at: web, key: .none)
        }
    }

    @Test("randomRaw gives 32 fresh bytes each time, and a store opens with them")
    func randomRawKey() throws {
        guard case .raw(let first) = try StoreKey.randomRaw(), case .raw(let second) = try StoreKey.randomRaw() else {
            Issue.record("randomRaw did not give a raw key")
            return
        }
        #expect(first.count == 32)
        #expect(first != second)
        #expect(Set(first).count > 8)
        let fixture = try StoreFixture()
        try fixture.open(.raw(first)).set("value", forKey: "k")
        #expect(try fixture.open(.raw(first)).value(String.self, forKey: "k") == "value")
        #expect(throws: StoreError.wrongKey(path: fixture.path)) { try fixture.open(.raw(second)) }
    }

    @Test("a wrong passphrase is wrongKey, and the file keeps the same bytes")
    func wrongPassphrase() throws {
        // Given a closed store with values,
        let fixture = try StoreFixture()
        do {
            let store = try fixture.open(StoreFixture.passphrase("right"))
            try store.set("value", forKey: "k")
            try store.append(1, to: "list")
        }
        let before = fixture.fileBytes()
        // when it is opened with the wrong passphrase or the wrong kind of key,
        #expect(throws: StoreError.wrongKey(path: fixture.path)) { try fixture.open(StoreFixture.passphrase("wrong")) }
        #expect(throws: StoreError.keyKindMismatch(path: fixture.path, usesPassphrase: true)) {
            try fixture.open(.raw([UInt8](repeating: 1, count: 32)))
        }
        #expect(throws: StoreError.encryptionMismatch(path: fixture.path, isEncrypted: true)) {
            try fixture.open(.none)
        }
        // then nothing changed, and the right passphrase still opens it.
        #expect(fixture.fileBytes() == before)
        #expect(try fixture.open(StoreFixture.passphrase("right")).value(String.self, forKey: "k") == "value")
    }

    @Test(
        "opening with another kind of key than the store was created with names the kind it needs",
        arguments: [
            (StoreKey.raw([UInt8](repeating: 7, count: 32)), StoreFixture.passphrase(), "created with a raw key"),
            (StoreFixture.passphrase(), StoreKey.raw([UInt8](repeating: 7, count: 32)), "created with a passphrase"),
            (StoreKey.none, StoreFixture.passphrase(), "is not encrypted"),
            (StoreKey.none, StoreKey.raw([UInt8](repeating: 7, count: 32)), "is not encrypted"),
            (StoreKey.raw([UInt8](repeating: 7, count: 32)), StoreKey.none, "is encrypted"),
            (StoreFixture.passphrase(), StoreKey.none, "is encrypted"),
        ])
    func keyKindMismatch(created: StoreKey, opened: StoreKey, message: String) throws {
        // Given a store created with one kind of key,
        let fixture = try StoreFixture()
        try fixture.open(created).set("value", forKey: "k")
        let before = fixture.fileBytes()
        // when it is opened with another kind,
        #expect {
            _ = try fixture.open(opened)
        } throws: { error in
            // then the error says which kind it was created with (not "PBKDF2 needs 1 iteration"),
            switch error {
            case StoreError.keyKindMismatch(fixture.path, _), StoreError.encryptionMismatch(fixture.path, _):
                return "\(error)".contains(message)
            default:
                return false
            }
        }
        // and the file is unchanged and still opens with its own key.
        #expect(fixture.fileBytes() == before)
        #expect(try fixture.open(created).value(String.self, forKey: "k") == "value")
    }

    @Test("after another connection rekeys the file, this one's writes are keyChanged, none sealed under the old key")
    func rekeyedByAnotherConnection() throws {
        // Given two store objects on one file, both opened with passphrase "old",
        let fixture = try StoreFixture()
        let rekeying = try fixture.open(StoreFixture.passphrase("old"))
        let other = try fixture.open(StoreFixture.passphrase("old"))
        try rekeying.set("a", forKey: "k")
        try other.set("b", forKey: "k2")  // a plain write by another connection changes nothing
        #expect(try other.value(String.self, forKey: "k") == "a")
        // when one changes the passphrase,
        try rekeying.changePassphrase(to: "new", iterations: StoreFixture.iterations)
        // then every write of the other throws keyChanged, and writes nothing,
        let changed = StoreError.keyChanged(path: fixture.path)
        #expect(throws: changed) { try other.set("stale", forKey: "k3") }
        #expect(throws: changed) { try other.write { tx in try tx.set("stale", forKey: "k4") } }
        #expect(throws: changed) { try other.append("stale", to: "list") }
        #expect(throws: changed) { try other.rekey(to: StoreFixture.passphrase("third")) }
        #expect("\(changed)".contains("open it again with the new key"))
        // while the one that rekeyed goes on writing, and the new passphrase opens everything.
        try rekeying.set("c", forKey: "k5")
        let reopened = try fixture.open(StoreFixture.passphrase("new"))
        #expect(try reopened.keys() == ["k", "k2", "k5"])
        #expect(try reopened.value(String.self, forKey: "k2") == "b")
        #expect(try reopened.itemCount(in: "list") == 0)
        try reopened.set("d", forKey: "k6")
    }

    @Test("the error's message says the passphrase is wrong and shows no secret")
    func wrongKeyMessage() {
        let message = StoreError.wrongKey(path: "/tmp/a.store").description
        #expect(message.contains("wrong passphrase or key"))
        #expect(StoreKey.passphrase("hunter2").description == "passphrase(600000 iterations)")
        #expect(!StoreKey.raw([UInt8](repeating: 0xab, count: 32)).description.contains("171"))
    }

    @Test("a raw key that is not 32 bytes is invalidKey", arguments: [0, 16, 31, 33, 64])
    func rawKeySize(count: Int) throws {
        let fixture = try StoreFixture()
        #expect(throws: StoreError.invalidKey(reason: "a raw key is 32 bytes, not \(count)")) {
            try fixture.open(.raw([UInt8](repeating: 1, count: count)))
        }
    }

    @Test("an unencrypted store opened with a key is encryptionMismatch")
    func unencryptedWithKey() throws {
        let fixture = try StoreFixture()
        _ = try fixture.open(.none)
        #expect(throws: StoreError.encryptionMismatch(path: fixture.path, isEncrypted: false)) {
            try fixture.open(StoreFixture.passphrase())
        }
    }

    @Test("changePassphrase re-encrypts everything: the new one opens it, the old one no longer does")
    func changePassphrase() throws {
        let fixture = try StoreFixture()
        do {
            let store = try fixture.open(StoreFixture.passphrase("old"))
            for index in 0..<20 { try store.set(index, forKey: "k\(index)", in: "c") }
            for index in 0..<5 { try store.append("item \(index)", to: "list") }
            try store.changePassphrase(to: "new", iterations: StoreFixture.iterations)
            #expect(try store.value(Int.self, forKey: "k3", in: "c") == 3)  // the open store goes on
        }
        #expect(throws: StoreError.wrongKey(path: fixture.path)) { try fixture.open(StoreFixture.passphrase("old")) }
        let store = try fixture.open(StoreFixture.passphrase("new"))
        #expect(try store.value(Int.self, forKey: "k19", in: "c") == 19)
        #expect(try store.items(String.self, in: "list") == (0..<5).map { "item \($0)" })

        // Rekey to a raw key, then to no encryption at all.
        let raw = [UInt8](repeating: 9, count: 32)
        try store.rekey(to: .raw(raw))
        #expect(try fixture.open(.raw(raw)).value(Int.self, forKey: "k1", in: "c") == 1)
        try store.rekey(to: .none)
        #expect(try fixture.open(.none).value(Int.self, forKey: "k2", in: "c") == 2)
        // And from no encryption back to a key: every value is sealed with its row's identity.
        try store.rekey(to: .raw(raw))
        let sealed = try fixture.open(.raw(raw))
        #expect(try sealed.value(Int.self, forKey: "k4", in: "c") == 4)
        #expect(try sealed.items(String.self, in: "list") == (0..<5).map { "item \($0)" })
    }

    @Test("a rekey that fails part-way changes nothing: the old passphrase opens every value")
    func interruptedRekey() throws {
        // Given a store where one value (in the middle of the rekey's work) was tampered with,
        let fixture = try StoreFixture()
        do {
            let store = try fixture.open(StoreFixture.passphrase("old"))
            for index in 0..<50 { try store.set("value \(index)", forKey: String(format: "k%02d", index), in: "c") }
        }
        RawSQLite.query(
            fixture.path,
            "UPDATE keyed_values SET value = (SELECT value FROM keyed_values WHERE key = 'k01') WHERE key = 'k30'")
        // when the rekey stops at it,
        let store = try fixture.open(StoreFixture.passphrase("old"))
        #expect(throws: StoreError.tampered(collection: "c", key: "k30")) {
            try store.changePassphrase(to: "new", iterations: StoreFixture.iterations)
        }
        // then the old passphrase still opens everything else, in this process and the next.
        #expect(try store.value(String.self, forKey: "k29", in: "c") == "value 29")
        #expect(throws: StoreError.wrongKey(path: fixture.path)) { try fixture.open(StoreFixture.passphrase("new")) }
        let reopened = try fixture.open(StoreFixture.passphrase("old"))
        #expect(try reopened.value(String.self, forKey: "k31", in: "c") == "value 31")
    }

    @Test("the stored form is nonce, ciphertext and tag under the row's documented associated data")
    func storedForm() throws {
        // Given a store with a raw key, one keyed value and one ordered item,
        let fixture = try StoreFixture()
        let keyBytes = [UInt8](repeating: 0x42, count: 32)
        do {
            let store = try KeyValueStore(at: fixture.url, key: .raw(keyBytes))
            try store.set("a value", forKey: "clé", in: "notes")
            try store.write { tx in try tx.append("an item", to: "list") }
        }
        // when the stored bytes are opened outside the store, with AD built by hand
        // (kind, the collection's UTF-8 length as four big-endian bytes, collection, key),
        let key = try CipherKey(bytes: keyBytes)
        func ad(_ kind: Character, _ collection: String, _ rowKey: String) -> [UInt8] {
            let count = UInt32(collection.utf8.count)
            return [UInt8(ascii: kind.unicodeScalars.first ?? "k")]
                + [UInt8(count >> 24), UInt8(count >> 16 & 0xff), UInt8(count >> 8 & 0xff), UInt8(count & 0xff)]
                + Array(collection.utf8) + Array(rowKey.utf8)
        }
        let keyed = try #require(RawSQLite.query(fixture.path, "SELECT value FROM keyed_values").first)
        let item = try #require(RawSQLite.query(fixture.path, "SELECT value FROM ordered_items").first)
        let itemID = try #require(RawSQLite.query(fixture.path, "SELECT CAST(id AS TEXT) FROM ordered_items").first)
        // then they open: a store written before opens the same way after.
        let keyedPlaintext = try AESGCM.open(
            AESGCM.SealedBox(combined: keyed), using: key, authenticating: ad("k", "notes", "clé"))
        #expect(keyedPlaintext == Array(#""a value""#.utf8))
        let itemPlaintext = try AESGCM.open(
            AESGCM.SealedBox(combined: item), using: key,
            authenticating: ad("o", "list", String(decoding: itemID, as: UTF8.self)))
        #expect(itemPlaintext == Array(#""an item""#.utf8))
        #expect(keyed.count == 12 + keyedPlaintext.count + 16)
    }

    @Test("one flipped byte in a stored value: that read is tampered, the others still read")
    func flippedByte() throws {
        // Given a closed store with three values,
        let fixture = try StoreFixture()
        let padding = String(repeating: "p", count: 100)
        do {
            let store = try fixture.open()
            for key in ["a", "b", "c"] { try store.set("\(key) \(padding)", forKey: key, in: "notes") }
        }
        // when one byte inside b's stored bytes is flipped in the file,
        let stored = try #require(RawSQLite.query(fixture.path, "SELECT value FROM keyed_values WHERE key = 'b'").first)
        var file = fixture.fileBytes()
        let range = try #require(file.firstRange(of: Data(stored)))
        file[range.lowerBound + stored.count / 2] ^= 0x20
        try file.write(to: URL(fileURLWithPath: fixture.path))
        // then reading b fails as tampered, naming it, and a and c read as before.
        let store = try fixture.open()
        #expect(throws: StoreError.tampered(collection: "notes", key: "b")) {
            try store.value(String.self, forKey: "b", in: "notes")
        }
        #expect(try store.value(String.self, forKey: "a", in: "notes") == "a \(padding)")
        #expect(try store.value(String.self, forKey: "c", in: "notes") == "c \(padding)")
    }

    @Test("a value copied to another row, or to another collection, fails to open")
    func copiedValue() throws {
        let fixture = try StoreFixture()
        do {
            let store = try fixture.open()
            try store.set("admin", forKey: "role", in: "alice")
            try store.set("guest", forKey: "role", in: "bob")
            try store.append("first", to: "list")
            try store.append("second", to: "list")
        }
        RawSQLite.query(
            fixture.path,
            "UPDATE keyed_values SET value = (SELECT value FROM keyed_values WHERE collection = 'alice') WHERE collection = 'bob'"
        )
        RawSQLite.query(
            fixture.path,
            "UPDATE ordered_items SET value = (SELECT value FROM ordered_items WHERE position = 0) WHERE position = 1")
        let store = try fixture.open()
        #expect(throws: StoreError.tampered(collection: "bob", key: "role")) {
            try store.value(String.self, forKey: "role", in: "bob")
        }
        #expect(throws: StoreError.tampered(collection: "list", key: "item 1")) {
            try store.items(String.self, in: "list")
        }
        #expect(try store.items(String.self, in: "list", range: 0..<1) == ["first"])
    }

    enum BadFile: String, CaseIterable, Sendable {
        case text, randomBytes, truncatedHeader, truncatedHalf, otherDatabase
    }

    @Test("a file that is not a store is notAStoreFile, with no crash", arguments: BadFile.allCases)
    func notAStore(kind: BadFile) throws {
        let fixture = try StoreFixture()
        let url = URL(fileURLWithPath: fixture.path)
        switch kind {
        case .text:
            try Data("hello, this is not a database\n".utf8).write(to: url)
        case .randomBytes:
            try Data((0..<8192).map { _ in UInt8.random(in: 0...255) }).write(to: url)
        case .truncatedHeader, .truncatedHalf:
            do {
                let store = try fixture.open()
                for index in 0..<500 { try store.set(String(repeating: "v", count: 200), forKey: "k\(index)") }
            }
            let bytes = fixture.fileBytes()
            try bytes.prefix(kind == .truncatedHeader ? 60 : bytes.count / 2).write(to: url)
        case .otherDatabase:
            RawSQLite.query(fixture.path, "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT)")
        }
        let before = fixture.fileBytes()
        #expect {
            let store = try fixture.open()
            _ = try store.keys()
        } throws: { error in
            guard case StoreError.notAStoreFile(let path, _) = error else { return false }
            return path == fixture.path
        }
        #expect(fixture.fileBytes() == before)
    }

    @Test("a file from a newer schema version is refused with both versions named")
    func newerSchema() throws {
        let fixture = try StoreFixture()
        _ = try fixture.open()
        RawSQLite.query(fixture.path, "PRAGMA user_version = 99")
        #expect(throws: StoreError.newerSchemaVersion(path: fixture.path, found: 99, supported: 1)) {
            try fixture.open()
        }
    }

    @Test("the plaintext of a stored value never appears in the database file or its WAL")
    func noPlaintextOnDisk() throws {
        let marker = "PLAINTEXT-MARKER-不应出现"
        for key in [StoreFixture.passphrase(), StoreKey.none] {
            let fixture = try StoreFixture()
            let store = try fixture.open(key)
            try store.write { tx in
                for index in 0..<200 { try tx.set("\(marker) \(index)", forKey: "k\(index)", in: "secrets") }
                try tx.append(JSONValue.object(JSONObject([("body", .string("\(marker) article"))])), to: "offline")
            }
            // While the store is open the writes sit in the WAL.
            let wal = fixture.fileBytes(suffix: "-wal")
            #expect(!wal.isEmpty)
            let found = [fixture.fileBytes(), wal].contains { $0.firstRange(of: Data(marker.utf8)) != nil }
            // The unencrypted store shows that the search would find it.
            #expect(found == (key.description == "none"), "\(key)")
        }
    }
}
