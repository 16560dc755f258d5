import BasicCore

extension KeyValueStore {
    /// Adds `value` at the end of the ordered collection `collection`.
    ///
    /// ```swift
    /// try store.append(article, to: "offline")
    /// let first = try store.items(Article.self, in: "offline", range: 0..<20)
    /// ```
    ///
    /// - Throws: ``StoreError``.
    public func append(_ value: some Encodable, to collection: String) throws(StoreError) {
        try write { try $0.append(value, to: collection) }
    }

    /// Inserts `value` at `index` (0 through the count) of the ordered collection `collection`,
    /// moving the items from there one place back.
    ///
    /// - Throws: ``StoreError/indexOutOfRange(collection:index:count:)``, or another ``StoreError``.
    /// - Complexity: O(*n*) in the number of items after `index`.
    public func insert(_ value: some Encodable, at index: Int, in collection: String) throws(StoreError) {
        try write { try $0.insert(value, at: index, in: collection) }
    }

    /// Moves the item at `source` to `destination` of the ordered collection `collection`.
    ///
    /// - Throws: ``StoreError/indexOutOfRange(collection:index:count:)``, or another ``StoreError``.
    /// - Complexity: O(*n*) in the distance moved.
    public func moveItem(from source: Int, to destination: Int, in collection: String) throws(StoreError) {
        try write { try $0.moveItem(from: source, to: destination, in: collection) }
    }

    /// Removes the item at `index` of the ordered collection `collection`.
    ///
    /// - Throws: ``StoreError/indexOutOfRange(collection:index:count:)``, or another ``StoreError``.
    /// - Complexity: O(*n*) in the number of items after `index`.
    public func removeItem(at index: Int, in collection: String) throws(StoreError) {
        try write { try $0.removeItem(at: index, in: collection) }
    }

    /// The items of the ordered collection `collection` at the positions in `range` (all when
    /// nil), decoded as `type`, read in one transaction. Positions past the end are skipped.
    ///
    /// - Throws: ``StoreError/tampered(collection:key:)`` naming the item's position, or
    ///   ``StoreError/unreadableValue(collection:key:reason:)``.
    /// - Complexity: O(*k*) in the number of items read.
    public func items<T: Decodable>(_ type: T.Type, in collection: String, range: Range<Int>? = nil) throws(StoreError)
        -> [T]
    {
        try read { try $0.items(type, in: collection, range: range) }
    }

    /// The items of `collection` in `range` as `JSONValue`s; see ``items(_:in:range:)``.
    ///
    /// - Throws: ``StoreError``.
    /// - Complexity: O(*k*) in the number of items read.
    public func jsonItems(in collection: String, range: Range<Int>? = nil) throws(StoreError) -> [JSONValue] {
        try items(JSONValue.self, in: collection, range: range)
    }

    /// The number of items in the ordered collection `collection`.
    ///
    /// - Throws: ``StoreError``.
    public func itemCount(in collection: String) throws(StoreError) -> Int {
        try access { session throws(StoreError) in try session.itemCount(in: collection) }
    }
}
