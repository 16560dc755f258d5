import BasicCrypto

/// How a store's values are encrypted: with a raw key, a passphrase, or (explicitly) not at all.
///
/// ```swift
/// let store = try KeyValueStore(at: url, key: .passphrase(passphrase))
/// let fromKeychain = try KeyValueStore(at: url, key: .raw(keyBytes))   // 32 bytes
/// let plain = try KeyValueStore(at: url, key: .none)
/// ```
///
/// Its description never shows the key or the passphrase.
public enum StoreKey: Sendable, CustomStringConvertible {
    /// No encryption: values are stored as plain JSON.
    case none
    /// A 32-byte AES-256 key, such as one kept in the Keychain.
    case raw([UInt8])
    /// A passphrase, stretched with PBKDF2-HMAC-SHA256 and the store's random salt.
    /// `iterations` applies when the store is created or rekeyed; an existing store uses the
    /// count stored in it.
    case passphrase(String, iterations: Int = StoreKey.defaultIterations)

    /// PBKDF2 iterations for new passphrase stores: OWASP's current recommendation for
    /// PBKDF2-HMAC-SHA256, 600,000.
    public static let defaultIterations = PBKDF2.recommendedIterations

    /// A new 32-byte raw key from the secure random generator, for a store whose key is kept
    /// elsewhere (a key file with owner-only permissions, the Keychain).
    ///
    /// ```swift
    /// let key = try StoreKey.randomRaw()
    /// if case .raw(let bytes) = key {
    ///     FileManager.default.createFile(atPath: keyPath, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
    /// }
    /// ```
    ///
    /// - Throws: ``StoreError/cryptoFailure(message:)`` when the generator fails.
    public static func randomRaw() throws(StoreError) -> StoreKey {
        do {
            return .raw(try SecureRandom.bytes(count: CipherKey.byteCount))
        } catch {
            throw .cryptoFailure(message: "\(error)")
        }
    }

    /// `none`, `raw(32 bytes)` or `passphrase(600000 iterations)`.
    public var description: String {
        switch self {
        case .none: "none"
        case .raw(let bytes): "raw(\(bytes.count) bytes)"
        case .passphrase(_, let iterations): "passphrase(\(iterations) iterations)"
        }
    }

    /// Whether values are encrypted.
    var isEncrypted: Bool {
        if case .none = self { return false }
        return true
    }
}
