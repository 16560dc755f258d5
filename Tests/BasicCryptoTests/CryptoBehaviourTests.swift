import BasicCrypto
import Testing

/// What the API promises beyond the vectors: tamper detection, fresh nonces, size checks.
@Suite struct CryptoBehaviourTests {
    @Test("OWASP's recommended PBKDF2-HMAC-SHA256 iteration count is the default: 600,000")
    func defaultIterations() {
        #expect(PBKDF2.recommendedIterations == 600_000)
    }

    @Test("a sealed box opens only with the same key and associated data, and unchanged bytes")
    func tamperDetection() throws {
        let key = try CipherKey.random()
        let message = Array("the token".utf8)
        let ad = Array("settings/token".utf8)
        let box = try AESGCM.seal(message, using: key, authenticating: ad)
        #expect(try AESGCM.open(box, using: key, authenticating: ad) == message)

        // Every API throws CryptoError itself, so the check needs no cast.
        func expectAuthenticationFailure(_ body: () throws(CryptoError) -> [UInt8]) {
            do {
                _ = try body()
                Issue.record("a changed box opened")
            } catch {
                #expect(error.kind == .authenticationFailure, "\(error)")
            }
        }
        expectAuthenticationFailure { () throws(CryptoError) in
            try AESGCM.open(box, using: CipherKey.random(), authenticating: ad)
        }
        expectAuthenticationFailure { () throws(CryptoError) in
            try AESGCM.open(box, using: key, authenticating: Array("settings/other".utf8))
        }
        for index in box.combined.indices {
            var bytes = box.combined
            bytes[index] ^= 0x01
            expectAuthenticationFailure { () throws(CryptoError) in
                try AESGCM.open(AESGCM.SealedBox(combined: bytes), using: key, authenticating: ad)
            }
        }
    }

    @Test("each seal takes a fresh nonce, so the same plaintext never seals to the same bytes")
    func freshNonces() throws {
        let key = try CipherKey.random()
        let boxes = try (0..<100).map { _ in try AESGCM.seal(Array("same".utf8), using: key).combined }
        #expect(Set(boxes).count == 100)
        #expect(Set(boxes.map { Array($0.prefix(12)) }).count == 100)
    }

    @Test(
        "wrong sizes are refused with invalidParameter",
        arguments: [0, 16, 31, 33])
    func keySizes(count: Int) {
        #expect(throws: CryptoError.self) { try CipherKey(bytes: [UInt8](repeating: 1, count: count)) }
    }

    @Test("short boxes, bad nonces and zero iterations are refused, not crashed on")
    func invalidParameters() throws {
        let key = try CipherKey.random()
        #expect(throws: CryptoError.self) { try AESGCM.SealedBox(combined: [UInt8](repeating: 0, count: 27)) }
        #expect(throws: CryptoError.self) { try AESGCM.seal([1, 2, 3], using: key, nonce: [1, 2, 3]) }
        #expect(throws: CryptoError.self) { try PBKDF2.deriveKey(passphrase: "x", salt: [1], iterations: 0) }
        #expect(throws: CryptoError.self) { try SecureRandom.bytes(count: -1) }
    }

    @Test("random bytes differ between calls; the key's description hides it")
    func randomAndDescription() throws {
        #expect(try SecureRandom.bytes(count: 32) != SecureRandom.bytes(count: 32))
        #expect(try SecureRandom.bytes(count: 0).isEmpty)
        let key = try CipherKey.random()
        #expect(!"\(key)".contains(key.bytes.hexString))
        #expect([UInt8](hexString: "0aFf") == [0x0a, 0xff])
        #expect([UInt8](hexString: "0g") == nil)
    }
}

/// Wiping secrets before their memory is freed.
@Suite struct SecureMemoryTests {
    @Test("wipe zeroes every byte in place and keeps the count")
    func wipe() throws {
        var derived = try PBKDF2.deriveKey(passphrase: "correct horse", salt: [1, 2, 3], iterations: 1)
        #expect(derived.contains { $0 != 0 })
        SecureMemory.wipe(&derived)
        #expect(derived == [UInt8](repeating: 0, count: 32))
        var empty: [UInt8] = []
        SecureMemory.wipe(&empty)
        #expect(empty.isEmpty)
    }
}
