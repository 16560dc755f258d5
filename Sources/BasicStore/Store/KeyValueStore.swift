import BasicCore
import Foundation
import Synchronization

/// An encrypted key-value store in one SQLite file: keyed collections for settings, tokens and
/// drafts, ordered collections for lists such as an offline reading list. Every value is JSON
/// sealed with AES-256-GCM (unless the store is created with ``StoreKey/none``); a committed
/// write survives a crash of the process and a power cut (WAL, `synchronous = FULL`).
///
/// ```swift
/// let store = try KeyValueStore(at: URL(fileURLWithPath: "app.store"), key: .passphrase(passphrase))
/// try store.set("abc123", forKey: "token", in: "settings")
/// let token = try store.value(String.self, forKey: "token", in: "settings")
/// try store.append(article, to: "offline")
/// let page = try store.items(Article.self, in: "offline", range: 0..<20)
/// try store.write { tx in
///     try tx.set(true, forKey: "onboarded", in: "settings")
///     try tx.remove(forKey: "draft", in: "drafts")
/// }
/// ```
///
/// One store object is safe to use from many tasks and threads at once: its operations run one
/// at a time on one connection. Several processes may open the same file; a writer waits for
/// another's write to finish (``Configuration/busyTimeout``), and several opening a new path at
/// once end with one store that they all use. After another process rekeys the
/// file, this object's writes throw ``StoreError/keyChanged(path:)``: open the store again.
///
/// Opened with ``Mode/readOnly`` (``Configuration/mode``), a store creates and writes nothing,
/// so it reads in a read-only folder and on a full disk; every error about the file names it and
/// says what to do.
///
/// Collection names and keys are stored in the clear (they index the rows); only values are
/// encrypted. They are authenticated with each value, so a value copied to another row fails
/// to open with ``StoreError/tampered(collection:key:)``.
public final class KeyValueStore: Sendable {
    /// Whether a store is opened to read and write, or only to read.
    ///
    /// ```swift
    /// let store = try KeyValueStore(at: url, key: key, configuration: .init(mode: .readOnly))
    /// let token = try store.value(String.self, forKey: "token", in: "settings")
    /// ```
    public enum Mode: Sendable, Hashable {
        /// Read and write; a missing or empty (0-byte) file becomes a new store. The default.
        case readWrite
        /// Only read: nothing is created or written, so the store reads in a read-only folder
        /// or mount and on a full disk. The file must exist and be a store; an empty (0-byte)
        /// file is ``StoreError/emptyFile(path:)``, and every writing call throws
        /// ``StoreError/openedReadOnly(path:)``.
        ///
        /// Other processes may write meanwhile: each read sees the last commit, as in read-write
        /// mode. Where SQLite cannot make the store's WAL index (`-shm`), because the folder is
        /// read-only or the disk full, and there is no write-ahead log with changes in it, the
        /// file is read as immutable, without locks: no other process can be writing it then.
        /// Where there is such a log, the open fails with
        /// ``StoreError/cannotOpen(path:reason:)`` rather than read the file without its latest
        /// changes.
        case readOnly
    }

    /// How a store is opened.
    public struct Configuration: Sendable {
        /// How long an operation waits for another process's write before failing with
        /// SQLITE_BUSY. Default 5 seconds.
        public var busyTimeout: Duration
        /// Whether to read and write (the default) or only read; see ``KeyValueStore/Mode``.
        public var mode: Mode

        /// A configuration; the defaults suit an app's store.
        public init(busyTimeout: Duration = .seconds(5), mode: Mode = .readWrite) {
            self.busyTimeout = busyTimeout
            self.mode = mode
        }

        /// The timeout in whole milliseconds, clamped to what SQLite takes (0 through
        /// `Int32.max`, about 24 days); `.seconds(.max)` must not overflow.
        var busyTimeoutMilliseconds: Int32 {
            let (seconds, attoseconds) = busyTimeout.components
            let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
            guard !overflow else { return seconds < 0 ? 0 : .max }
            let (total, sumOverflow) = milliseconds.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
            guard !sumOverflow else { return milliseconds < 0 ? 0 : .max }
            return Int32(clamping: max(total, 0))
        }
    }

    /// The collection used when none is named.
    public static let defaultCollection = "default"

    /// The store file.
    public let url: URL
    /// The store file's path, as messages name it: the URL's path, or the text the store was
    /// opened with through the transitional `init(path:key:configuration:)`.
    let filePath: String
    /// Whether the store was opened to read and write or only to read.
    public let mode: Mode

    private let lock = Mutex(())
    /// The thread holding `lock`, 0 when none: only that thread writes its own id here, so a
    /// thread that reads its own id is inside the store already.
    private let lockOwner = Atomic<UInt>(0)
    /// Protected by `lock`: every use goes through ``access(_:)``.
    private nonisolated(unsafe) let session: StoreSession

    /// Opens the store in the file at `url`; read-write (the default), creating it when the file
    /// does not exist or is empty.
    ///
    /// An empty (0-byte) file is what SQLite leaves between opening a new path and its first
    /// write, and what another process creating the same store may have made a moment ago, so
    /// a read-write open starts a new store in it; it holds nothing to lose. An empty file whose
    /// write-ahead log (`PATH-wal`) is not empty was truncated: it is refused with
    /// ``StoreError/notAStoreFile(path:reason:)`` in either mode, since opening it would let
    /// SQLite delete the log. With ``Mode/readOnly`` an empty file is
    /// ``StoreError/emptyFile(path:)`` and a missing one ``StoreError/cannotOpen(path:reason:)``.
    ///
    /// For an existing store the key is checked first: a wrong passphrase or key throws
    /// ``StoreError/wrongKey(path:)`` and leaves the file as it was. A passphrase is stretched
    /// with PBKDF2-HMAC-SHA256 (600,000 iterations by default, about 0.15 s), once per open.
    ///
    /// ```swift
    /// let file = URL(fileURLWithPath: "app.store")
    /// let store = try KeyValueStore(at: file, key: .passphrase(passphrase))
    /// let reader = try KeyValueStore(at: file, key: .passphrase(passphrase), configuration: .init(mode: .readOnly))
    /// ```
    ///
    /// - Throws: ``StoreError``: `wrongKey`, `encryptionMismatch`, `keyKindMismatch`, `notAStoreFile`,
    ///   `newerSchemaVersion`, `invalidKey`, `cannotOpen` (also for a URL that is not a file URL),
    ///   `emptyFile`, `readOnly`, `diskFull`, or `sqlite`; each names the file.
    public convenience init(at url: URL, key: StoreKey, configuration: Configuration = .init()) throws(StoreError) {
        guard url.isFileURL else {
            throw StoreError.cannotOpen(
                path: url.absoluteString, reason: "it is not a file URL; give the store file's path as a file URL")
        }
        try self.init(url: url, path: url.path, key: key, configuration: configuration)
    }

    /// Opens the store at `url`, naming it `path` in messages.
    init(url: URL, path: String, key: StoreKey, configuration: Configuration) throws(StoreError) {
        self.url = url
        filePath = path
        mode = configuration.mode
        session = try StoreSession.open(path: path, key: key, configuration: configuration)
    }

    /// Runs `body` with the session, holding the lock.
    func access<T>(_ body: (StoreSession) throws(StoreError) -> T) throws(StoreError) -> T {
        let thread = currentThreadID()
        // Taking the lock again from inside a write block would trap; say what happened instead.
        guard lockOwner.load(ordering: .acquiring) != thread else { throw StoreError.reentrantCall(path: filePath) }
        var result: Result<T, StoreError>?
        lock.withLock { _ in
            lockOwner.store(thread, ordering: .releasing)
            defer { lockOwner.store(0, ordering: .releasing) }
            result = Result { () throws(StoreError) -> T in try body(session) }
        }
        guard let result else { throw StoreError.transactionFinished }  // withLock always runs the closure
        return try result.get()
    }

    /// Runs `body` with a read transaction object outside an explicit transaction (single
    /// statements).
    private func direct<T>(_ body: (ReadTransaction) throws(StoreError) -> T) throws(StoreError) -> T {
        try access { session throws(StoreError) in
            let transaction = ReadTransaction(session: session)
            defer { transaction.finish() }
            return try body(transaction)
        }
    }

    /// Runs `body` in one transaction: every change it makes is committed together when it
    /// returns, and none is kept when it throws.
    ///
    /// ```swift
    /// try store.write { tx in
    ///     for (key, value) in drafts { try tx.set(value, forKey: key, in: "drafts") }
    /// }
    /// ```
    ///
    /// The transaction takes the write lock at once (`BEGIN IMMEDIATE`), so other processes'
    /// writes wait for it; keep the block short and do not call the store itself inside it
    /// (use `tx`: calling the store throws ``StoreError/reentrantCall(path:)``). Use `tx` only
    /// inside the block.
    ///
    /// - Throws: ``StoreError`` (``StoreError/keyChanged(path:)`` when another process has
    ///   rekeyed the store since this object opened it). A ``StoreError`` that `body` throws
    ///   (from `tx`) comes out as it is; any other error of `body`'s own comes out whole in
    ///   ``StoreError/transactionFailed(_:)``.
    public func write<T>(_ body: (Transaction) throws -> T) throws(StoreError) -> T {
        try access { session throws(StoreError) in
            try session.writeTransaction { () throws(StoreError) -> T in
                let transaction = Transaction(session: session)
                defer { transaction.finish() }
                return try StoreError.carrying { try body(transaction) }
            }
        }
    }

    /// Runs `body` in one read transaction: everything it reads comes from the same snapshot of
    /// the file, even while other processes write.
    ///
    /// ```swift
    /// let page = try store.read { tx in
    ///     (count: try tx.itemCount(in: "offline"), items: try tx.items(Article.self, in: "offline", range: 0..<20))
    /// }
    /// ```
    ///
    /// `tx` is a ``ReadTransaction``: it has no writing methods, because a write that starts
    /// inside a read transaction can fail with `SQLITE_BUSY_SNAPSHOT` once another process has
    /// written. To read and then write, use ``write(_:)``.
    ///
    /// - Throws: ``StoreError``; an error of `body`'s own that is not one comes out whole in
    ///   ``StoreError/transactionFailed(_:)``.
    public func read<T>(_ body: (ReadTransaction) throws -> T) throws(StoreError) -> T {
        try access { session throws(StoreError) in
            try session.database.transaction(.deferred) { () throws(StoreError) -> T in
                let transaction = ReadTransaction(session: session)
                defer { transaction.finish() }
                return try StoreError.carrying { try body(transaction) }
            }
        }
    }

    // MARK: - Keyed collections

    /// Stores `value` (as JSON) under `key` in `collection`, replacing what was there.
    ///
    /// - Throws: ``StoreError``.
    public func set(_ value: some Encodable, forKey key: String, in collection: String = defaultCollection)
        throws(StoreError)
    {
        let plaintext = try ValueCodec.encode(value, collection: collection, key: key)
        try access { session throws(StoreError) in try session.set(plaintext, forKey: key, in: collection) }
    }

    /// The value under `key` in `collection` decoded as `type`, or nil when there is none.
    ///
    /// - Throws: ``StoreError/tampered(collection:key:)`` when the stored value was changed;
    ///   ``StoreError/unreadableValue(collection:key:reason:)`` when it is not a `type`.
    public func value<T: Decodable>(_ type: T.Type, forKey key: String, in collection: String = defaultCollection)
        throws(StoreError) -> T?
    {
        try direct { transaction throws(StoreError) in try transaction.value(type, forKey: key, in: collection) }
    }

    /// The value under `key` in `collection` as a `JSONValue`, or nil when there is none.
    ///
    /// - Throws: ``StoreError/tampered(collection:key:)`` when the stored value was changed.
    public func json(forKey key: String, in collection: String = defaultCollection) throws(StoreError) -> JSONValue? {
        try value(JSONValue.self, forKey: key, in: collection)
    }

    /// Removes the value under `key` in `collection`; returns whether there was one.
    ///
    /// - Throws: ``StoreError``.
    @discardableResult
    public func remove(forKey key: String, in collection: String = defaultCollection) throws(StoreError) -> Bool {
        try access { session throws(StoreError) in try session.remove(forKey: key, in: collection) }
    }

    /// Whether `collection` holds a value under `key`.
    ///
    /// - Throws: ``StoreError``.
    public func contains(_ key: String, in collection: String = defaultCollection) throws(StoreError) -> Bool {
        try access { session throws(StoreError) in try session.contains(key, in: collection) }
    }

    /// The keys of `collection`, sorted.
    ///
    /// - Throws: ``StoreError``.
    /// - Complexity: O(*n*) in the size of the collection.
    public func keys(in collection: String = defaultCollection) throws(StoreError) -> [String] {
        try access { session throws(StoreError) in try session.keys(in: collection) }
    }

    /// Removes everything `collection` holds, keyed values and ordered items alike, in one
    /// transaction.
    ///
    /// ```swift
    /// try store.removeAll(in: "offline")
    /// ```
    ///
    /// - Throws: ``StoreError``.
    /// - Complexity: O(*n*) in the size of the collection.
    public func removeAll(in collection: String = defaultCollection) throws(StoreError) {
        try access { session throws(StoreError) in try session.removeAll(in: collection) }
    }

    /// The number of values in `collection`.
    ///
    /// - Throws: ``StoreError``.
    /// - Complexity: O(*n*) in the size of the collection.
    public func count(in collection: String = defaultCollection) throws(StoreError) -> Int {
        try access { session throws(StoreError) in try session.count(in: collection) }
    }

    // MARK: - Keys and maintenance

    /// Re-encrypts every value under `newKey` (a passphrase, a raw key, or `.none` to remove
    /// encryption) in one transaction. If it fails or the process dies part-way, the old key
    /// still opens everything.
    ///
    /// - Throws: ``StoreError``; ``StoreError/tampered(collection:key:)`` when a stored value
    ///   does not open (nothing is changed then).
    /// - Complexity: O(*n*) in the number of values.
    public func rekey(to newKey: StoreKey) throws(StoreError) {
        try access { session throws(StoreError) in try session.rekey(to: newKey) }
    }

    /// Changes the passphrase: ``rekey(to:)`` with `.passphrase(passphrase, iterations:)`.
    ///
    /// - Throws: ``StoreError``.
    /// - Complexity: O(*n*) in the number of values.
    public func changePassphrase(to passphrase: String, iterations: Int = StoreKey.defaultIterations) throws(StoreError)
    {
        try rekey(to: .passphrase(passphrase, iterations: iterations))
    }

    /// The problems `PRAGMA integrity_check` finds in the file; empty when it is sound.
    ///
    /// - Throws: ``StoreError``.
    /// - Complexity: O(*n*) in the size of the file.
    public func integrityProblems() throws(StoreError) -> [String] {
        try access { session throws(StoreError) in try session.integrityProblems() }
    }

    /// Whether the store's values are encrypted.
    public var isEncrypted: Bool {
        (try? access { $0.cipher.isEncrypted }) ?? true
    }
}
