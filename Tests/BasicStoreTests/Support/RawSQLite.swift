import CSQLite
import Foundation

/// Direct SQLite access for tests that reach under the store: tampering, schema versions.
enum RawSQLite {
    /// Runs `sql` on the file at `path` and returns the first column of each row as bytes.
    @discardableResult
    static func query(_ path: String, _ sql: String) -> [[UInt8]] {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK else { return [] }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_finalize(statement) }
        var rows: [[UInt8]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            let count = Int(sqlite3_column_bytes(statement, 0))
            if let pointer = sqlite3_column_blob(statement, 0) {
                rows.append(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
            } else {
                rows.append([])
            }
        }
        return rows
    }
}
