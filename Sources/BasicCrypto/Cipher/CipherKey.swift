import Foundation

/// A 256-bit key for ``AESGCM``. Its description never shows the key.
///
/// ```swift
/// let key = try CipherKey.random()
/// let same = try CipherKey(bytes: keyFromKeychain)   // exactly 32 bytes
/// ```
public struct CipherKey: Sendable, Hashable, CustomStringConvertible {
    /// The size of a key in bytes: 32.
    public static let byteCount = 32

    /// The key's bytes.
    public let bytes: [UInt8]

    /// Cipher contexts set up with this key, which its copies share.
    let contexts: KeyContextPool

    /// A key from exactly 32 bytes.
    ///
    /// - Throws: ``CryptoError`` (`invalidParameter`) for any other size.
    public init(bytes: some ContiguousBytes) throws(CryptoError) {
        let bytes = bytes.withUnsafeBytes { Array($0) }
        guard bytes.count == Self.byteCount else {
            throw CryptoError(
                .invalidParameter, message: "an AES-256 key is 32 bytes, not \(bytes.count)", context: "cipher key")
        }
        self.bytes = bytes
        contexts = KeyContextPool(key: bytes)
    }

    /// Whether the two keys have the same bytes.
    public static func == (lhs: CipherKey, rhs: CipherKey) -> Bool {
        lhs.bytes == rhs.bytes
    }

    /// Hashes the key's bytes, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes)
    }

    /// A new key from the secure random generator.
    ///
    /// - Throws: ``CryptoError`` when the generator fails.
    public static func random() throws(CryptoError) -> CipherKey {
        try CipherKey(bytes: SecureRandom.bytes(count: byteCount))
    }

    /// `CipherKey(32 bytes)`: never the key itself.
    public var description: String { "CipherKey(32 bytes)" }
}
