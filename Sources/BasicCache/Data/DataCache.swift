import BasicNetworking
import Foundation

/// Memory in front of disk, with a loader that downloads each URL once: SDWebImage's
/// `sd_setImageWithURL:placeholderImage:` without the image view.
///
/// ```swift
/// let images = try DataCache(folder: caches.appendingPathComponent("images"))
/// cell.image = images.cachedData(for: url).flatMap(UIImage.init) ?? placeholder   // at once
/// let data = try await images.data(for: url)    // cached, or downloaded, stored and returned
/// ```
///
/// Downloads go through a ``RequestPool`` with `.coalesce`: twenty cells asking for one avatar
/// at once cause one download, and all twenty get its bytes. A download that fails is not
/// cached. Entries may carry a lifetime, after which they read as missing and are fetched again.
public final class DataCache: Sendable {
    /// The bytes held in memory and on disk, measured separately.
    public struct Size: Sendable, Hashable {
        /// The bytes of the entries held in memory.
        public var memoryBytes: Int
        /// The bytes of the entries on disk (each with its 16-byte header).
        public var diskBytes: UInt64

        /// A size of each layer.
        public init(memoryBytes: Int, diskBytes: UInt64) {
            self.memoryBytes = memoryBytes
            self.diskBytes = diskBytes
        }
    }

    private struct MemoryEntry: Sendable {
        let data: Data
        let expiry: Date?
    }

    /// The memory layer.
    private let memory: MemoryCache<String, MemoryEntry>
    /// The disk layer.
    public let disk: DiskCache
    /// The pool downloads go through.
    public let pool: RequestPool
    /// How long entries stay fresh when ``data(for:lifetime:)`` is not told; `nil` for ever.
    public let defaultLifetime: TimeInterval?
    private let now: @Sendable () -> Date

    /// A cache whose disk layer lives in `folder`.
    ///
    /// - Parameters:
    ///   - memoryCostLimit: bytes kept in memory (least recently used go first); 50 MB by default.
    ///   - disk: the disk layer's limits.
    ///   - lifetime: how long entries stay fresh unless a load says otherwise; `nil` for ever.
    ///   - now: the clock expiry is measured with.
    /// - Throws: ``CacheError`` when the folder cannot be created or is a file.
    public init(
        folder: URL, pool: RequestPool = RequestPool(), memoryCostLimit: Int = 50_000_000,
        disk: DiskCache.Configuration = .init(), lifetime: TimeInterval? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(CacheError) {
        self.disk = try DiskCache(folder: folder, configuration: disk)
        memory = MemoryCache(costLimit: memoryCostLimit)
        self.pool = pool
        defaultLifetime = lifetime
        self.now = now
    }

    /// The bytes cached for `url`, from memory or disk, without going to the network; `nil`
    /// when there are none or they have expired. A disk hit is kept in memory too.
    public func cachedData(for url: URL) -> Data? {
        let key = url.absoluteString
        let moment = now()
        if let entry = memory.value(forKey: key) {
            if entry.expiry.map({ $0 > moment }) ?? true { return entry.data }
            memory.removeValue(forKey: key)
        }
        guard let entry = try? disk.entry(forKey: key, now: moment) else { return nil }
        memory.setValue(MemoryEntry(data: entry.data, expiry: entry.expiry), forKey: key, cost: entry.data.count)
        return entry.data
    }

    /// The bytes for `url`: cached ones at once, else downloaded (once, however many callers
    /// ask at the same time), stored in both layers and returned.
    ///
    /// - Parameter lifetime: how long the downloaded bytes stay fresh; ``defaultLifetime`` when
    ///   nil. Callers that share one download share the first one's lifetime.
    /// - Throws: ``CacheError/download(_:)`` carrying the network's error when the download fails
    ///   (nothing is cached then); ``CacheError/cancelled(_:)`` when it was cancelled (its task,
    ///   the pool, or a newer identical request); another ``CacheError`` when the bytes cannot be
    ///   stored on disk.
    public func data(for url: URL, lifetime: TimeInterval? = nil) async throws(CacheError) -> Data {
        if let cached = cachedData(for: url) { return cached }
        let key = url.absoluteString
        // An infinite lifetime is "for ever": no expiry rather than an unrepresentable date.
        let lifetime = (lifetime ?? defaultLifetime).flatMap { $0.isFinite ? $0 : nil }
        // Stored once, inside the download, before its callers resume: a caller whose look at
        // the cache comes after the download has ended finds the bytes there.
        let request = Request(Endpoint(url: url), policy: .coalesce) { [self] response in
            guard (try? ResponseRule.default.validate(response)) != nil else { return }
            try? store(response.body, forKey: key, lifetime: lifetime)
        }
        let response: Response
        do {
            response = try await pool.send(request)
        } catch {
            throw error.isCancellation ? .cancelled(url.absoluteString) : .download(CacheError.DownloadFailure(error))
        }
        // A store that failed inside the download is tried again here, to throw its error.
        if memory.value(forKey: key) == nil && !disk.contains(key) {
            try store(response.body, forKey: key, lifetime: lifetime)
        }
        return response.body
    }

    /// Stores `data` on disk, then in memory (so a failed disk store leaves nothing cached),
    /// fresh for `lifetime` seconds (nil: for ever).
    private func store(_ data: Data, forKey key: String, lifetime: TimeInterval?) throws(CacheError) {
        let moment = now()
        let expiry = lifetime.map { moment.addingTimeInterval($0) }
        try disk.store(data, forKey: key, expiry: expiry, now: moment)
        memory.setValue(MemoryEntry(data: data, expiry: expiry), forKey: key, cost: data.count)
    }

    /// Forgets `url`'s bytes in both layers.
    ///
    /// - Throws: ``CacheError`` when the disk entry cannot be removed.
    public func remove(_ url: URL) throws(CacheError) {
        memory.removeValue(forKey: url.absoluteString)
        try disk.remove(url.absoluteString)
    }

    /// The bytes held in each layer.
    ///
    /// - Throws: ``CacheError/cancelled(_:)`` when the task is cancelled.
    public func totalSize() async throws(CacheError) -> Size {
        Size(memoryBytes: memory.totalCost, diskBytes: try await disk.totalSize())
    }

    /// Empties both layers; the disk folder stays, empty.
    ///
    /// ```swift
    /// let summary = try await images.removeAll()
    /// ```
    ///
    /// - Throws: ``CacheError`` when the folder cannot be emptied; ``CacheError/cancelled(_:)``.
    @discardableResult
    public func removeAll(progress: (@Sendable (FolderCleaner.Progress) -> Void)? = nil) async throws(CacheError)
        -> FolderCleaner.Summary
    {
        memory.removeAll()
        return try await disk.removeAll(progress: progress)
    }

    /// Deletes the entries not read for `age` (a week by default) from disk, as
    /// ``DiskCache/removeExpired(olderThan:now:progress:)``, and from memory what is no longer on
    /// disk, so that memory never serves an entry the disk has let go.
    ///
    /// - Throws: ``CacheError`` when the folder cannot be cleaned; ``CacheError/cancelled(_:)``.
    @discardableResult
    public func removeExpired(
        olderThan age: TimeInterval = DiskCache.oneWeek, now: Date = Date(),
        progress: (@Sendable (FolderCleaner.Progress) -> Void)? = nil
    ) async throws(CacheError) -> FolderCleaner.Summary {
        let summary = try await disk.removeExpired(olderThan: age, now: now, progress: progress)
        for key in memory.keys where !disk.contains(key) {
            memory.removeValue(forKey: key)
        }
        return summary
    }
}
