/// The store's tables, and the migrations that bring a file from any older schema version
/// (`PRAGMA user_version`) to the current one.
///
/// To change the schema: add a `case` to ``migrate(_:from:)`` for the new version, raise
/// ``currentVersion``, and keep every older case as it is. Files from newer versions are refused
/// with ``StoreError/newerSchemaVersion(path:found:supported:)`` rather than misread.
enum Schema {
    /// `PRAGMA application_id` of a store file: "BSKV".
    static let applicationID: Int64 = 0x4253_4B56
    /// The schema version this code reads and writes.
    static let currentVersion = 1

    /// Runs the migrations from `version` to ``currentVersion`` (inside the caller's transaction).
    static func migrate(_ database: Database, from version: Int) throws(StoreError) {
        guard version < currentVersion else { return }
        for next in (version + 1)...currentVersion {
            switch next {
            case 1:
                try database.execute(
                    """
                    CREATE TABLE store_meta(name TEXT PRIMARY KEY NOT NULL, value BLOB NOT NULL) WITHOUT ROWID;
                    CREATE TABLE keyed_values(
                        collection TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
                        PRIMARY KEY(collection, key)) WITHOUT ROWID;
                    CREATE TABLE ordered_items(
                        id INTEGER PRIMARY KEY, collection TEXT NOT NULL, position INTEGER NOT NULL,
                        value BLOB NOT NULL);
                    CREATE UNIQUE INDEX ordered_items_position ON ordered_items(collection, position);
                    """)
            default:
                break
            }
            try database.execute("PRAGMA user_version = \(next)")
        }
    }
}
