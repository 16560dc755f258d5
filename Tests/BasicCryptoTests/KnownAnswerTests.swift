import BasicCrypto
import Testing

/// Published test vectors: FIPS 180-2 for SHA-256, RFC 4231 for HMAC-SHA256, the GCM
/// specification's test cases (McGrew & Viega, as used by NIST's CAVP) for AES-256-GCM, and
/// RFC 7914 §11 plus the widely published RFC 6070-style vectors for PBKDF2-HMAC-SHA256.
@Suite struct KnownAnswerTests {
    static func hex(_ text: String) -> [UInt8] {
        [UInt8](hexString: text.filter { !$0.isWhitespace }) ?? []
    }

    @Test(
        "SHA-256 matches FIPS 180-2",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ])
    func sha256(message: String, digest: String) {
        #expect(SHA256.hexDigest(Array(message.utf8)) == digest)
        #expect(SHA256.hash(Array(message.utf8)) == Self.hex(digest))
    }

    @Test("SHA-256 of a million 'a's matches FIPS 180-2")
    func sha256Million() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hexDigest(message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(
        "HMAC-SHA256 matches RFC 4231",
        arguments: [
            (
                String(repeating: "0b", count: 20), Array("Hi There".utf8),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                [UInt8]("Jefe".utf8).hexString, Array("what do ya want for nothing?".utf8),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                String(repeating: "aa", count: 20), [UInt8](repeating: 0xdd, count: 50),
                "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
            ),
            (
                String(repeating: "aa", count: 131),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
        ])
    func hmac(key: String, message: [UInt8], mac: String) throws {
        #expect(try HMAC.sha256(key: Self.hex(key), message: message).hexString == mac)
    }

    struct GCMVector: Sendable, CustomTestStringConvertible {
        var name: String
        var key: String
        var nonce: String
        var plaintext: String
        var associatedData: String
        var ciphertext: String
        var tag: String
        var testDescription: String { name }
    }

    static let gcmVectors = [
        GCMVector(
            name: "test case 13 (empty)", key: String(repeating: "00", count: 32),
            nonce: String(repeating: "00", count: 12),
            plaintext: "", associatedData: "", ciphertext: "", tag: "530f8afbc74536b9a963b4f1c4cb738b"),
        GCMVector(
            name: "test case 14", key: String(repeating: "00", count: 32), nonce: String(repeating: "00", count: 12),
            plaintext: String(repeating: "00", count: 16), associatedData: "",
            ciphertext: "cea7403d4d606b6e074ec5d3baf39d18", tag: "d0d1c8a799996bf0265b98b5d48ab919"),
        GCMVector(
            name: "test case 16 (with associated data)",
            key: "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
            nonce: "cafebabefacedbaddecaf888",
            plaintext: """
                d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72
                1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39
                """,
            associatedData: "feedfacedeadbeeffeedfacedeadbeefabaddad2",
            ciphertext: """
                522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa
                8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662
                """,
            tag: "76fc6ece0f4e1768cddf8853bb2d551b"),
    ]

    @Test("AES-256-GCM seals and opens the GCM specification's vectors", arguments: gcmVectors)
    func aesGCM(vector: GCMVector) throws {
        let key = try CipherKey(bytes: Self.hex(vector.key))
        let box = try AESGCM.seal(
            Self.hex(vector.plaintext), using: key, nonce: Self.hex(vector.nonce),
            authenticating: Self.hex(vector.associatedData))
        #expect(box.nonce == Self.hex(vector.nonce))
        #expect(box.ciphertext == Self.hex(vector.ciphertext))
        #expect(box.tag == Self.hex(vector.tag))
        let opened = try AESGCM.open(
            AESGCM.SealedBox(combined: box.combined), using: key, authenticating: Self.hex(vector.associatedData))
        #expect(opened == Self.hex(vector.plaintext))
    }

    @Test(
        "PBKDF2-HMAC-SHA256 matches RFC 7914 §11 and the published RFC 6070-style vectors",
        arguments: [
            (
                "passwd", "salt", 1, 64,
                """
                55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc
                49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783
                """
            ),
            (
                "Password", "NaCl", 80_000, 64,
                """
                4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56
                a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d
                """
            ),
            ("password", "salt", 1, 32, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
            ("password", "salt", 2, 32, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
            ("password", "salt", 4096, 32, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
        ])
    func pbkdf2(passphrase: String, salt: String, iterations: Int, length: Int, expected: String) throws {
        let key = try PBKDF2.deriveKey(
            passphrase: passphrase, salt: Array(salt.utf8), iterations: iterations, byteCount: length)
        #expect(key == Self.hex(expected))
    }
}
