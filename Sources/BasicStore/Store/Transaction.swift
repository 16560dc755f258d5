import BasicCore

extension KeyValueStore {
    /// The store inside a ``KeyValueStore/write(_:)`` block: every operation, all in the block's
    /// one transaction (the reading ones come from ``KeyValueStore/ReadTransaction``). Valid only
    /// inside the block, and only on the thread running it (it is not `Sendable`).
    ///
    /// ```swift
    /// try store.write { tx in
    ///     let visits = try tx.value(Int.self, forKey: "visits", in: "stats") ?? 0
    ///     try tx.set(visits + 1, forKey: "visits", in: "stats")
    /// }
    /// ```
    public final class Transaction: ReadTransaction {
        /// Runs `body` in a savepoint: when it throws, only its own changes are undone and the
        /// error is thrown on; the enclosing transaction goes on.
        ///
        /// - Throws: ``StoreError``, as ``KeyValueStore/write(_:)`` does: one that `body` throws
        ///   comes out as it is, any other error of its own whole in ``StoreError/transactionFailed(_:)``.
        public func savepoint<T>(_ body: (Transaction) throws -> T) throws(StoreError) -> T {
            let session = try checked()
            return try session.database.transaction { () throws(StoreError) -> T in
                try StoreError.carrying { try body(self) }
            }
        }

        // MARK: Keyed collections

        /// Stores `value` under `key` in `collection`; see ``KeyValueStore/set(_:forKey:in:)``.
        ///
        /// - Throws: ``StoreError``.
        public func set(
            _ value: some Encodable, forKey key: String, in collection: String = KeyValueStore.defaultCollection
        ) throws(StoreError) {
            let plaintext = try ValueCodec.encode(value, collection: collection, key: key)
            try checked().set(plaintext, forKey: key, in: collection)
        }

        /// Removes the value under `key` in `collection`; returns whether there was one.
        ///
        /// - Throws: ``StoreError``.
        @discardableResult
        public func remove(forKey key: String, in collection: String = KeyValueStore.defaultCollection)
            throws(StoreError) -> Bool
        {
            try checked().remove(forKey: key, in: collection)
        }

        /// Removes everything `collection` holds, keyed values and ordered items alike; see
        /// ``KeyValueStore/removeAll(in:)``.
        ///
        /// - Throws: ``StoreError``.
        public func removeAll(in collection: String = KeyValueStore.defaultCollection) throws(StoreError) {
            try checked().removeAll(in: collection)
        }

        // MARK: Ordered collections

        /// Adds `value` at the end of the ordered collection `collection`.
        ///
        /// - Throws: ``StoreError``.
        public func append(_ value: some Encodable, to collection: String) throws(StoreError) {
            let session = try checked()
            try session.insert(
                try ValueCodec.encode(value, collection: collection, key: "new item"),
                at: session.itemCount(in: collection), in: collection)
        }

        /// Inserts `value` at `index` of the ordered collection `collection`.
        ///
        /// - Throws: ``StoreError/indexOutOfRange(collection:index:count:)``, or another ``StoreError``.
        public func insert(_ value: some Encodable, at index: Int, in collection: String) throws(StoreError) {
            let plaintext = try ValueCodec.encode(value, collection: collection, key: "item \(index)")
            try checked().insert(plaintext, at: index, in: collection)
        }

        /// Moves the item at `source` to `destination` of the ordered collection `collection`.
        ///
        /// - Throws: ``StoreError/indexOutOfRange(collection:index:count:)``, or another ``StoreError``.
        public func moveItem(from source: Int, to destination: Int, in collection: String) throws(StoreError) {
            try checked().moveItem(from: source, to: destination, in: collection)
        }

        /// Removes the item at `index` of the ordered collection `collection`.
        ///
        /// - Throws: ``StoreError/indexOutOfRange(collection:index:count:)``, or another ``StoreError``.
        public func removeItem(at index: Int, in collection: String) throws(StoreError) {
            try checked().removeItem(at: index, in: collection)
        }
    }
}
