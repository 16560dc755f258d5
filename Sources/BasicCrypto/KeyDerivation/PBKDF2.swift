import Foundation

/// PBKDF2 (RFC 8018) with HMAC-SHA256: a key from a passphrase, made slow on purpose.
///
/// ```swift
/// let salt = try SecureRandom.bytes(count: 16)
/// let key = try PBKDF2.deriveKey(passphrase: "correct horse", salt: salt)   // 600,000 iterations
/// ```
public enum PBKDF2 {
    /// The iteration count OWASP's Password Storage Cheat Sheet recommends for
    /// PBKDF2-HMAC-SHA256: 600,000 (about 0.14 s on one core of the machines measured here).
    public static let recommendedIterations = 600_000

    /// Derives `byteCount` bytes from `passphrase` (its UTF-8 bytes) and `salt`.
    ///
    /// - Throws: ``CryptoError`` for fewer than one iteration or byte, or a library failure.
    /// - Complexity: O(`iterations`).
    public static func deriveKey(
        passphrase: String, salt: some ContiguousBytes, iterations: Int = recommendedIterations, byteCount: Int = 32
    ) throws(CryptoError) -> [UInt8] {
        var password = Array(passphrase.utf8)
        defer { SecureMemory.wipe(&password) }  // the String itself cannot be wiped; this copy can
        return try deriveKey(password: password, salt: salt, iterations: iterations, byteCount: byteCount)
    }

    /// Derives `byteCount` bytes from raw `password` bytes and `salt`.
    ///
    /// - Throws: ``CryptoError`` for fewer than one iteration or byte, or a library failure.
    /// - Complexity: O(`iterations`).
    public static func deriveKey(
        password: some ContiguousBytes, salt: some ContiguousBytes, iterations: Int = recommendedIterations,
        byteCount: Int = 32
    ) throws(CryptoError) -> [UInt8] {
        guard iterations >= 1, iterations <= Int(Int32.max), byteCount >= 1, byteCount <= 1 << 20 else {
            throw CryptoError(
                .invalidParameter, message: "iterations \(iterations) and length \(byteCount) must be positive",
                context: "PBKDF2-HMAC-SHA256")
        }
        return try CryptoError.rethrown(context: "PBKDF2-HMAC-SHA256") {
            try password.withUnsafeBytes { password in
                try salt.withUnsafeBytes { salt in
                    try Backend.pbkdf2SHA256(
                        password: password, salt: salt, iterations: iterations, byteCount: byteCount)
                }
            }
        }
    }
}
