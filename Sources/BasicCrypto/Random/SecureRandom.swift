/// Random bytes from the system's cryptographically secure generator (OpenSSL's `RAND_bytes`
/// on Linux), for keys, salts and nonces.
///
/// ```swift
/// let salt = try SecureRandom.bytes(count: 16)
/// ```
public enum SecureRandom {
    /// `count` random bytes.
    ///
    /// - Throws: ``CryptoError`` when the generator cannot supply them, or `count` is negative.
    public static func bytes(count: Int) throws(CryptoError) -> [UInt8] {
        guard count >= 0 else {
            throw CryptoError(.invalidParameter, message: "cannot make \(count) bytes", context: "random bytes")
        }
        return try CryptoError.rethrown(context: "random bytes") { try Backend.randomBytes(count: count) }
    }
}
