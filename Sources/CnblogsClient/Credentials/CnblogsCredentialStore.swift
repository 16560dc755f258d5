import BasicStore
import Foundation

/// Where the credential is kept between runs: sealed (AES-256-GCM) in an encrypted
/// ``BasicStore/KeyValueStore``, the offline library's store in `bsl`.
///
/// ```swift
/// let credentials = CnblogsCredentialStore(store: store)
/// try credentials.save(.personalAccessToken(Secret(token)))
/// let client = CnblogsClient(credential: try credentials.credential())
/// ```
///
/// It uses only the store's public API, in a collection of its own (``collection``), so that it
/// shares the store's file and key without touching what else the store holds.
public struct CnblogsCredentialStore: Sendable {
    /// The collection the credential is kept in.
    public static let collection = "cnblogs-credentials"
    /// The key of the one credential.
    static let key = "current"

    /// The store.
    public let store: KeyValueStore

    /// A credential store in `store`.
    public init(store: KeyValueStore) {
        self.store = store
    }

    /// The stored credential, or nil when none is.
    ///
    /// - Throws: ``CnblogsError/storage(_:)`` when the store cannot be read (a wrong key, a
    ///   tampered value).
    public func credential() throws(CnblogsError) -> CnblogsCredential? {
        try storing { try $0.value(CnblogsCredential.self, forKey: Self.key, in: Self.collection) }
    }

    /// Stores `credential`, replacing the one stored before.
    ///
    /// - Throws: ``CnblogsError/storage(_:)`` when it cannot be written; the one before is then kept.
    public func save(_ credential: CnblogsCredential) throws(CnblogsError) {
        try storing { try $0.set(credential, forKey: Self.key, in: Self.collection) }
    }

    /// Removes the stored credential (log out); returns whether there was one.
    ///
    /// - Throws: ``CnblogsError/storage(_:)``.
    @discardableResult
    public func remove() throws(CnblogsError) -> Bool {
        try storing { try $0.remove(forKey: Self.key, in: Self.collection) }
    }

    private func storing<T>(_ body: (KeyValueStore) throws -> T) throws(CnblogsError) -> T {
        do {
            return try body(store)
        } catch let error as StoreError {
            throw .storage(error)
        } catch {
            throw .library(path: store.url.path, reason: "the credential cannot be read or written: \(error)")
        }
    }
}
