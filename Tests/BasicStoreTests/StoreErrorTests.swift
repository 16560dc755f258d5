import CSQLite
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
            (SQLITE_BUSY, .sqlite(code: SQLITE_BUSY, message: "message", context: "COMMIT")),
        ])
    func mapping(code: Int32, expected: StoreError) {
        #expect(Database.error(code: code, message: "message", path: "/data/app.store", context: "COMMIT") == expected)
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
            guard case StoreError.sqlite(let code, _, _) = error else { return false }
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
                guard case StoreError.sqlite(let code, let message, _) = error else { return false }
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
        .indexOutOfRange(collection: "offline", index: 9, count: 3),
        .invalidKey(reason: "a raw key is 32 bytes, not 16"),
        .transactionFinished,
        .reentrantCall(path: "/data/app.store"),
        .cryptoFailure(message: "RAND_bytes: no entropy"),
        .sqlite(code: SQLITE_BUSY, message: "database is locked", context: "BEGIN IMMEDIATE"),
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
            .keyKindMismatch(let path, _), .encryptionMismatch(let path, _), .keyChanged(let path):
            #expect(message.contains(path))
        default:
            break
        }
    }
}
