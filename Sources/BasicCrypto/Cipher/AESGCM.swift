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
        // One buffer, `nonce ‖ ciphertext ‖ tag`, written in place.
        let combined = try CryptoError.rethrown(context: "AES-256-GCM seal") {
            try plaintext.withUnsafeBytes { plaintext in
                try [UInt8](unsafeUninitializedCapacity: nonceByteCount + plaintext.count + tagByteCount) {
                    buffer, initialized in
                    let output = UnsafeMutableRawBufferPointer(buffer)
                    let nonceBytes = UnsafeMutableRawBufferPointer(rebasing: output[..<nonceByteCount])
                    if let nonce {
                        nonceBytes.copyBytes(from: nonce)
                    } else {
                        try NonceSource.shared.fill(nonceBytes)
                    }
                    try key.bytes.withUnsafeBytes { key in
                        try associatedData.withUnsafeBytes { ad in
                            try Backend.aesGCMSeal(
                                key: key, nonce: UnsafeRawBufferPointer(nonceBytes), plaintext: plaintext,
                                authenticating: ad,
                                into: UnsafeMutableRawBufferPointer(rebasing: output[nonceByteCount...])
                            )
                        }
                    }
                    initialized = output.count
                }
            }
        }
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
        try CryptoError.rethrown(context: "AES-256-GCM open") {
            try key.bytes.withUnsafeBytes { key in
                try box.combined.withUnsafeBytes { combined in
                    let nonce = UnsafeRawBufferPointer(rebasing: combined[..<nonceByteCount])
                    let ciphertext = UnsafeRawBufferPointer(
                        rebasing: combined[nonceByteCount..<(combined.count - tagByteCount)])
                    let tag = UnsafeRawBufferPointer(rebasing: combined[(combined.count - tagByteCount)...])
                    return try associatedData.withUnsafeBytes { ad in
                        try Backend.aesGCMOpen(
                            key: key, nonce: nonce, ciphertext: ciphertext, tag: tag, authenticating: ad)
                    }
                }
            }
        }
    }
}
