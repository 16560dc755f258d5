import BasicCore
import CSQLite
import Foundation

/// The floor of `bsl-bench store`: the same work on SQLite's C API directly, with the store's
/// schema and pragmas (WAL, synchronous = FULL) and no encryption: what any store on SQLite pays.
final class StoreFloor: StoreContender {
    let work: StoreSuite.Work
    let path: String
    var checksum = 0
    private var reader: OpaquePointer?

    init(_ work: StoreSuite.Work, path: String) {
        self.work = work
        self.path = path
    }

    deinit { closeReader() }

    func removeFiles() { StoreSuite.removeStore(path) }

    func batchWrite() throws {
        let db = try Self.open(path)
        defer { sqlite3_close_v2(db) }
        try Self.execute(db, "PRAGMA journal_mode = WAL")
        try Self.execute(db, StoreSuite.schema)
        try insertAll(db, sql: "INSERT OR REPLACE INTO keyed_values(collection, key, value) VALUES (?, ?, ?)") {
            statement, index in
            sqlite3_bind_text(statement, 1, "bench", -1, Self.transient)
            sqlite3_bind_text(statement, 2, self.work.keys[index], -1, Self.transient)
            return 3
        }
    }

    func fill() throws {
        let db = try Self.open(path)
        defer { sqlite3_close_v2(db) }
        try insertAll(db, sql: "INSERT INTO ordered_items(id, collection, position, value) VALUES (?, ?, ?, ?)") {
            statement, index in
            sqlite3_bind_int64(statement, 1, Int64(index + 1))
            sqlite3_bind_text(statement, 2, "list", -1, Self.transient)
            sqlite3_bind_int64(statement, 3, Int64(index))
            return 4
        }
        reader = try Self.open(path)
    }

    /// Inserts every record in one transaction; `bind` binds all but the value and returns the
    /// value's parameter index.
    private func insertAll(_ db: OpaquePointer?, sql: String, bind: (OpaquePointer?, Int) -> Int32) throws {
        try Self.execute(db, "BEGIN IMMEDIATE")
        let insert = try Self.prepare(db, sql)
        defer { sqlite3_finalize(insert) }
        for (index, record) in work.records.enumerated() {
            let bytes = record.jsonData()
            let valueIndex = bind(insert, index)
            _ = bytes.withUnsafeBytes {
                sqlite3_bind_blob(insert, valueIndex, $0.baseAddress, Int32($0.count), Self.transient)
            }
            guard sqlite3_step(insert) == SQLITE_DONE else { throw Self.failure(db) }
            sqlite3_reset(insert)
        }
        try Self.execute(db, "COMMIT")
    }

    func pointReads() throws {
        let select = try Self.prepare(reader, "SELECT value FROM keyed_values WHERE collection = ? AND key = ?")
        defer { sqlite3_finalize(select) }
        for index in work.reads {
            sqlite3_bind_text(select, 1, "bench", -1, Self.transient)
            sqlite3_bind_text(select, 2, work.keys[index], -1, Self.transient)
            guard sqlite3_step(select) == SQLITE_ROW else { throw Self.failure(reader) }
            checksum &+= try JSONValue(parsing: Self.blob(select, 0)).objectValue?.count ?? 0
            sqlite3_reset(select)
        }
    }

    func rangeReads() throws {
        let range = try Self.prepare(
            reader,
            "SELECT id, position, value FROM ordered_items WHERE collection = ? AND position >= ? AND position < ? ORDER BY position"
        )
        defer { sqlite3_finalize(range) }
        for offset in work.ranges {
            try Self.execute(reader, "BEGIN")
            sqlite3_bind_text(range, 1, "list", -1, Self.transient)
            sqlite3_bind_int64(range, 2, Int64(offset))
            sqlite3_bind_int64(range, 3, Int64(offset + work.rangeLength))
            while sqlite3_step(range) == SQLITE_ROW {
                checksum &+= try JSONValue(parsing: Self.blob(range, 2)).objectValue?.count ?? 0
            }
            sqlite3_reset(range)
            try Self.execute(reader, "COMMIT")
        }
    }

    func closeReader() {
        if let reader { sqlite3_close_v2(reader) }
        reader = nil
    }

    func openAndRead() throws {
        let db = try Self.open(path)
        defer { sqlite3_close_v2(db) }
        let read = try Self.prepare(db, "SELECT value FROM keyed_values WHERE collection = ? AND key = ?")
        defer { sqlite3_finalize(read) }
        sqlite3_bind_text(read, 1, "bench", -1, Self.transient)
        sqlite3_bind_text(read, 2, work.keys[0], -1, Self.transient)
        guard sqlite3_step(read) == SQLITE_ROW else { throw Self.failure(db) }
        checksum &+= try JSONValue(parsing: Self.blob(read, 0)).objectValue?.count ?? 0
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private static func open(_ path: String) throws -> OpaquePointer? {
        var db: OpaquePointer?
        guard
            sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
                == SQLITE_OK
        else { throw failure(db) }
        sqlite3_busy_timeout(db, 5000)
        try execute(db, "PRAGMA synchronous = FULL")
        return db
    }

    private static func execute(_ db: OpaquePointer?, _ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw failure(db) }
    }

    private static func prepare(_ db: OpaquePointer?, _ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw failure(db) }
        return statement
    }

    private static func blob(_ statement: OpaquePointer?, _ column: Int32) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(
            start: sqlite3_column_blob(statement, column), count: Int(sqlite3_column_bytes(statement, column)))
    }

    private static func failure(_ db: OpaquePointer?) -> BenchError {
        BenchError("SQLite: \(db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open")")
    }
}
