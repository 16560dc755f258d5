#if canImport(COpenSSL)
    import COpenSSL

    /// The calls BasicCrypto makes into OpenSSL's libcrypto. Every return code is checked and a
    /// failure becomes a ``CryptoError`` carrying OpenSSL's own code and message.
    enum LibCrypto {
        static func sha256(_ data: UnsafeRawBufferPointer) -> [UInt8] {
            var digest = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 0
            let status = digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(data.baseAddress ?? emptyInput, data.count, output.baseAddress, &length, EVP_sha256(), nil)
            }
            // EVP_Digest with a built-in digest only fails when memory runs out; there is no
            // error to report from a hash, so the all-zero digest would be wrong silently:
            // OpenSSL aborts on allocation failure itself (OPENSSL_malloc), so this is unreachable.
            precondition(status == 1 && length == 32, "EVP_Digest(SHA-256) failed")
            return digest
        }

        static func hmacSHA256(key: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer) throws -> [UInt8] {
            var mac = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 0
            let keyCount = try int32(key.count, "key", context: "HMAC-SHA256")
            let result = mac.withUnsafeMutableBufferPointer { output in
                COpenSSL.HMAC(
                    EVP_sha256(), key.baseAddress ?? emptyInput, keyCount,
                    bytes(message), message.count, output.baseAddress, &length)
            }
            guard result != nil, length == 32 else { throw failure("HMAC-SHA256") }
            return mac
        }

        /// An AES-256-GCM context holding a key's schedule, for ``KeyContextPool`` to hand out.
        typealias KeyContext = CipherContext

        /// A context with `key`'s schedule set up once: each seal or open then sets only its
        /// nonce (`EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, nonce)`, which keeps the key, as
        /// OpenSSL documents), where a fresh context per value allocated a context, fetched the
        /// cipher's implementation into it, expanded the key and freed it all again: about half
        /// of a 200-byte seal's instructions (callgrind).
        static func makeKeyContext(key: UnsafeRawBufferPointer) throws -> CipherContext {
            let context = "AES-256-GCM key"
            let cipher = try CipherContext(context)
            guard EVP_EncryptInit_ex(cipher.pointer, try aes256GCM(context), nil, bytes(key), nil) == 1 else {
                throw failure(context)
            }
            return cipher
        }

        /// Seals with a context from ``makeKeyContext(key:)``, used by one caller at a time, writing the
        /// ciphertext and then the 16-byte tag into `output` (`plaintext.count + 16` bytes).
        static func aesGCMSeal(
            context cipher: CipherContext, nonce: UnsafeRawBufferPointer, plaintext: UnsafeRawBufferPointer,
            authenticating ad: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
        ) throws {
            let context = "AES-256-GCM seal"
            let ctx = cipher.pointer
            // The nonce is always 12 bytes (AESGCM checks), GCM's default IV length; the cipher
            // and key stay those the context was set up with.
            guard EVP_EncryptInit_ex(ctx, nil, nil, nil, bytes(nonce)) == 1 else {
                throw failure(context)
            }
            var length: Int32 = 0
            if ad.count > 0 {
                let count = try int32(ad.count, "associated data", context: context)
                guard EVP_EncryptUpdate(ctx, nil, &length, bytes(ad), count) == 1 else {
                    throw failure(context)
                }
            }
            let out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
            var written: Int32 = 0
            if plaintext.count > 0 {
                let count = try int32(plaintext.count, "plaintext", context: context)
                guard EVP_EncryptUpdate(ctx, out, &written, bytes(plaintext), count) == 1 else {
                    throw failure(context)
                }
            }
            var final: Int32 = 0
            guard EVP_EncryptFinal_ex(ctx, out.map { $0 + Int(written) }, &final) == 1,
                EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, output.baseAddress.map { $0 + plaintext.count }) == 1
            else { throw failure(context) }
        }

        /// Opens with a context from ``makeKeyContext(key:)``, used by one caller at a time.
        static func aesGCMOpen(
            context cipher: CipherContext, nonce: UnsafeRawBufferPointer, ciphertext: UnsafeRawBufferPointer,
            tag: UnsafeRawBufferPointer, authenticating ad: UnsafeRawBufferPointer
        ) throws -> [UInt8] {
            let context = "AES-256-GCM open"
            let ctx = cipher.pointer
            guard EVP_DecryptInit_ex(ctx, nil, nil, nil, bytes(nonce)) == 1 else { throw failure(context) }
            // After the init, which makes the context decrypt. EVP_CIPHER_CTX_ctrl takes a
            // mutable pointer: the tag is copied to the stack for it.
            let tagSet = withUnsafeTemporaryAllocation(byteCount: max(tag.count, 1), alignment: 1) { copy in
                copy.copyMemory(from: tag)
                return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, Int32(tag.count), copy.baseAddress)
            }
            guard tagSet == 1 else { throw failure(context) }
            var length: Int32 = 0
            if ad.count > 0 {
                let count = try int32(ad.count, "associated data", context: context)
                guard EVP_DecryptUpdate(ctx, nil, &length, bytes(ad), count) == 1 else {
                    throw failure(context)
                }
            }
            let ciphertextCount = try int32(ciphertext.count, "ciphertext", context: context)
            var plaintext = [UInt8](repeating: 0, count: ciphertext.count)
            let status = plaintext.withUnsafeMutableBufferPointer { output -> Int32 in
                var written: Int32 = 0
                if ciphertextCount > 0 {
                    guard
                        EVP_DecryptUpdate(ctx, output.baseAddress, &written, bytes(ciphertext), ciphertextCount) == 1
                    else { return -1 }
                }
                var final: Int32 = 0
                return EVP_DecryptFinal_ex(ctx, output.baseAddress.map { $0 + Int(written) } ?? nil, &final)
            }
            guard status > 0 else {
                // What was decrypted is unauthenticated and may be another key's secret: wipe it.
                wipe(&plaintext)
                ERR_clear_error()
                throw CryptoError(
                    .authenticationFailure, message: "the sealed box does not open with this key and associated data",
                    context: context)
            }
            return plaintext
        }

        static func pbkdf2SHA256(
            password: UnsafeRawBufferPointer, salt: UnsafeRawBufferPointer, iterations: Int, byteCount: Int
        ) throws -> [UInt8] {
            let context = "PBKDF2-HMAC-SHA256"
            let passwordCount = try int32(password.count, "password", context: context)
            let saltCount = try int32(salt.count, "salt", context: context)
            let iterationCount = try int32(iterations, "iteration count", context: context)
            let outputCount = try int32(byteCount, "output", context: context)
            var output = [UInt8](repeating: 0, count: byteCount)
            let status = output.withUnsafeMutableBufferPointer { buffer in
                PKCS5_PBKDF2_HMAC(
                    password.baseAddress?.assumingMemoryBound(to: CChar.self), passwordCount,
                    bytes(salt), saltCount, iterationCount, EVP_sha256(), outputCount, buffer.baseAddress)
            }
            guard status == 1 else { throw failure("PBKDF2-HMAC-SHA256") }
            return output
        }

        static func randomBytes(count: Int) throws -> [UInt8] {
            var output = [UInt8](repeating: 0, count: count)
            guard count > 0 else { return output }
            let byteCount = try int32(count, "output", context: "RAND_bytes")
            let status = output.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, byteCount) }
            guard status == 1 else { throw failure("RAND_bytes") }
            return output
        }

        /// `OPENSSL_cleanse`: zeroes `buffer` in a way the compiler cannot drop as a dead store.
        static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
            guard let base = buffer.baseAddress else { return }
            OPENSSL_cleanse(base, buffer.count)
        }

        private static func wipe(_ bytes: inout [UInt8]) {
            bytes.withUnsafeMutableBytes { wipe($0) }
        }

        // MARK: - Helpers

        /// `count` as the `int` OpenSSL takes, or an error for 2 GiB and more (which `Int32(_:)`
        /// would trap on).
        static func int32(_ count: Int, _ what: String, context: String) throws -> Int32 {
            guard let value = Int32(exactly: count) else {
                throw CryptoError(
                    .invalidParameter,
                    message: "the \(what) is \(count) bytes, over OpenSSL's limit of \(Int32.max); split it",
                    context: context)
            }
            return value
        }

        /// AES-256-GCM fetched from the default provider once. Passing `EVP_aes_256_gcm()` instead
        /// makes OpenSSL 3 fetch the implementation again at every init, which cost ~10 µs per
        /// 200-byte value here (measured with `bsl-bench store`). A fetched cipher is immutable
        /// and may be shared between threads; it lives as long as the process.
        nonisolated(unsafe) private static let fetchedAES256GCM = EVP_CIPHER_fetch(nil, "AES-256-GCM", nil)

        private static func aes256GCM(_ context: String) throws -> OpaquePointer {
            guard let cipher = fetchedAES256GCM else { throw failure(context) }
            return cipher
        }

        /// A valid pointer for empty input: OpenSSL rejects some NULL pointers even with length 0.
        /// Allocated once and never written or freed, so sharing it between threads is safe.
        nonisolated(unsafe) private static let emptyInput = UnsafeRawPointer(
            UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

        private static func bytes(_ buffer: UnsafeRawBufferPointer) -> UnsafePointer<UInt8>? {
            (buffer.baseAddress ?? emptyInput).assumingMemoryBound(to: UInt8.self)
        }

        /// The error OpenSSL queued for the failed call, cleared from its queue.
        private static func failure(_ context: String) -> CryptoError {
            let code = ERR_get_error()
            ERR_clear_error()
            guard code != 0 else {
                return CryptoError(
                    .libraryFailure, message: "OpenSSL reported a failure without a reason", context: context)
            }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return CryptoError(.libraryFailure, code: code, message: message, context: context)
        }
    }

    /// An `EVP_CIPHER_CTX`, freed when this goes away.
    ///
    /// `@unchecked Sendable`: a context is used by one caller at a time, which ``KeyContextPool``
    /// ensures by handing each out to one caller until it is given back (behind the pool's lock).
    final class CipherContext: @unchecked Sendable {
        let pointer: OpaquePointer

        init(_ context: String) throws {
            guard let pointer = EVP_CIPHER_CTX_new() else {
                throw CryptoError(.libraryFailure, message: "cannot allocate a cipher context", context: context)
            }
            self.pointer = pointer
        }

        deinit {
            EVP_CIPHER_CTX_free(pointer)
        }
    }
#endif
