import CSQLite

/// A prepared statement, finalized when this goes away. Used only by its ``Database``, under
/// the store's lock.
final class Statement {
    private let handle: OpaquePointer
    private unowned let database: Database
    let sql: String

    init(database: Database, sql: String) throws(StoreError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw database.error(code, context: sql)
        }
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to its parameters, in order.
    ///
    /// - Throws: ``StoreError/sqlite(code:message:context:)`` with `SQLITE_MISUSE` when the number
    ///   of values is not the number of parameters. It is a programming error, but one that would
    ///   silently reuse the previous run's value of a parameter left out (there is no
    ///   `sqlite3_clear_bindings`), so it is checked in release builds too; the check is one call.
    func bind(_ values: [SQLiteValue]) throws(StoreError) {
        sqlite3_reset(handle)  // every parameter is bound below, so no sqlite3_clear_bindings
        let parameterCount = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == parameterCount else {
            throw StoreError.sqlite(
                path: database.path, code: SQLITE_MISUSE,
                message: "the statement takes \(parameterCount) values, not \(values.count); pass one per parameter",
                context: sql)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let integer):
                code = sqlite3_bind_int64(handle, index, integer)
            case .text(let text):
                // The UTF-8 byte count, not -1: with -1 SQLite stops at the first NUL, so the keys
                // "a" and "a\0x" would name the same row.
                var text = text
                // The 64-bit call: SQLite answers SQLITE_TOOBIG past its length limit, where
                // Int32(count) would trap at 2 GiB.
                code = text.withUTF8 { buffer -> Int32 in
                    let bytes = UnsafeRawPointer(buffer.baseAddress) ?? SQLite.emptyBlob
                    return sqlite3_bind_text64(
                        handle, index, bytes.assumingMemoryBound(to: CChar.self), sqlite3_uint64(buffer.count),
                        SQLite.transient, UInt8(SQLITE_UTF8))
                }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    // A zero-length blob, not NULL, for empty input; the 64-bit call, as for text.
                    sqlite3_bind_blob64(
                        handle, index, buffer.baseAddress ?? SQLite.emptyBlob, sqlite3_uint64(buffer.count),
                        SQLite.transient)
                }
            case .null:
                code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw database.error(code, context: sql) }
        }
    }

    /// Runs the statement one step: `true` when a row is ready, `false` when done.
    func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            sqlite3_reset(handle)
            throw database.error(code, context: sql)
        }
    }

    /// Binds `values` and runs the statement to its end.
    func run(_ values: [SQLiteValue] = []) throws(StoreError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Binds `values` and reads each row with `row`.
    func rows<T>(_ values: [SQLiteValue] = [], _ row: (Statement) throws(StoreError) -> T) throws(StoreError) -> [T] {
        try bind(values)
        defer { sqlite3_reset(handle) }
        var result: [T] = []
        while try step() { result.append(try row(self)) }
        return result
    }

    /// Binds `values` and reads the first row with `row`, or returns nil when there is none.
    func firstRow<T>(_ values: [SQLiteValue] = [], _ row: (Statement) throws(StoreError) -> T) throws(StoreError) -> T?
    {
        try bind(values)
        defer { sqlite3_reset(handle) }
        return try step() ? row(self) : nil
    }

    /// The integer in column `index` of the current row.
    func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// The text in column `index` of the current row ("" for NULL).
    func text(at index: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The blob in column `index` of the current row (empty for NULL).
    func blob(at index: Int32) -> [UInt8] {
        withBlob(at: index) { Array($0) }
    }

    /// Calls `body` with the bytes of the blob in column `index`, valid only during the call.
    func withBlob<T, E: Error>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws(E) -> T) throws(E) -> T {
        let pointer = sqlite3_column_blob(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
    }
}
