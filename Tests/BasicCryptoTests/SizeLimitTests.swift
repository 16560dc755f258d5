#if os(Linux)
    import Testing

    @testable import BasicCrypto

    /// OpenSSL takes lengths as `int`: 2 GiB and more is an error, not a trap. (A 2 GiB buffer is
    /// too heavy for a unit test, so the check every call goes through is tested directly.)
    @Suite struct SizeLimitTests {
        @Test("a count over Int32.max is invalidParameter naming what was too long; up to it passes")
        func overInt32() throws {
            #expect(try LibCrypto.int32(Int(Int32.max), "plaintext", context: "AES-256-GCM seal") == Int32.max)
            #expect(try LibCrypto.int32(0, "plaintext", context: "AES-256-GCM seal") == 0)
            #expect {
                try LibCrypto.int32(Int(Int32.max) + 1, "plaintext", context: "AES-256-GCM seal")
            } throws: { error in
                guard let error = error as? CryptoError, error.kind == .invalidParameter else { return false }
                return error.description.hasPrefix("AES-256-GCM seal: the plaintext is 2147483648 bytes")
            }
        }
    }
#endif
