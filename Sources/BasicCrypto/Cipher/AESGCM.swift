import Foundation

/// AES-256-GCM authenticated encryption (NIST SP 800-38D) with 96-bit nonces and 128-bit tags.
///
/// ```swift
/// let key = try CipherKey.random()
/// let box = try AESGCM.seal(Array("secret".utf8), using: key, authenticating: Array("row 7".utf8))
/// let stored = box.combined                      // nonce ‖ ciphertext ‖ tag
/// let plaintext = try AESGCM.open(AESGCM.SealedBox(combined: stored), using: key,
///                                 authenticating: Array("row 7".utf8))
/// ```
///
/// Each seal takes a fresh random nonce unless given one; never seal two messages under one key
/// with the same nonce.
public enum AESGCM {
    /// The size of a nonce in bytes: 12.
    public static let nonceByteCount = 12
    /// The size of a tag in bytes: 16.
    public static let tagByteCount = 16

    /// Encrypts `plaintext` and authenticates it together with `associatedData`.
    ///
    /// - Parameters:
    ///   - nonce: 12 bytes; `nil` (the default) takes fresh random ones.
    ///   - associatedData: bytes that are authenticated but not encrypted; opening needs the same.
    /// - Throws: ``CryptoError`` for a nonce that is not 12 bytes, or a library failure.
    /// - Complexity: O(*n*) in the size of `plaintext`.
    public static func seal(
        _ plaintext: some ContiguousBytes, using key: CipherKey, nonce: [UInt8]? = nil,
        authenticating associatedData: [UInt8] = []
    ) throws(CryptoError) -> SealedBox {
        if let nonce, nonce.count != nonceByteCount {
            throw CryptoError(
                .invalidParameter, message: "the nonce is \(nonce.count) bytes, not 12", context: "AES-256-GCM seal")
        }
        let combined = try plaintext.withUnsafeBytes { plaintext in
            associatedData.withUnsafeBytes { ad in
                Result { () throws(CryptoError) in
                    try sealedBytes(plaintext, using: key, nonce: nonce, authenticating: ad)
                }
            }
        }.get()
        return SealedBox(checkedCombined: combined)
    }

    /// Decrypts `box`, checking that neither it nor `associatedData` changed since sealing.
    ///
    /// - Throws: ``CryptoError`` with kind `authenticationFailure` when the box does not open
    ///   with this key and associated data.
    /// - Complexity: O(*n*) in the size of the ciphertext.
    public static func open(
        _ box: SealedBox, using key: CipherKey, authenticating associatedData: [UInt8] = []
    ) throws(CryptoError) -> [UInt8] {
        try box.combined.withUnsafeBytes { combined in
            associatedData.withUnsafeBytes { ad in
                Result { () throws(CryptoError) in try openedBytes(combined, using: key, authenticating: ad) }
            }
        }.get()
    }

    /// `nonce ‖ ciphertext ‖ tag` of `plaintext`, what ``seal(_:using:nonce:authenticating:)``
    /// makes, from and to raw bytes: for BasicStore, which seals every value it writes and needs
    /// no ``SealedBox`` around the result.
    ///
    /// - Parameter nonce: 12 bytes, or `nil` for fresh random ones.
    /// - Throws: ``CryptoError`` for a nonce that is not 12 bytes, or a library failure.
    package static func sealedBytes(
        _ plaintext: UnsafeRawBufferPointer, using key: CipherKey, nonce: [UInt8]? = nil,
        authenticating ad: UnsafeRawBufferPointer
    ) throws(CryptoError) -> [UInt8] {
        if let nonce, nonce.count != nonceByteCount {
            throw CryptoError(
                .invalidParameter, message: "the nonce is \(nonce.count) bytes, not 12", context: "AES-256-GCM seal")
        }
        // One buffer, `nonce ‖ ciphertext ‖ tag`, written in place.
        return try CryptoError.rethrown(context: "AES-256-GCM seal") {
            try [UInt8](unsafeUninitializedCapacity: nonceByteCount + plaintext.count + tagByteCount) {
                buffer, initialized in
                let output = UnsafeMutableRawBufferPointer(buffer)
                let nonceBytes = UnsafeMutableRawBufferPointer(rebasing: output[..<nonceByteCount])
                if let nonce {
                    nonceBytes.copyBytes(from: nonce)
                } else {
                    try NonceSource.shared.fill(nonceBytes)
                }
                try key.contexts.withContext { context in
                    try Backend.aesGCMSeal(
                        context: context, nonce: UnsafeRawBufferPointer(nonceBytes), plaintext: plaintext,
                        authenticating: ad, into: UnsafeMutableRawBufferPointer(rebasing: output[nonceByteCount...]))
                }
                initialized = output.count
            }
        }
    }

    /// The plaintext of `combined` (`nonce ‖ ciphertext ‖ tag`), what ``open(_:using:authenticating:)``
    /// gives, read in place: for BasicStore, which opens every value it reads straight from
    /// SQLite's buffer, with no copy into a ``SealedBox`` first.
    ///
    /// - Throws: ``CryptoError`` (`invalidParameter`) when `combined` is shorter than 28 bytes;
    ///   with kind `authenticationFailure` when it does not open with this key and associated data.
    package static func openedBytes(
        _ combined: UnsafeRawBufferPointer, using key: CipherKey, authenticating ad: UnsafeRawBufferPointer
    ) throws(CryptoError) -> [UInt8] {
        guard combined.count >= nonceByteCount + tagByteCount else {
            throw CryptoError(
                .invalidParameter, message: "a sealed box is at least 28 bytes, not \(combined.count)",
                context: "AES-256-GCM sealed box")
        }
        return try CryptoError.rethrown(context: "AES-256-GCM open") {
            try key.contexts.withContext { context in
                let nonce = UnsafeRawBufferPointer(rebasing: combined[..<nonceByteCount])
                let ciphertext = UnsafeRawBufferPointer(
                    rebasing: combined[nonceByteCount..<(combined.count - tagByteCount)])
                let tag = UnsafeRawBufferPointer(rebasing: combined[(combined.count - tagByteCount)...])
                return try Backend.aesGCMOpen(
                    context: context, nonce: nonce, ciphertext: ciphertext, tag: tag, authenticating: ad)
            }
        }
    }
}
