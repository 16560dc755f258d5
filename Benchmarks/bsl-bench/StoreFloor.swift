import BasicCore
import CSQLite
import Foundation

/// The floor of `bsl-bench store`: the same work on SQLite's C API directly, with the store's
/// schema and pragmas (WAL, synchronous = FULL) and no encryption: what any store on SQLite pays.
enum StoreFloor {
    static func measure(_ work: StoreSuite.Work, folder: URL, repetitions: Int) throws -> StoreSuite.Figures {
        let path = folder.appendingPathComponent("floor.sqlite").path
        var figures = StoreSuite.Figures()

        figures.batchWrite = try StoreSuite.median(repetitions, setup: { StoreSuite.removeStore(path) }) {
            let db = try open(path)
            defer { sqlite3_close_v2(db) }
            try execute(db, "PRAGMA journal_mode = WAL")
            try execute(db, StoreSuite.schema)
            try execute(db, "BEGIN IMMEDIATE")
            let insert = try prepare(db, "INSERT OR REPLACE INTO keyed_values(collection, key, value) VALUES (?, ?, ?)")
            defer { sqlite3_finalize(insert) }
            for (key, record) in zip(work.keys, work.records) {
                let bytes = record.jsonData()
                sqlite3_bind_text(insert, 1, "bench", -1, transient)
                sqlite3_bind_text(insert, 2, key, -1, transient)
                _ = bytes.withUnsafeBytes { sqlite3_bind_blob(insert, 3, $0.baseAddress, Int32($0.count), transient) }
                guard sqlite3_step(insert) == SQLITE_DONE else { throw failure(db) }
                sqlite3_reset(insert)
            }
            try execute(db, "COMMIT")
        }

        var checksum = 0
        // Reads on one connection, closed before the opens are timed (as ours and the peer).
        do {
            // The ordered collection, untimed.
            let db = try open(path)
            defer { sqlite3_close_v2(db) }
            try execute(db, "BEGIN IMMEDIATE")
            let append = try prepare(
                db, "INSERT INTO ordered_items(id, collection, position, value) VALUES (?, ?, ?, ?)")
            for (position, record) in work.records.enumerated() {
                let bytes = record.jsonData()
                sqlite3_bind_int64(append, 1, Int64(position + 1))
                sqlite3_bind_text(append, 2, "list", -1, transient)
                sqlite3_bind_int64(append, 3, Int64(position))
                _ = bytes.withUnsafeBytes { sqlite3_bind_blob(append, 4, $0.baseAddress, Int32($0.count), transient) }
                guard sqlite3_step(append) == SQLITE_DONE else { throw failure(db) }
                sqlite3_reset(append)
            }
            sqlite3_finalize(append)
            try execute(db, "COMMIT")

            let select = try prepare(db, "SELECT value FROM keyed_values WHERE collection = ? AND key = ?")
            defer { sqlite3_finalize(select) }
            figures.pointReads = try StoreSuite.median(repetitions) {
                for index in work.reads {
                    sqlite3_bind_text(select, 1, "bench", -1, transient)
                    sqlite3_bind_text(select, 2, work.keys[index], -1, transient)
                    guard sqlite3_step(select) == SQLITE_ROW else { throw failure(db) }
                    let value = try JSONValue(parsing: blob(select, 0))
                    checksum &+= value.objectValue?.count ?? 0
                    sqlite3_reset(select)
                }
            }

            let range = try prepare(
                db,
                "SELECT id, position, value FROM ordered_items WHERE collection = ? AND position >= ? AND position < ? ORDER BY position"
            )
            defer { sqlite3_finalize(range) }
            figures.rangeReads = try StoreSuite.median(repetitions) {
                for offset in work.ranges {
                    try execute(db, "BEGIN")
                    sqlite3_bind_text(range, 1, "list", -1, transient)
                    sqlite3_bind_int64(range, 2, Int64(offset))
                    sqlite3_bind_int64(range, 3, Int64(offset + work.rangeLength))
                    while sqlite3_step(range) == SQLITE_ROW {
                        let value = try JSONValue(parsing: blob(range, 2))
                        checksum &+= value.objectValue?.count ?? 0
                    }
                    sqlite3_reset(range)
                    try execute(db, "COMMIT")
                }
            }

        }

        figures.open = try StoreSuite.median(StoreSuite.openRepetitions) {
            let other = try open(path)
            defer { sqlite3_close_v2(other) }
            let read = try prepare(other, "SELECT value FROM keyed_values WHERE collection = ? AND key = ?")
            defer { sqlite3_finalize(read) }
            sqlite3_bind_text(read, 1, "bench", -1, transient)
            sqlite3_bind_text(read, 2, work.keys[0], -1, transient)
            guard sqlite3_step(read) == SQLITE_ROW else { throw failure(other) }
        }
        figures.checksum = checksum
        return figures
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
