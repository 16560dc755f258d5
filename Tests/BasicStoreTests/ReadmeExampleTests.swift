import BasicCore
import BasicCrypto
import BasicStore
import Testing

/// README.md's examples for BasicCrypto and BasicStore, as written there, so they stay true.
@Suite struct ReadmeExampleTests {
    @Test("the BasicCrypto example seals, opens and hashes")
    func cryptoExample() throws {
        let salt = try SecureRandom.bytes(count: 16)
        let key = try CipherKey(bytes: PBKDF2.deriveKey(passphrase: "correct horse", salt: salt, iterations: 1_000))
        let box = try AESGCM.seal(Array("token".utf8), using: key, authenticating: Array("settings/token".utf8))
        let token = try AESGCM.open(box, using: key, authenticating: Array("settings/token".utf8))
        #expect(token == Array("token".utf8))
        #expect(SHA256.hexDigest(Array("abc".utf8)).hasPrefix("ba7816bf"))
    }

    @Test("the BasicStore example stores, reads, appends, reads read-only, batches and changes the passphrase")
    func storeExample() throws {
        let fixture = try StoreFixture(name: "app.store")
        let store = try KeyValueStore(at: fixture.url, key: .passphrase("correct horse", iterations: 1_000))
        try store.set("abc123", forKey: "token", in: "settings")
        let token = try store.value(String.self, forKey: "token", in: "settings")
        try store.append(["id": 4_133_083, "title": "Swift 并发"] as JSONValue, to: "offline")
        let firstPage = try store.jsonItems(in: "offline", range: 0..<20)
        let reader = try KeyValueStore(
            at: fixture.url, key: .passphrase("correct horse"), configuration: .init(mode: .readOnly))
        #expect(try reader.value(String.self, forKey: "token", in: "settings") == "abc123")
        try store.write { tx in
            try tx.set(true, forKey: "onboarded", in: "settings")
            try tx.removeAll(in: "drafts")
        }
        try store.changePassphrase(to: "battery staple", iterations: 1_000)
        #expect(token == "abc123")
        #expect(firstPage == [["id": 4_133_083, "title": "Swift 并发"]])
        #expect(try KeyValueStore(at: fixture.url, key: .passphrase("battery staple")).count(in: "settings") == 2)
    }
}
