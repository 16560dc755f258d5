// The one platform fence of BasicCrypto. Apple platforms ship CryptoKit (and CommonCrypto for
// PBKDF2), so there `Backend` calls them; everywhere else it is `LibCrypto`, OpenSSL's
// libcrypto through `COpenSSL` (LibCrypto.swift). Both answer the same calls (AES-GCM also with
// a `KeyContext` made once per key, which KeyContextPool keeps); the known-answer tests pin them
// to the same results.

#if canImport(CryptoKit)
    import CommonCrypto
    import CryptoKit
    import Foundation

    /// CryptoKit and CommonCrypto on Apple platforms. Availability, from Apple's documentation:
    /// CryptoKit's `SHA256`, `HMAC`, `AES.GCM` and `SymmetricKey` since macOS 10.15, iOS 13,
    /// tvOS 13, watchOS 6 (visionOS 1); CommonCrypto's `CCKeyDerivationPBKDF` since macOS 10.7 and
    /// iOS 5; `memset_s` since macOS 10.9 and iOS 7. All are older than the package's minimums.
    enum Backend {
        static func sha256(_ data: UnsafeRawBufferPointer) -> [UInt8] {
            Array(CryptoKit.SHA256.hash(data: data))
        }

        static func hmacSHA256(key: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer) throws -> [UInt8] {
            Array(CryptoKit.HMAC<CryptoKit.SHA256>.authenticationCode(for: message, using: .init(data: key)))
        }

        /// What ``KeyContextPool`` keeps per key: the `SymmetricKey`, made once.
        typealias KeyContext = SymmetricKey

        static func makeKeyContext(key: UnsafeRawBufferPointer) throws -> SymmetricKey {
            SymmetricKey(data: key)
        }

        static func aesGCMSeal(
            context key: SymmetricKey, nonce: UnsafeRawBufferPointer, plaintext: UnsafeRawBufferPointer,
            authenticating ad: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
        ) throws {
            let box = try AES.GCM.seal(plaintext, using: key, nonce: AES.GCM.Nonce(data: nonce), authenticating: ad)
            output.copyBytes(from: box.ciphertext + box.tag)
        }

        static func aesGCMOpen(
            context key: SymmetricKey, nonce: UnsafeRawBufferPointer, ciphertext: UnsafeRawBufferPointer,
            tag: UnsafeRawBufferPointer, authenticating ad: UnsafeRawBufferPointer
        ) throws -> [UInt8] {
            do {
                let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: nonce), ciphertext: ciphertext, tag: tag)
                return Array(try AES.GCM.open(box, using: key, authenticating: ad))
            } catch {
                throw CryptoError(
                    .authenticationFailure, message: "the sealed box does not open with this key",
                    context: "AES-256-GCM open")
            }
        }

        static func pbkdf2SHA256(
            password: UnsafeRawBufferPointer, salt: UnsafeRawBufferPointer, iterations: Int, byteCount: Int
        ) throws -> [UInt8] {
            var output = [UInt8](repeating: 0, count: byteCount)
            let status = CCKeyDerivationPBKDF(
                CCPBKDFAlgorithm(kCCPBKDF2), password.baseAddress?.assumingMemoryBound(to: CChar.self),
                password.count, salt.baseAddress?.assumingMemoryBound(to: UInt8.self), salt.count,
                CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), UInt32(iterations), &output, byteCount)
            guard status == Int32(kCCSuccess) else {
                throw CryptoError(
                    .libraryFailure, code: UInt(bitPattern: Int(status)), message: "key derivation failed",
                    context: "PBKDF2-HMAC-SHA256")
            }
            return output
        }

        /// `memset_s`, which the compiler may not remove as a dead store.
        static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
            guard let base = buffer.baseAddress else { return }
            _ = memset_s(base, buffer.count, 0, buffer.count)
        }

        static func randomBytes(count: Int) throws -> [UInt8] {
            var generator = SystemRandomNumberGenerator()  // arc4random_buf: a CSPRNG on Apple platforms
            return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        }
    }
#else
    /// OpenSSL's libcrypto everywhere else.
    typealias Backend = LibCrypto
#endif
