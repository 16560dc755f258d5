import CSQLite
import Foundation

/// The store's connection and cipher, and every operation on them. Not thread-safe by itself:
/// ``KeyValueStore`` reaches it only while holding its lock.
final class StoreSession {
    let database: Database
    private(set) var cipher: ValueCipher
    var path: String { database.path }
    /// The key-check record of the key material `cipher` was made from. Every rekey seals a new
    /// one (with a fresh nonce), so it tells whether another connection has rekeyed the store.
    private var keyCheck: [UInt8]
    /// `PRAGMA data_version` when the key was last found unchanged; -1 before the first check.
    /// It changes only when another connection commits, so most checks end there.
    private var checkedDataVersion: Int64 = -1

    /// Whether the connection was opened read-only (``KeyValueStore/Mode/readOnly``).
    let isReadOnly: Bool

    init(database: Database, cipher: ValueCipher, keyCheck: [UInt8], isReadOnly: Bool = false) {
        self.database = database
        self.cipher = cipher
        self.keyCheck = keyCheck
        self.isReadOnly = isReadOnly
    }

    /// Throws ``StoreError/openedReadOnly(path:)`` when the store was opened read-only: said
    /// before SQLite would refuse the write with a message about the file's permissions.
    func requireWritable() throws(StoreError) {
        if isReadOnly { throw StoreError.openedReadOnly(path: path) }
    }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`), once no other connection has
    /// rekeyed the store since this one took its key: what `body` seals would not open otherwise.
    ///
    /// - Throws: ``StoreError/keyChanged(path:)``, or whatever `body` throws.
    func writeTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try requireWritable()
        return try database.transaction(.immediate) { () throws(StoreError) -> T in
            try checkKeyUnchanged()
            return try body()
        }
    }

    /// Throws ``StoreError/keyChanged(path:)`` when the stored key-check record is not this
    /// session's. Call it holding the write lock, so no rekey can commit before the write does.
    private func checkKeyUnchanged() throws(StoreError) {
        let version = try database.integer("PRAGMA data_version")
        guard version != checkedDataVersion else { return }
        let stored = try database.statement("SELECT value FROM store_meta WHERE name = 'key_check'")
            .firstRow { $0.blob(at: 0) }
        guard stored == keyCheck else { throw StoreError.keyChanged(path: path) }
        checkedDataVersion = version
    }

    // MARK: - Keyed collections

    func set(_ plaintext: [UInt8], forKey key: String, in collection: String) throws(StoreError) {
        let sealed = try cipher.seal(plaintext, row: .keyed, collection: collection, key: key)
        let insert = try database.statement(
            literal: "INSERT OR REPLACE INTO keyed_values(collection, key, value) VALUES (?, ?, ?)")
        let values: [SQLiteValue] = [.text(collection), .text(key), .blob(sealed)]
        // Inside a write block the key was checked when the transaction began.
        if database.isInTransaction {
            try insert.run(values)
        } else {
            try writeTransaction { () throws(StoreError) in try insert.run(values) }
        }
    }

    func value(forKey key: String, in collection: String) throws(StoreError) -> [UInt8]? {
        try database.statement(literal: "SELECT value FROM keyed_values WHERE collection = ? AND key = ?")
            .firstRow([.text(collection), .text(key)]) { row throws(StoreError) in
                try row.withBlob(at: 0) { bytes throws(StoreError) in
                    try cipher.open(bytes, row: .keyed, collection: collection, key: key, name: key)
                }
            }
    }

    func remove(forKey key: String, in collection: String) throws(StoreError) -> Bool {
        try requireWritable()
        try database.statement("DELETE FROM keyed_values WHERE collection = ? AND key = ?")
            .run([.text(collection), .text(key)])
        return database.changes > 0
    }

    func contains(_ key: String, in collection: String) throws(StoreError) -> Bool {
        try database.statement("SELECT 1 FROM keyed_values WHERE collection = ? AND key = ?")
            .firstRow([.text(collection), .text(key)]) { _ in true } ?? false
    }

    func keys(in collection: String) throws(StoreError) -> [String] {
        try database.statement("SELECT key FROM keyed_values WHERE collection = ? ORDER BY key")
            .rows([.text(collection)]) { $0.text(at: 0) }
    }

    /// Deletes the collection's keyed values and ordered items, together.
    func removeAll(in collection: String) throws(StoreError) {
        try requireWritable()
        try database.transaction(.immediate) { () throws(StoreError) in
            try database.statement("DELETE FROM keyed_values WHERE collection = ?").run([.text(collection)])
            try database.statement("DELETE FROM ordered_items WHERE collection = ?").run([.text(collection)])
        }
    }

    func count(in collection: String) throws(StoreError) -> Int {
        Int(try database.integer("SELECT count(*) FROM keyed_values WHERE collection = ?", [.text(collection)]))
    }

    // MARK: - Ordered collections

    /// Where a moving item waits while the others shift; below any position a shift uses.
    private static let parkedPosition: Int64 = -(1 << 62)

    func itemCount(in collection: String) throws(StoreError) -> Int {
        Int(
            try database.integer(
                "SELECT coalesce(max(position) + 1, 0) FROM ordered_items WHERE collection = ?", [.text(collection)]))
    }

    func insert(_ plaintext: [UInt8], at index: Int, in collection: String) throws(StoreError) {
        let count = try itemCount(in: collection)
        guard (0...count).contains(index) else {
            throw StoreError.indexOutOfRange(collection: collection, index: index, count: count)
        }
        try shift(collection, from: index, to: count, by: 1)
        let id = try database.integer("SELECT coalesce(max(id), 0) + 1 FROM ordered_items")
        let sealed = try cipher.seal(plaintext, row: .ordered, collection: collection, key: String(id))
        try database.statement("INSERT INTO ordered_items(id, collection, position, value) VALUES (?, ?, ?, ?)")
            .run([.integer(id), .text(collection), .integer(Int64(index)), .blob(sealed)])
    }

    func removeItem(at index: Int, in collection: String) throws(StoreError) {
        let count = try itemCount(in: collection)
        guard (0..<count).contains(index) else {
            throw StoreError.indexOutOfRange(collection: collection, index: index, count: count)
        }
        try database.statement("DELETE FROM ordered_items WHERE collection = ? AND position = ?")
            .run([.text(collection), .integer(Int64(index))])
        try shift(collection, from: index + 1, to: count, by: -1)
    }

    func moveItem(from source: Int, to destination: Int, in collection: String) throws(StoreError) {
        let count = try itemCount(in: collection)
        for index in [source, destination] where !(0..<count).contains(index) {
            throw StoreError.indexOutOfRange(collection: collection, index: index, count: count)
        }
        guard source != destination else { return }
        let setPosition = try database.statement(
            "UPDATE ordered_items SET position = ? WHERE collection = ? AND position = ?")
        try setPosition.run([.integer(Self.parkedPosition), .text(collection), .integer(Int64(source))])
        if source < destination {
            try shift(collection, from: source + 1, to: destination + 1, by: -1)
        } else {
            try shift(collection, from: destination, to: source, by: 1)
        }
        try setPosition.run([.integer(Int64(destination)), .text(collection), .integer(Self.parkedPosition)])
    }

    /// Moves the items at positions `lower..<upper` by `delta`. Positions are unique, so the
    /// move goes through negative positions (each `p` to `-(p + delta) - 1`, then back), which
    /// never collide whatever order SQLite updates the rows in.
    private func shift(_ collection: String, from lower: Int, to upper: Int, by delta: Int) throws(StoreError) {
        guard lower < upper else { return }
        try database.statement(
            """
            UPDATE ordered_items SET position = -(position + ?) - 1
            WHERE collection = ? AND position >= ? AND position < ?
            """
        ).run([.integer(Int64(delta)), .text(collection), .integer(Int64(lower)), .integer(Int64(upper))])
        try database.statement(
            "UPDATE ordered_items SET position = -position - 1 WHERE collection = ? AND position < 0 AND position > ?"
        ).run([.text(collection), .integer(Self.parkedPosition)])
    }

    func items(in collection: String, range: Range<Int>?) throws(StoreError) -> [[UInt8]] {
        let lower = Int64(range?.lowerBound ?? 0)
        let upper = range.map { Int64($0.upperBound) } ?? Int64.max
        return try database.statement(
            """
            SELECT id, position, value FROM ordered_items
            WHERE collection = ? AND position >= ? AND position < ? ORDER BY position
            """
        ).rows([.text(collection), .integer(lower), .integer(upper)]) { row throws(StoreError) in
            let id = cipher.isEncrypted ? String(row.int64(at: 0)) : ""
            return try row.withBlob(at: 2) { bytes throws(StoreError) in
                try cipher.open(
                    bytes, row: .ordered, collection: collection, key: id, name: "item \(row.int64(at: 1))")
            }
        }
    }

    // MARK: - Keys and maintenance

    /// Re-encrypts every value under `newKey` in one transaction, then switches to it. If
    /// anything fails (or the process dies) before the commit, the old key still opens everything.
    func rekey(to newKey: StoreKey) throws(StoreError) {
        let (material, newCipher) = try KeyMaterial.make(for: newKey)
        try writeTransaction { () throws(StoreError) in
            let keyed = try database.statement("SELECT collection, key, value FROM keyed_values").rows {
                ($0.text(at: 0), $0.text(at: 1), $0.blob(at: 2))
            }
            let updateKeyed = try database.statement(
                "UPDATE keyed_values SET value = ? WHERE collection = ? AND key = ?")
            for (collection, key, stored) in keyed {
                let ad = ValueCipher.associatedData(.keyed, collection: collection, key: key)
                let plaintext = try cipher.open(stored, associatedData: ad, collection: collection, key: key)
                let sealed = try newCipher.seal(plaintext, associatedData: ad)
                try updateKeyed.run([.blob(sealed), .text(collection), .text(key)])
            }
            let ordered = try database.statement("SELECT id, collection, position, value FROM ordered_items").rows {
                ($0.int64(at: 0), $0.text(at: 1), $0.int64(at: 2), $0.blob(at: 3))
            }
            let updateOrdered = try database.statement("UPDATE ordered_items SET value = ? WHERE id = ?")
            for (id, collection, position, stored) in ordered {
                let ad = ValueCipher.associatedData(.ordered, collection: collection, key: String(id))
                let plaintext = try cipher.open(
                    stored, associatedData: ad, collection: collection, key: "item \(position)")
                try updateOrdered.run([.blob(try newCipher.seal(plaintext, associatedData: ad)), .integer(id)])
            }
            try material.write(to: database)
        }
        cipher = newCipher
        keyCheck = material.keyCheck
    }

    func integrityProblems() throws(StoreError) -> [String] {
        let rows = try database.statement("PRAGMA integrity_check").rows { $0.text(at: 0) }
        return rows == ["ok"] ? [] : rows
    }
}
