import CSQLite
import Foundation
import Testing

@testable import BasicStore

@Suite struct StoreErrorTests {
    @Test(
        "SQLite result codes map to the store's errors: disk full, read-only, not a database, the rest as sqlite",
        arguments: [
            (SQLITE_FULL, StoreError.diskFull(path: "/data/app.store")),
            (SQLITE_READONLY, .readOnly(path: "/data/app.store")),
            (SQLITE_READONLY | (1 << 8), .readOnly(path: "/data/app.store")),  // SQLITE_READONLY_RECOVERY
            (SQLITE_NOTADB, .notAStoreFile(path: "/data/app.store", reason: "message")),
            (SQLITE_BUSY, .sqlite(path: "/data/app.store", code: SQLITE_BUSY, message: "message", context: "COMMIT")),
        ])
    func mapping(code: Int32, expected: StoreError) {
        #expect(Database.error(code: code, message: "message", path: "/data/app.store", context: "COMMIT") == expected)
    }

    @Test(
        "an I/O error over ENOSPC or EDQUOT is a full disk, over EROFS a read-only file; others keep the code and path",
        arguments: [
            (SQLITE_IOERR | (19 << 8), ENOSPC, StoreError.diskFull(path: "/data/app.store")),  // SQLITE_IOERR_SHMSIZE
            (SQLITE_IOERR | (3 << 8), EDQUOT, .diskFull(path: "/data/app.store")),  // SQLITE_IOERR_WRITE
            (SQLITE_CANTOPEN, EROFS, .readOnly(path: "/data/app.store")),
            (SQLITE_IOERR | (19 << 8), 0, .sqlite(path: "/data/app.store", code: 4874, message: "m", context: "c")),
            (SQLITE_CANTOPEN, EIO, .sqlite(path: "/data/app.store", code: SQLITE_CANTOPEN, message: "m", context: "c")),
        ])
    func systemErrors(code: Int32, systemError: Int32, expected: StoreError) {
        let error = Database.error(
            code: code, message: "m", path: "/data/app.store", context: "c", systemError: systemError)
        #expect(error == expected)
    }

    @Test(
        "text or a blob longer than SQLite's length limit is SQLITE_TOOBIG, not a trap",
        arguments: [SQLiteValue.blob([UInt8](repeating: 1, count: 64)), .text(String(repeating: "x", count: 64))])
    func tooBig(value: SQLiteValue) throws {
        // Given a connection whose length limit is 32 bytes (standing in for 2 GiB, where
        // Int32(count) used to trap),
        let fixture = try StoreFixture()
        let database = try Database(path: fixture.path, flags: [.readWrite, .create])
        try database.execute("CREATE TABLE t(v)")
        sqlite3_limit(database.handle, SQLITE_LIMIT_LENGTH, 32)
        // when a longer value is bound, then it throws SQLite's own "too big".
        #expect {
            try database.statement("INSERT INTO t(v) VALUES (?)").run([value])
        } throws: { error in
            guard case StoreError.sqlite(_, let code, _, _) = error else { return false }
            return code == SQLITE_TOOBIG
        }
    }

    @Test("binding fewer or more values than a statement's parameters throws, never reusing a stale value")
    func parameterCount() throws {
        // Given a statement with two parameters that has run once,
        let fixture = try StoreFixture()
        let database = try Database(path: fixture.path, flags: [.readWrite, .create])
        try database.execute("CREATE TABLE t(a, b)")
        let insert = try database.statement("INSERT INTO t(a, b) VALUES (?, ?)")
        try insert.run([1, 2])
        // when it runs again with one value or three, then it throws and inserts nothing.
        for values: [SQLiteValue] in [[3], [3, 4, 5], []] {
            #expect {
                try insert.run(values)
            } throws: { error in
                guard case StoreError.sqlite(_, let code, let message, _) = error else { return false }
                return code == SQLITE_MISUSE && message.contains("takes 2 values, not \(values.count)")
            }
        }
        #expect(try database.integer("SELECT count(*) FROM t") == 1)
    }

    static let allErrors: [StoreError] = [
        .wrongKey(path: "/data/app.store"),
        .encryptionMismatch(path: "/data/app.store", isEncrypted: true),
        .encryptionMismatch(path: "/data/app.store", isEncrypted: false),
        .keyKindMismatch(path: "/data/app.store", usesPassphrase: true),
        .keyKindMismatch(path: "/data/app.store", usesPassphrase: false),
        .keyChanged(path: "/data/app.store"),
        .tampered(collection: "settings", key: "token"),
        .unreadableValue(collection: "settings", key: "token", reason: "expected Int at the top level"),
        .unencodableValue(collection: "settings", key: "token", reason: "NaN"),
        .notAStoreFile(path: "/data/app.store", reason: "file is not a database"),
        .newerSchemaVersion(path: "/data/app.store", found: 3, supported: 1),
        .diskFull(path: "/data/app.store"),
        .readOnly(path: "/data/app.store"),
        .openedReadOnly(path: "/data/app.store"),
        .cannotOpen(path: "/data/app.store", reason: "there is no such file; check the path"),
        .emptyFile(path: "/data/app.store"),
        .indexOutOfRange(collection: "offline", index: 9, count: 3),
        .invalidKey(reason: "a raw key is 32 bytes, not 16"),
        .transactionFinished,
        .reentrantCall(path: "/data/app.store"),
        .cryptoFailure(message: "RAND_bytes: no entropy"),
        .sqlite(path: "/data/app.store", code: SQLITE_BUSY, message: "database is locked", context: "BEGIN IMMEDIATE"),
        .sqlite(
            path: "/data/app.store", code: SQLITE_IOERR, message: "disk I/O error", context: "PRAGMA application_id"),
    ]

    @Test("every message is one line naming what it is about", arguments: allErrors)
    func messages(error: StoreError) {
        let message = error.description
        #expect(!message.isEmpty)
        #expect(!message.contains("\n"))
        switch error {
        case .tampered(let collection, let key), .unreadableValue(let collection, let key, _):
            #expect(message.contains(collection) && message.contains(key))
        case .wrongKey(let path), .diskFull(let path), .readOnly(let path), .reentrantCall(let path),
            .keyKindMismatch(let path, _), .encryptionMismatch(let path, _), .keyChanged(let path),
            .openedReadOnly(let path), .cannotOpen(let path, _), .emptyFile(let path), .sqlite(let path, _, _, _),
            .notAStoreFile(let path, _), .newerSchemaVersion(let path, _, _):
            // Every error about a file names it.
            #expect(message.contains(path))
        default:
            break
        }
    }
}
