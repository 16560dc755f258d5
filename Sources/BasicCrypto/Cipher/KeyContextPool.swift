/// The AES-256-GCM contexts set up with one ``CipherKey``, shared by the key's copies, so that a
/// seal or an open reuses a context whose key schedule is already made instead of setting one up
/// and freeing it again for every value (on Linux an OpenSSL context; on Apple platforms
/// CryptoKit's `SymmetricKey`).
///
/// A context is used by one caller at a time: ``withContext(_:)`` takes an idle one (or makes
/// one), runs the body, and gives it back unless the body threw, in which case it is dropped.
/// At most ``maximumIdle`` are kept; concurrent callers beyond that make their own.
final class KeyContextPool: Sendable {
    /// The most idle contexts kept.
    static let maximumIdle = 4

    private let key: [UInt8]
    private let idle = Mutex<[Backend.KeyContext]>([])

    init(key: [UInt8]) {
        self.key = key
    }

    /// Runs `body` with a context set up with this pool's key.
    ///
    /// - Throws: what making a context or `body` throws.
    func withContext<Result>(_ body: (Backend.KeyContext) throws -> Result) throws -> Result {
        let reused = idle.withLock { $0.popLast() }
        let context = try reused ?? key.withUnsafeBytes { try Backend.makeKeyContext(key: $0) }
        let result = try body(context)
        idle.withLock { contexts in
            if contexts.count < Self.maximumIdle { contexts.append(context) }
        }
        return result
    }
}
