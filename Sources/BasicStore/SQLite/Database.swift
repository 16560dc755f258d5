import CSQLite

#if canImport(Glibc)
    import Glibc  // errno values: ENOSPC, EDQUOT, EROFS
#elseif canImport(Darwin)
    import Darwin
#endif

/// One SQLite connection: the small Swift face over the C API the store is built on. It opens
/// with flags, prepares and caches statements, runs transactions (`BEGIN IMMEDIATE`, savepoints
/// when nested) and turns every result code that is not success into a ``StoreError``.
///
/// Not thread-safe by itself: ``KeyValueStore`` uses it only while holding its lock.
final class Database {
    let handle: OpaquePointer
    let path: String
    private var statements: [String: Statement] = [:]
    /// The statements of SQL written in the code, by the address of its text: found by comparing
    /// pointers, where `statements` hashes the whole SQL on every call (several hundred
    /// instructions for a read or a write of the store's, measured with callgrind).
    private var literalStatements: [(sql: UnsafeRawPointer, statement: Statement)] = []
    private var transactionDepth = 0

    /// Opens (or creates, with `.create`) the database file at `path`; with `.uri`, opens the
    /// `file:` URI `name` instead, reporting errors with `path`.
    init(path: String, name: String? = nil, flags: SQLite.OpenFlags) throws(StoreError) {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(name ?? path, &handle, flags.rawValue | SQLITE_OPEN_EXRESCODE, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            let systemError = handle.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(handle)
            throw Self.error(code: code, message: message, path: path, context: "open", systemError: systemError)
        }
        self.handle = handle
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        literalStatements.removeAll()  // finalize every statement before closing
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Waits up to `milliseconds` for another connection's lock before failing with SQLITE_BUSY.
    func setBusyTimeout(milliseconds: Int32) throws(StoreError) {
        let code = sqlite3_busy_timeout(handle, milliseconds)
        guard code == SQLITE_OK else { throw error(code, context: "busy_timeout") }
    }

    /// Runs one or more statements without results.
    func execute(_ sql: String) throws(StoreError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, context: sql) }
    }

    /// Runs `sql` and answers SQLite's extended result code instead of throwing, for a caller
    /// that acts on the code itself (a read-only open that cannot use the WAL index).
    func resultCode(of sql: String) -> Int32 {
        sqlite3_exec(handle, sql, nil, nil, nil)
    }

    /// The statement for `sql`, prepared once and kept for the connection's life.
    func statement(_ sql: String) throws(StoreError) -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try Statement(database: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// The statement for SQL written as a literal in the code, prepared once and kept for the
    /// connection's life, found again by the literal's address (a `StaticString` lives as long
    /// as the program, so its address names its text).
    func statement(literal sql: StaticString) throws(StoreError) -> Statement {
        let address = UnsafeRawPointer(sql.utf8Start)
        for entry in literalStatements where entry.sql == address { return entry.statement }
        let statement = try self.statement(sql.description)
        literalStatements.append((address, statement))
        return statement
    }

    /// The single integer a query such as `PRAGMA user_version` returns.
    func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(StoreError) -> Int64 {
        try statement(sql).firstRow(values) { $0.int64(at: 0) } ?? 0
    }

    /// The single text a query such as `PRAGMA journal_mode = WAL` returns.
    func text(_ sql: String) throws(StoreError) -> String {
        try Statement(database: self, sql: sql).firstRow { $0.text(at: 0) } ?? ""
    }

    /// The number of rows the last INSERT, UPDATE or DELETE changed.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Whether a transaction is open on this connection.
    var isInTransaction: Bool { transactionDepth > 0 }

    /// The kind of lock a transaction takes when it begins.
    enum TransactionKind: String {
        /// Read now, take the write lock only when writing (for reads).
        case deferred = "DEFERRED"
        /// Take the write lock at once, so a transaction that reads then writes never fails
        /// half-way with SQLITE_BUSY.
        case immediate = "IMMEDIATE"
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// Inside another transaction it runs in a savepoint, so an inner failure undoes only the
    /// inner work.
    func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws(StoreError) -> T) throws(StoreError)
        -> T
    {
        let depth = transactionDepth
        let savepoint = "basicstore_\(depth)"
        try execute(depth == 0 ? "BEGIN \(kind.rawValue)" : "SAVEPOINT \(savepoint)")
        transactionDepth += 1
        defer { transactionDepth = depth }
        do {
            let result = try body()
            try execute(depth == 0 ? "COMMIT" : "RELEASE \(savepoint)")
            return result
        } catch {
            if depth == 0 {
                // After some errors (SQLITE_FULL, SQLITE_IOERR) SQLite has already rolled back.
                if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
            } else {
                try? execute("ROLLBACK TO \(savepoint); RELEASE \(savepoint)")
            }
            throw error
        }
    }

    /// The ``StoreError`` for a failed call, with SQLite's own message and the `errno` of the
    /// system call that failed under it.
    func error(_ code: Int32, context: String) -> StoreError {
        Self.error(
            code: code, message: String(cString: sqlite3_errmsg(handle)), path: path, context: context,
            systemError: sqlite3_system_errno(handle))
    }

    /// The ``StoreError`` for SQLite's result `code`. `systemError` (an `errno`, 0 when none)
    /// tells a full disk or a read-only file system under an I/O error: growing the WAL index
    /// on a full disk fails with SQLITE_IOERR_SHMSIZE, not SQLITE_FULL.
    static func error(
        code: Int32, message: String, path: String, context: String, systemError: Int32 = 0
    ) -> StoreError {
        switch code & 0xff {
        case SQLITE_FULL: return .diskFull(path: path)
        case SQLITE_READONLY: return .readOnly(path: path)
        case SQLITE_NOTADB: return .notAStoreFile(path: path, reason: message)
        case SQLITE_IOERR, SQLITE_CANTOPEN:
            if systemError == ENOSPC || systemError == EDQUOT { return .diskFull(path: path) }
            if systemError == EROFS { return .readOnly(path: path) }
            return .sqlite(path: path, code: code, message: message, context: context)
        default: return .sqlite(path: path, code: code, message: message, context: context)
        }
    }
}
