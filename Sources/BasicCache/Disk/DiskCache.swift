import BasicCrypto
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc  // utimensat, rename, fstatat: POSIX, which Linux has in Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder of cached entries: any string key, atomic writes, least-recently-used eviction by
/// total size, count and age, and ``removeAll(progress:)`` and ``removeExpired(olderThan:now:progress:)``
/// for the settings page's "clear" and "clean".
///
/// ```swift
/// let cache = try DiskCache(folder: caches.appendingPathComponent("images"),
///                           configuration: .init(sizeLimit: 100_000_000, maxAge: DiskCache.oneWeek))
/// try cache.store(data, forKey: "https://pic.cnblogs.com/face/1.png")
/// let hit = try cache.data(forKey: "https://pic.cnblogs.com/face/1.png")
/// ```
///
/// - Keys are hashed with SHA-256 into file names, so no key (`../x`, `a/b`, 10,000
///   characters) can name a file outside the folder or collide with another.
/// - A write goes to a temporary file that is then renamed into place: a reader sees the old
///   entry or the new one, never half of one.
/// - Each entry's file keeps its last access in its modification time (touched on every read),
///   which is what eviction and ``removeExpired(olderThan:now:progress:)`` look at. An entry can
///   also carry its own expiry date, after which it reads as missing.
public final class DiskCache: Sendable {
    /// Limits of a disk cache; `0` and `nil` mean none.
    public struct Configuration: Sendable, Hashable {
        /// Largest total of the entries' sizes, in bytes.
        public var sizeLimit: UInt64
        /// Most entries.
        public var countLimit: Int
        /// Entries not read for this long are expired.
        public var maxAge: TimeInterval?

        /// Creates limits; the defaults keep everything.
        public init(sizeLimit: UInt64 = 0, countLimit: Int = 0, maxAge: TimeInterval? = nil) {
            self.sizeLimit = sizeLimit
            self.countLimit = countLimit
            self.maxAge = maxAge
        }
    }

    /// A week, SDWebImage's default age for ``removeExpired(olderThan:now:progress:)``.
    public static let oneWeek = FolderCleaner.oneWeek

    /// The folder the entries live in.
    public let folder: URL
    /// The limits.
    public let configuration: Configuration
    /// ``folder``'s real path (symbolic links resolved) when the cache was opened: what clear and
    /// clean work on, since ``FolderCleaner`` refuses a folder given as a link.
    private let realFolderPath: String
    /// The entries' total size and count, kept as entries come and go; `nil` until first needed.
    private let totals = Mutex<Totals?>(nil)

    private struct Totals {
        var bytes: UInt64
        var count: Int
    }

    /// Opens (creating when missing) the cache folder `folder`.
    ///
    /// The folder must be one ``FolderCleaner`` may clear, since ``removeAll(progress:)`` clears it:
    /// a cache in `/`, a home folder or a system folder is refused here, before anything is
    /// stored. A folder reached through a symbolic link is judged, and later cleared, by its real
    /// path.
    ///
    /// - Throws: ``CacheError`` when the folder cannot be created or is a file,
    ///   ``CacheError/refused(_:)`` for a folder the ``DeletionPolicy`` protects, and
    ///   ``CacheError/notAFileURL(_:)``.
    public init(folder: URL, configuration: Configuration = Configuration()) throws(CacheError) {
        _ = try CacheError.path(of: folder)
        self.folder = folder
        self.configuration = configuration
        try Self.createFolder(folder)
        guard let realPath = DeletionPolicy.realPath(folder.path) else {
            throw CacheError.from(errno: errno, path: folder.path)
        }
        if var refusal = DeletionPolicy.current.refusal(for: realPath) {
            refusal.path = folder.path
            refusal.folder = realPath
            throw CacheError.refused(refusal)
        }
        self.realFolderPath = realPath
    }

    /// Creates `folder` when it is missing.
    private static func createFolder(_ folder: URL) throws(CacheError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw CacheError.notAFolder(folder.path) }
            return
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CacheError.notWritable(folder.path, reason: "the folder cannot be created")
        }
    }

    /// The file that holds `key`'s entry: its SHA-256 in hexadecimal.
    public func fileURL(forKey key: String) -> URL {
        folder.appendingPathComponent(SHA256.hexDigest(Array(key.utf8)))
    }

    // MARK: Reading and writing

    /// An entry's data and the moment it expires, if it has one.
    public struct Entry: Sendable, Hashable {
        /// The stored bytes.
        public var data: Data
        /// When the entry stops being served; `nil` for never.
        public var expiry: Date?

        /// Creates an entry.
        public init(data: Data, expiry: Date?) {
            self.data = data
            self.expiry = expiry
        }
    }

    /// The data stored for `key`; see ``entry(forKey:now:)``.
    ///
    /// - Throws: ``CacheError`` when the entry exists but cannot be read.
    public func data(forKey key: String, now: Date = Date()) throws(CacheError) -> Data? {
        try entry(forKey: key, now: now)?.data
    }

    /// The entry stored for `key`, or `nil` when there is none or it has expired (its own expiry
    /// has passed, or it was not read within ``Configuration/maxAge``; it is then removed). A
    /// read counts as an access for eviction.
    ///
    /// - Throws: ``CacheError`` when the entry exists but cannot be read.
    public func entry(forKey key: String, now: Date = Date()) throws(CacheError) -> Entry? {
        let url = fileURL(forKey: key)
        let contents: Data
        do {
            contents = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            throw CacheError.fileSystem(url.path, reason: "the entry cannot be read: \(error.localizedDescription)")
        }
        guard let entry = DiskCacheEntry(contents) else {
            try? remove(key)  // not one of ours, or damaged: it reads as missing
            return nil
        }
        let isStale = configuration.maxAge.map { maxAge in
            Self.lastAccess(url).map { $0 < now.timeIntervalSince1970 - maxAge } ?? false
        }
        if let expiry = entry.expiry, expiry <= now {
            try? remove(key)
            return nil
        }
        if isStale == true {
            try? remove(key)
            return nil
        }
        touch(url, at: now)
        return Entry(data: entry.payload, expiry: entry.expiry)
    }

    /// Stores `data` for `key`, replacing what was there, then evicts the least recently used
    /// entries if the cache is over its limits.
    ///
    /// - Parameter expiry: a moment after which the entry reads as missing.
    /// - Throws: ``CacheError/diskFull(_:)``, ``CacheError/notWritable(_:reason:)``.
    public func store(_ data: Data, forKey key: String, expiry: Date? = nil, now: Date = Date()) throws(CacheError) {
        let url = fileURL(forKey: key)
        let old = Self.fileSize(url)
        let contents = DiskCacheEntry.encode(data, expiry: expiry)
        do {
            try contents.write(to: url, options: .atomic)
        } catch {
            throw Self.writeError(error, path: url.path)
        }
        touch(url, at: now)
        let evictNeeded = totals.withLock { totals -> Bool in
            guard var current = totals else { return true }
            current.bytes = current.bytes - min(current.bytes, old ?? 0) + UInt64(contents.count)
            if old == nil { current.count += 1 }
            totals = current
            return isOverLimits(current)
        }
        if evictNeeded && (configuration.sizeLimit > 0 || configuration.countLimit > 0) {
            evict(now: now)
        }
    }

    /// Whether an entry is stored for `key` (expired or not), without reading it.
    public func contains(_ key: String) -> Bool {
        FileManager.default.fileExists(atPath: fileURL(forKey: key).path)
    }

    /// Removes `key`'s entry, if any.
    ///
    /// - Throws: ``CacheError`` when the file exists and cannot be removed.
    public func remove(_ key: String) throws(CacheError) {
        let url = fileURL(forKey: key)
        let size = Self.fileSize(url)
        guard unlink(url.path) == 0 || errno == ENOENT else { throw CacheError.from(errno: errno, path: url.path) }
        if let size {
            totals.withLock { totals in
                guard var current = totals else { return }
                current.bytes -= min(current.bytes, size)
                current.count -= 1
                totals = current
            }
        }
    }

    // MARK: Size, clear, clean

    /// The total size of the entries on disk, in bytes (each entry's data and its 16-byte header).
    ///
    /// - Throws: ``CacheError/cancelled(_:)`` when the task is cancelled.
    public func totalSize() async throws(CacheError) -> UInt64 {
        try await DirectorySize.measure(path: folder.path).logicalBytes
    }

    /// Deletes every entry and leaves the folder in place, empty: the settings page's "clear".
    /// Safe while other tasks write: their entries are whole or absent afterwards. A folder that
    /// has vanished meanwhile is made again, empty.
    ///
    /// - Throws: ``CacheError``, ``CacheError/cancelled(_:)`` when the task is cancelled.
    public func removeAll(progress: (@Sendable (FolderCleaner.Progress) -> Void)? = nil) async throws(CacheError)
        -> FolderCleaner.Summary
    {
        guard try recreateIfVanished() == false else { return FolderCleaner.Summary() }
        let summary = try FolderCleaner.clear(
            path: realFolderPath, policy: .current, dryRun: false, progress: progress, removing: nil)
        totals.withLock { $0 = nil }
        return summary
    }

    /// Deletes the entries not read for `age` (a week by default): SDWebImage's "clean".
    ///
    /// - Throws: ``CacheError``, ``CacheError/cancelled(_:)`` when the task is cancelled.
    public func removeExpired(
        olderThan age: TimeInterval = oneWeek, now: Date = Date(),
        progress: (@Sendable (FolderCleaner.Progress) -> Void)? = nil
    ) async throws(CacheError) -> FolderCleaner.Summary {
        guard try recreateIfVanished() == false else { return FolderCleaner.Summary() }
        let summary = try FolderCleaner.clean(
            path: realFolderPath, olderThan: age, by: .modification, now: now, policy: .current, dryRun: false,
            progress: progress, removing: nil)
        totals.withLock { $0 = nil }
        return summary
    }

    /// Makes the folder again when something removed it since the cache was opened (it then
    /// holds nothing to remove); whether it did.
    private func recreateIfVanished() throws(CacheError) -> Bool {
        var info = stat()
        guard lstat(realFolderPath, &info) != 0, errno == ENOENT else { return false }
        try Self.createFolder(URL(fileURLWithPath: realFolderPath))
        totals.withLock { $0 = nil }
        return true
    }

    // MARK: Eviction

    private func isOverLimits(_ totals: Totals) -> Bool {
        (configuration.sizeLimit > 0 && totals.bytes > configuration.sizeLimit)
            || (configuration.countLimit > 0 && totals.count > configuration.countLimit)
    }

    /// Lists the entries and removes the least recently used (and the too old) until the cache
    /// is within its limits.
    private func evict(now: Date) {
        var entries = Self.listEntries(in: folder.path)
        entries.sort { $0.lastAccess < $1.lastAccess }
        var current = Totals(bytes: entries.reduce(0) { $0 + $1.bytes }, count: entries.count)
        let cutoff = configuration.maxAge.map { now.timeIntervalSince1970 - $0 }
        for entry in entries {
            let isTooOld = cutoff.map { entry.lastAccess < $0 } ?? false
            guard isTooOld || isOverLimits(current) else { break }
            if unlink(folder.path + "/" + entry.name) == 0 {
                current.bytes -= min(current.bytes, entry.bytes)
                current.count -= 1
            }
        }
        totals.withLock { $0 = current }
    }

    /// Entries: regular files that are not temporary files of atomic writes in progress.
    private static func listEntries(in folder: String) -> [(name: String, bytes: UInt64, lastAccess: Double)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var entries: [(String, UInt64, Double)] = []
        for name in names where name.count == 64 && !name.hasPrefix(".") {
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0, DirectoryWalker.isRegular(info.st_mode) else { continue }
            entries.append((name, UInt64(max(0, info.st_size)), Platform.seconds(of: info, access: false)))
        }
        return entries
    }

    // MARK: Helpers

    private func touch(_ url: URL, at date: Date) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let time = timespec(tv_sec: Int(seconds), tv_nsec: Int((date.timeIntervalSince1970 - seconds) * 1e9))
        var times = [time, time]
        _ = utimensat(AT_FDCWD, url.path, &times, 0)  // best effort: a failed touch only ages the entry
    }

    private static func lastAccess(_ url: URL) -> Double? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return Platform.seconds(of: info, access: false)
    }

    private static func fileSize(_ url: URL) -> UInt64? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return UInt64(max(0, info.st_size))
    }

    private static func writeError(_ error: any Error, path: String) -> CacheError {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying.map({ Int32($0.code) }), underlying?.domain == NSPOSIXErrorDomain {
            return CacheError.from(errno: code, path: path)
        }
        if (error as? CocoaError)?.code == .fileWriteOutOfSpace { return .diskFull(path) }
        return .notWritable(path, reason: error.localizedDescription)
    }
}
