import Foundation

// Forwarders that keep callers written against the old forms compiling while bsl and FeedsClient
// move to the new ones. The lead deletes this file after the merges. They keep the old untyped
// `throws` and the path text exactly as given (messages and reports name it so).

extension FolderCleaner {
    // Transitional: remove once bsl and FeedsClient call clear(_: URL, …).
    /// Removes everything inside the folder at the path `path`; see the `URL` form.
    ///
    /// - Throws: ``CacheError``.
    public static func clear(
        _ path: String, policy: DeletionPolicy = .current, dryRun: Bool = false,
        progress: (@Sendable (Progress) -> Void)? = nil, removing: (@Sendable (Removal) -> Void)? = nil
    ) async throws -> Summary {
        try clear(path: path, policy: policy, dryRun: dryRun, progress: progress, removing: removing)
    }

    // Transitional: remove once bsl and FeedsClient call clean(_: URL, …).
    /// Removes the old files inside the folder at the path `path`; see the `URL` form.
    ///
    /// - Throws: ``CacheError``.
    public static func clean(
        _ path: String, olderThan age: TimeInterval = oneWeek, by kind: TimeKind = .modification,
        now: Date = Date(), policy: DeletionPolicy = .current, dryRun: Bool = false,
        progress: (@Sendable (Progress) -> Void)? = nil, removing: (@Sendable (Removal) -> Void)? = nil
    ) async throws -> Summary {
        try clean(
            path: path, olderThan: age, by: kind, now: now, policy: policy, dryRun: dryRun, progress: progress,
            removing: removing)
    }
}

extension DirectorySize {
    // Transitional: remove once bsl and FeedsClient call measure(_: URL).
    /// Measures the file or folder at the path `path`; see the `URL` form.
    ///
    /// - Throws: ``CacheError/cancelled(_:)``.
    public static func measure(_ path: String) async throws -> DirectorySize {
        try await measure(path: path)
    }

    // Transitional: remove once bsl and FeedsClient call measureSynchronously(_: URL).
    /// Measures the path `path` on the calling thread; see the `URL` form.
    ///
    /// - Throws: ``CacheError/cancelled(_:)``.
    public static func measureSynchronously(_ path: String) throws -> DirectorySize {
        try measureSynchronously(path: path)
    }
}

extension DataCache {
    // Transitional: remove once bsl and FeedsClient call removeAll(progress:).
    /// Empties both layers; see ``DataCache/removeAll(progress:)``.
    ///
    /// - Throws: ``CacheError``.
    @discardableResult
    public func clear(progress: (@Sendable (FolderCleaner.Progress) -> Void)? = nil) async throws
        -> FolderCleaner.Summary
    {
        try await removeAll(progress: progress)
    }
}
