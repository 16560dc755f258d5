import Foundation

// Forwarders that keep callers written against the old spellings compiling while bsl and
// FeedsClient move to the new ones. The lead deletes this file after the merges. They keep the
// old untyped `throws`, so that a caller's `catch let error as StoreError` or
// `catch StoreError.wrongKey` stays what it was (on a typed-throws call Swift 6.3.1 warns about
// the first and, in some functions, crashes compiling either).

extension KeyValueStore {
    // Transitional: remove once bsl and FeedsClient call KeyValueStore(at:key:configuration:).
    /// Opens the store at the file path `path`; see ``KeyValueStore/init(at:key:configuration:)``.
    ///
    /// - Throws: ``StoreError``.
    public convenience init(path: String, key: StoreKey, configuration: Configuration = .init()) throws {
        try self.init(url: URL(fileURLWithPath: path), path: path, key: key, configuration: configuration)
    }

    // Transitional: remove once bsl and FeedsClient call KeyValueStore.url.
    /// The store file's path: the text it was opened with, or its URL's path.
    public var path: String { filePath }

    // Transitional: remove once bsl and FeedsClient call removeAll(in:).
    /// Removes everything `collection` holds; see ``KeyValueStore/removeAll(in:)``.
    ///
    /// - Throws: ``StoreError``.
    public func removeAllItems(in collection: String) throws {
        try removeAll(in: collection)
    }
}

extension KeyValueStore.Transaction {
    // Transitional: remove once bsl and FeedsClient call removeAll(in:).
    /// Removes everything `collection` holds; see ``KeyValueStore/Transaction/removeAll(in:)``.
    ///
    /// - Throws: ``StoreError``.
    public func removeAllItems(in collection: String) throws {
        try removeAll(in: collection)
    }
}
