import BasicCore

extension KeyValueStore {
    /// The store inside a ``KeyValueStore/read(_:)`` block: the reading operations, all from the
    /// block's one snapshot. It has no writing methods, so a write cannot start inside a read
    /// transaction (where it could fail with `SQLITE_BUSY_SNAPSHOT`); use
    /// ``KeyValueStore/write(_:)``, whose ``KeyValueStore/Transaction`` both reads and writes.
    /// Valid only inside the block, and only on the thread running it (it is not `Sendable`).
    ///
    /// ```swift
    /// let (token, drafts) = try store.read { tx in
    ///     (try tx.value(String.self, forKey: "token", in: "settings"), try tx.keys(in: "drafts"))
    /// }
    /// ```
    public class ReadTransaction {
        private let session: StoreSession
        private var isActive = true

        init(session: StoreSession) {
            self.session = session
        }

        func finish() { isActive = false }

        func checked() throws(StoreError) -> StoreSession {
            guard isActive else { throw StoreError.transactionFinished }
            return session
        }

        // MARK: Keyed collections

        /// The value under `key` in `collection` as `type`; see ``KeyValueStore/value(_:forKey:in:)``.
        ///
        /// - Throws: ``StoreError``.
        public func value<T: Decodable>(
            _ type: T.Type, forKey key: String, in collection: String = KeyValueStore.defaultCollection
        ) throws(StoreError) -> T? {
            guard let plaintext = try checked().value(forKey: key, in: collection) else { return nil }
            return try ValueCodec.decode(type, from: plaintext, collection: collection, key: key)
        }

        /// The value under `key` in `collection` as a `JSONValue`.
        ///
        /// - Throws: ``StoreError``.
        public func json(forKey key: String, in collection: String = KeyValueStore.defaultCollection) throws(StoreError)
            -> JSONValue?
        {
            try value(JSONValue.self, forKey: key, in: collection)
        }

        /// Whether `collection` holds a value under `key`.
        ///
        /// - Throws: ``StoreError``.
        public func contains(_ key: String, in collection: String = KeyValueStore.defaultCollection) throws(StoreError)
            -> Bool
        {
            try checked().contains(key, in: collection)
        }

        /// The keys of `collection`, sorted.
        ///
        /// - Throws: ``StoreError``.
        public func keys(in collection: String = KeyValueStore.defaultCollection) throws(StoreError) -> [String] {
            try checked().keys(in: collection)
        }

        /// The number of values in `collection`.
        ///
        /// - Throws: ``StoreError``.
        public func count(in collection: String = KeyValueStore.defaultCollection) throws(StoreError) -> Int {
            try checked().count(in: collection)
        }

        // MARK: Ordered collections

        /// The items of `collection` at the positions in `range` (all when nil), as `type`.
        ///
        /// - Throws: ``StoreError``.
        public func items<T: Decodable>(_ type: T.Type, in collection: String, range: Range<Int>? = nil)
            throws(StoreError) -> [T]
        {
            let lower = range?.lowerBound ?? 0
            return try checked().items(in: collection, range: range).enumerated().map {
                offset, plaintext throws(StoreError) in
                try ValueCodec.decode(type, from: plaintext, collection: collection, key: "item \(lower + offset)")
            }
        }

        /// The number of items in the ordered collection `collection`.
        ///
        /// - Throws: ``StoreError``.
        public func itemCount(in collection: String) throws(StoreError) -> Int {
            try checked().itemCount(in: collection)
        }
    }
}
