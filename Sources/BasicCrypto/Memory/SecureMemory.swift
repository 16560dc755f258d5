/// Wiping secrets from memory before it is freed: a derived key, a passphrase's bytes.
///
/// ```swift
/// var derived = try PBKDF2.deriveKey(passphrase: passphrase, salt: salt)
/// defer { SecureMemory.wipe(&derived) }
/// let key = try CipherKey(bytes: derived)
/// ```
///
/// The wipe is one the compiler cannot drop (OpenSSL's `OPENSSL_cleanse` on Linux, `memset_s`
/// on Apple platforms). It clears the array's own storage only: copies made before, such as a
/// `String` the bytes came from, are not touched.
public enum SecureMemory {
    /// Overwrites every byte of `bytes` with zero, in place.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { Backend.wipe($0) }
    }
}
