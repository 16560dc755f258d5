import BasicCore

/// What went wrong in ``KeyValueStore``. Messages are one line, name the file (or, for a value,
/// its collection and key), say what to do, and never show a stored value or a secret.
///
/// ```swift
/// do {
///     let store = try KeyValueStore(at: url, key: .passphrase(typed))
/// } catch {
///     if case .wrongKey = error { /* ask again */ }
/// }
/// ```
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key or passphrase does not open this store (its key-check record did not open).
    /// Nothing was read or written.
    case wrongKey(path: String)
    /// The store is encrypted and was opened with ``StoreKey/none``, or the other way round.
    case encryptionMismatch(path: String, isEncrypted: Bool)
    /// The store was created with a passphrase and opened with a raw key (`usesPassphrase`
    /// true), or the other way round. Nothing was read or written.
    case keyKindMismatch(path: String, usesPassphrase: Bool)
    /// Another connection (usually another process) rekeyed the store after this one opened it,
    /// so this one's key no longer seals values that the store can open. Nothing was written.
    case keyChanged(path: String)
    /// A stored value failed its authentication: it was changed on disk or copied from another
    /// row. Other values still read.
    case tampered(collection: String, key: String)
    /// A stored value opened but is not the type asked for, or not JSON.
    case unreadableValue(collection: String, key: String, reason: String)
    /// A value could not be encoded as JSON.
    case unencodableValue(collection: String, key: String, reason: String)
    /// The file is not a store: not SQLite at all, damaged or truncated, or another program's
    /// database.
    case notAStoreFile(path: String, reason: String)
    /// The file was written by a newer version of BasicStore, whose schema this one cannot read.
    case newerSchemaVersion(path: String, found: Int, supported: Int)
    /// The disk (or the file system's quota) is full; the write was rolled back. A store opened
    /// with ``KeyValueStore/Mode/readOnly`` still reads on a full disk.
    case diskFull(path: String)
    /// The file or its folder cannot be written (a read-only folder, mount or file). A store
    /// opened with ``KeyValueStore/Mode/readOnly`` still reads there.
    case readOnly(path: String)
    /// The store was opened with ``KeyValueStore/Mode/readOnly`` and asked to write. Nothing
    /// was written.
    case openedReadOnly(path: String)
    /// The file cannot be opened: it does not exist (a read-only open never creates one), it
    /// or its folder cannot be read by this user, it is a folder, or its write-ahead log cannot
    /// be read where it is. `reason` says which, and what to do.
    case cannotOpen(path: String, reason: String)
    /// The file is empty (0 bytes) and was opened with ``KeyValueStore/Mode/readOnly``: no store
    /// was ever written to it, or it was truncated. (A read-write open starts a new store in
    /// an empty file, which is what SQLite itself leaves before the first write.)
    case emptyFile(path: String)
    /// A position outside an ordered collection.
    case indexOutOfRange(collection: String, index: Int, count: Int)
    /// A raw key that is not 32 bytes, or a passphrase setting out of range.
    case invalidKey(reason: String)
    /// A ``KeyValueStore/Transaction`` used after its `write` block returned.
    case transactionFinished
    /// The store was called from inside its own `write` or `read` block; use the block's
    /// transaction instead.
    case reentrantCall(path: String)
    /// The crypto library failed (not a wrong key or a tampered value).
    case cryptoFailure(message: String)
    /// Any other SQLite error on the file at `path`: its (extended) result code, its message,
    /// and the statement.
    case sqlite(path: String, code: Int32, message: String, context: String)
    /// The body of a ``KeyValueStore/write(_:)``, ``KeyValueStore/read(_:)`` or
    /// ``KeyValueStore/Transaction/savepoint(_:)`` threw an error of its own (not a
    /// ``StoreError``), carried whole; the transaction or savepoint was rolled back.
    case transactionFailed(CallerError)

    /// One line: what failed, where, and what to do.
    public var description: String { ErrorText.oneLine(unescapedDescription) }

    /// The description before control characters from the input are escaped.
    private var unescapedDescription: String {
        switch self {
        case .wrongKey(let path):
            "wrong passphrase or key for the store \(path); nothing was read or changed"
        case .encryptionMismatch(let path, let isEncrypted):
            isEncrypted
                ? "the store \(path) is encrypted: open it with its passphrase or key"
                : "the store \(path) is not encrypted: open it with .none, or rekey it to add encryption"
        case .keyKindMismatch(let path, let usesPassphrase):
            usesPassphrase
                ? "the store \(path) was created with a passphrase, not a raw key; open it with its passphrase"
                : "the store \(path) was created with a raw key, not a passphrase; open it with that key"
        case .keyChanged(let path):
            "the store \(path) was rekeyed by another process; nothing was written, open it again with the new key"
        case .tampered(let collection, let key):
            "the value for \(key) in \(collection) was changed outside the store (authentication failed); remove or rewrite it"
        case .unreadableValue(let collection, let key, let reason):
            "cannot read the value for \(key) in \(collection): \(reason)"
        case .unencodableValue(let collection, let key, let reason):
            "cannot encode the value for \(key) in \(collection) as JSON: \(reason)"
        case .notAStoreFile(let path, let reason):
            "\(path) is not a BasicStore file (\(reason)); check the path, or restore it from a backup"
        case .newerSchemaVersion(let path, let found, let supported):
            "the store \(path) has schema version \(found), newer than the \(supported) this version reads; update the app"
        case .diskFull(let path):
            "the disk is full writing \(path); nothing of the failed write was kept, free some space and retry"
        case .readOnly(let path):
            "cannot write \(path): the file or its folder is read-only (reading it still works); "
                + "make them writable to change it"
        case .openedReadOnly(let path):
            "the store \(path) was opened read-only, so nothing was written; open it with mode .readWrite to change it"
        case .cannotOpen(let path, let reason):
            "cannot open the store \(path): \(reason)"
        case .emptyFile(let path):
            "the store \(path) is empty (0 bytes): nothing was ever saved in it, or it was truncated; "
                + "restore it from a backup if it held values, or write to it to start a new store"
        case .indexOutOfRange(let collection, let index, let count):
            "position \(index) is outside \(collection), which has \(count) items"
        case .invalidKey(let reason):
            "invalid store key: \(reason)"
        case .transactionFinished:
            "a transaction was used after its write block returned; use it only inside the block"
        case .reentrantCall(let path):
            "the store \(path) was called inside its own write or read block; use the block's transaction (tx) instead"
        case .cryptoFailure(let message):
            "the crypto library failed: \(message)"
        case .sqlite(let path, let code, let message, let context) where code & 0xff == 5:  // SQLITE_BUSY
            "the store \(path) is locked by another process (SQLite error \(code): \(message), in \(context)); "
                + "retry when it is done, or allow a longer busy timeout"
        case .sqlite(let path, let code, let message, let context):
            "SQLite error \(code) on \(path): \(message) (in \(context)); retry, and if it persists "
                + "check the file with integrityProblems() or restore it from a backup"
        case .transactionFailed(let failure):
            "the write, read or savepoint block threw, and nothing it changed was kept: \(failure)"
        }
    }

    /// An error that a caller's own code threw inside the store, carried whole: `error` is the
    /// value thrown. Two are equal when their errors have the same type and description.
    public struct CallerError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The error the caller's code threw.
        public let error: any Error

        /// Carries `error`.
        public init(_ error: any Error) {
            self.error = error
        }

        /// The carried error's own description.
        public var description: String { String(describing: error) }

        /// Whether both carry errors of the same type that read the same.
        public static func == (lhs: CallerError, rhs: CallerError) -> Bool {
            type(of: lhs.error) == type(of: rhs.error) && lhs.description == rhs.description
        }

        /// Hashes the type and description, consistently with `==`.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(type(of: error)))
            hasher.combine(description)
        }
    }

    /// What `body` returns; a ``StoreError`` it throws as it is, any other error in
    /// ``transactionFailed(_:)``.
    static func carrying<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw error
        } catch {
            throw .transactionFailed(CallerError(error))
        }
    }
}
