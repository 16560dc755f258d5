import Foundation

/// HMAC (RFC 2104) message authentication codes.
///
/// ```swift
/// let tag = try HMAC.sha256(key: secret, message: Array("GET /api".utf8))   // 32 bytes
/// ```
public enum HMAC {
    /// HMAC-SHA256 of `message` under `key` (any length; longer than 64 bytes is hashed first).
    ///
    /// - Throws: ``CryptoError`` when the crypto library fails.
    /// - Complexity: O(*n*) in the size of `message`.
    public static func sha256(key: some ContiguousBytes, message: some ContiguousBytes) throws(CryptoError) -> [UInt8] {
        try CryptoError.rethrown(context: "HMAC-SHA256") {
            try key.withUnsafeBytes { key in
                try message.withUnsafeBytes { message in try Backend.hmacSHA256(key: key, message: message) }
            }
        }
    }

    /// Whether two codes are equal, compared in time that does not depend on where they differ.
    public static func isEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
