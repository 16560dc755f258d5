import CSQLite

/// Constants of the SQLite C API that do not import into Swift.
enum SQLite {
    /// `SQLITE_TRANSIENT`: SQLite copies bound text and blobs before the call returns. The C
    /// macro is a cast of -1 to a function pointer, which Swift cannot import.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// A valid pointer for binding an empty blob or text (a nil pointer would bind NULL). Never
    /// written, and never read: SQLite reads no bytes for a length of 0.
    nonisolated(unsafe) static let emptyBlob = UnsafeRawPointer(
        UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

    /// The flags `sqlite3_open_v2` takes.
    struct OpenFlags: OptionSet {
        let rawValue: Int32

        static let readOnly = OpenFlags(rawValue: SQLITE_OPEN_READONLY)
        static let readWrite = OpenFlags(rawValue: SQLITE_OPEN_READWRITE)
        static let create = OpenFlags(rawValue: SQLITE_OPEN_CREATE)
        /// No mutex inside SQLite: the store serializes every use of a connection itself.
        static let noMutex = OpenFlags(rawValue: SQLITE_OPEN_NOMUTEX)
        /// The name is a `file:` URI, whose query can carry options such as `immutable=1`.
        static let uri = OpenFlags(rawValue: SQLITE_OPEN_URI)
        /// Refuse to follow a symbolic link as the database file.
        static let noFollow = OpenFlags(rawValue: 0x0100_0000)  // SQLITE_OPEN_NOFOLLOW (3.31)
    }
}
