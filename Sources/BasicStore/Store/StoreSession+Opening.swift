import CSQLite
import Foundation

extension StoreSession {
    /// Opens (or, read-write, creates) the store at `path`. For an existing store the key is
    /// checked before anything is written; a wrong one leaves the file as it was.
    static func open(path: String, key: StoreKey, configuration: KeyValueStore.Configuration) throws(StoreError)
        -> StoreSession
    {
        if case .raw(let bytes) = key, bytes.count != 32 {
            throw StoreError.invalidKey(reason: "a raw key is 32 bytes, not \(bytes.count)")
        }
        if case .passphrase(_, let iterations) = key, iterations < 1 {
            throw StoreError.invalidKey(reason: "PBKDF2 needs at least 1 iteration, not \(iterations)")
        }
        // Before SQLite sees the file: opening an empty file deletes its write-ahead log.
        try StoreFile.checkNotTruncated(path)
        switch configuration.mode {
        case .readWrite:
            do {
                return try openReadWrite(path: path, key: key, configuration: configuration)
            } catch {
                throw StoreFile.diagnose(openError(error, path: path), path: path)
            }
        case .readOnly:
            do {
                return try openReadOnly(path: path, key: key, configuration: configuration)
            } catch {
                throw openError(error, path: path)
            }
        }
    }

    private static func openReadWrite(
        path: String, key: StoreKey, configuration: KeyValueStore.Configuration
    ) throws(StoreError) -> StoreSession {
        let database = try Database(path: path, flags: [.readWrite, .create, .noMutex])
        try database.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds)
        // Durable commits: in WAL mode, FULL syncs the log at every commit, so a committed
        // write survives power loss as well as a crash.
        try database.execute("PRAGMA synchronous = FULL")
        let deadline = ContinuousClock.now + configuration.busyTimeout
        var pause = Duration.milliseconds(1)
        while true {
            // Separate PRAGMA reads: measured ~100 µs cheaper per open than one SELECT over
            // the pragma table functions. A store needs no count of its tables.
            let applicationID = try database.integer("PRAGMA application_id")
            if applicationID == Schema.applicationID {
                return try unlock(database, version: Int(try database.integer("PRAGMA user_version")), key: key)
            }
            // Not (yet) a store: a new file, one another connection is creating, or another
            // program's database. Both reads in one snapshot, so a creation committed
            // between them is not taken for a foreign database.
            let (snapshotID, objects) = try database.transaction(.deferred) { () throws(StoreError) in
                let id = try database.integer("PRAGMA application_id")
                return (id, try database.integer("SELECT count(*) FROM sqlite_master"))
            }
            if snapshotID == Schema.applicationID { continue }
            guard snapshotID == 0, objects == 0 else {
                throw StoreError.notAStoreFile(path: path, reason: "it is another program's SQLite database")
            }
            do {
                if let session = try create(database, key: key) { return session }
                // Another process created the store meanwhile: open it as an existing one.
            } catch {
                guard error.isBusy && ContinuousClock.now < deadline else { throw error }
                // Where waiting could deadlock, SQLite answers SQLITE_BUSY at once instead of
                // calling its busy handler: connections that all read the empty file and then
                // ask to switch it to WAL. Back off a little and look again.
                let (seconds, attoseconds) = pause.components
                Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) * 1e-18)
                pause = min(pause * 2, .milliseconds(50))
            }
        }
    }

    /// Opens an existing store without writing anything, so that it reads in a read-only folder
    /// and on a full disk.
    ///
    /// A reader of a WAL database needs the WAL index (`-shm`) beside it, which SQLite creates
    /// on first use and which cannot be created in a read-only folder or grown on a full disk
    /// (sqlite.org, "Read-Only Databases" in wal.html). Where it cannot, and there is no
    /// write-ahead log (or an empty one), every committed value is in the file itself and the
    /// store is opened `immutable`: no index, no locks. No other connection can be writing
    /// then, since a writer needs the index too. Where there is a log with changes in it, the
    /// open fails with ``StoreError/cannotOpen(path:reason:)`` saying so, rather than read the
    /// file without them.
    private static func openReadOnly(
        path: String, key: StoreKey, configuration: KeyValueStore.Configuration
    ) throws(StoreError) -> StoreSession {
        try StoreFile.checkReadable(path)
        var database = try Database(path: path, flags: [.readOnly, .noMutex])
        try database.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds)
        let code = database.resultCode(of: "PRAGMA application_id")
        if code != SQLITE_OK {
            let error = database.error(code, context: "PRAGMA application_id")
            guard StoreFile.isWALIndexFailure(code) else { throw error }
            if let logSize = StoreFile.size(path + "-wal"), logSize > 0 {
                throw StoreError.cannotOpen(
                    path: path,
                    reason: "its write-ahead log \(path)-wal holds changes that can only be read with an index file "
                        + "(-shm) that cannot be made here (a read-only folder or a full disk); "
                        + "open the store once where its folder can be written, or free some space")
            }
            database = try Database(path: path, name: StoreFile.immutableURI(path), flags: [.readOnly, .noMutex, .uri])
        }
        let applicationID = try database.integer("PRAGMA application_id")
        guard applicationID == Schema.applicationID else {
            let objects = try database.integer("SELECT count(*) FROM sqlite_master")
            throw StoreError.notAStoreFile(
                path: path,
                reason: applicationID == 0 && objects == 0
                    ? "it is an empty SQLite database: no store was made in it, or one is being made right now"
                    : "it is another program's SQLite database")
        }
        let version = Int(try database.integer("PRAGMA user_version"))
        guard version >= Schema.currentVersion else {
            // A read-only open cannot migrate. (Version 1 is the first; a new version must make
            // this path read the older ones, or refuse them as here.)
            throw StoreError.notAStoreFile(
                path: path,
                reason: "its schema version \(version) predates \(Schema.currentVersion), and a read-only open cannot "
                    + "upgrade it")
        }
        return try unlock(database, version: version, key: key, isReadOnly: true)
    }

    /// A damaged or foreign file reads as SQLITE_NOTADB, SQLITE_CORRUPT or a short read.
    private static func openError(_ error: StoreError, path: String) -> StoreError {
        guard case .sqlite(_, let code, let message, _) = error else { return error }
        switch code & 0xff {
        case SQLITE_NOTADB, SQLITE_CORRUPT, SQLITE_FORMAT, SQLITE_RANGE:
            return .notAStoreFile(path: path, reason: message)
        case SQLITE_IOERR where code == SQLITE_IOERR | (2 << 8):  // SQLITE_IOERR_SHORT_READ
            return .notAStoreFile(path: path, reason: "the file is truncated")
        default:
            return error
        }
    }

    private static func unlock(
        _ database: Database, version: Int, key: StoreKey, isReadOnly: Bool = false
    ) throws(StoreError) -> StoreSession {
        guard version <= Schema.currentVersion else {
            throw StoreError.newerSchemaVersion(path: database.path, found: version, supported: Schema.currentVersion)
        }
        let material = try KeyMaterial.read(from: database)
        let cipher = try material.cipher(for: key, path: database.path)
        try material.verify(cipher, path: database.path)
        if version < Schema.currentVersion && !isReadOnly {
            try database.transaction(.immediate) { () throws(StoreError) in
                let current = Int(try database.integer("PRAGMA user_version"))
                try Schema.migrate(database, from: current)
            }
        }
        return StoreSession(database: database, cipher: cipher, keyCheck: material.keyCheck, isReadOnly: isReadOnly)
    }

    /// Creates the tables and the key record in a new, empty file; nil when another process
    /// got there first.
    private static func create(_ database: Database, key: StoreKey) throws(StoreError) -> StoreSession? {
        let mode = try database.text("PRAGMA journal_mode = WAL")
        guard mode == "wal" else {
            throw StoreError.sqlite(
                path: database.path, code: SQLITE_ERROR, message: "journal mode is \(mode), not wal", context: "open")
        }
        let (material, cipher) = try KeyMaterial.make(for: key)
        let created = try database.transaction(.immediate) { () throws(StoreError) -> Bool in
            guard try database.integer("SELECT count(*) FROM sqlite_master") == 0 else { return false }
            try Schema.migrate(database, from: 0)
            try database.execute("PRAGMA application_id = \(Schema.applicationID)")
            try material.write(to: database)
            return true
        }
        return created ? StoreSession(database: database, cipher: cipher, keyCheck: material.keyCheck) : nil
    }
}

extension StoreError {
    /// Whether this is SQLite's SQLITE_BUSY (or one of its extended codes).
    fileprivate var isBusy: Bool {
        if case .sqlite(_, let code, _, _) = self { return code & 0xff == SQLITE_BUSY }
        return false
    }
}
