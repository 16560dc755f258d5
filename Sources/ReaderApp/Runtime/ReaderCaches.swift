import BasicCache
import Foundation

#if canImport(Glibc)
    import Glibc  // lstat
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reader's cache folders, which the 我的 tab's "清除缓存" row measures and clears:
/// `images/` (the image cache) and `custom/` (everything else cached), inside
/// `$XDG_CACHE_HOME/bsl` (default `~/.cache/bsl`). The offline library lives in the data folder
/// and is never part of them.
///
/// ```swift
/// let caches = ReaderCaches(folder: ReaderCaches.defaultFolder())
/// let size = try await caches.measure()                     // off the caller's thread
/// print("清除缓存(\(ByteCount(size.logicalBytes)))")
/// let summary = try await caches.clear { folder, progress in print(folder, progress.done) }
/// ```
///
/// Clearing goes through BasicCache's ``BasicCache/FolderCleaner``, whose policy refuses `/`,
/// the home folder, the folders that hold it and system folders, never follows a symbolic link
/// and never leaves the folder's file system; nothing here deletes any other way.
public struct ReaderCaches: Sendable, Hashable {
    /// One of the cache folders, in the order they are cleared.
    public enum Folder: String, CaseIterable, Hashable, Sendable {
        /// `images/`: the image cache, cleared first.
        case images
        /// `custom/`: everything else cached.
        case custom
    }

    /// The folder that holds them: `$XDG_CACHE_HOME/bsl`.
    public let folder: URL

    /// The caches inside `folder`.
    public init(folder: URL) {
        self.folder = folder
    }

    /// `$XDG_CACHE_HOME/bsl`, or `~/.cache/bsl` when `XDG_CACHE_HOME` is unset, empty or not an
    /// absolute path (as the XDG base directory specification says to treat it); the home folder
    /// from `HOME`, else the user's.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("bsl", isDirectory: true)
        }
        let home =
            environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache", isDirectory: true).appendingPathComponent("bsl", isDirectory: true)
    }

    /// The location of `cache`.
    public func url(of cache: Folder) -> URL {
        folder.appendingPathComponent(cache.rawValue, isDirectory: true)
    }

    /// The size of both folders (a missing one is 0), measured off the caller's thread by
    /// ``BasicCache/DirectorySize/measure(_:)``. Cancelling the task stops the walk.
    ///
    /// - Throws: ``BasicCache/CacheError``: ``BasicCache/CacheError/cancelled(_:)`` when cancelled.
    /// - Complexity: O(*n*) in the entries inside.
    public func measure() async throws(CacheError) -> DirectorySize {
        var total = DirectorySize()
        for cache in Folder.allCases {
            total = total + (try await DirectorySize.measure(url(of: cache)))
        }
        return total
    }

    /// Empties `images/`, then `custom/`, keeping each folder (one that is missing is created
    /// empty), through ``BasicCache/FolderCleaner/clear(_:policy:dryRun:progress:removing:)``
    /// on a thread of its own, off Swift's cooperative pool. `progress` hears how far each folder
    /// has got.
    ///
    /// - Throws: ``BasicCache/CacheError``: a refused or linked folder, one that cannot be
    ///   changed; what was removed by then stays removed.
    /// - Complexity: O(*n*) in the entries inside.
    public func clear(
        policy: DeletionPolicy = .current, progress: @escaping @Sendable (Folder, FolderCleaner.Progress) -> Void
    ) async throws(CacheError) -> FolderCleaner.Summary {
        let result = await Task(executorPreference: OwnThreadExecutor.shared) {
            () async -> Result<FolderCleaner.Summary, CacheError> in
            do throws(CacheError) {
                return .success(try await clearHere(policy: policy, progress: progress))
            } catch {
                return .failure(error)
            }
        }.value
        return try result.get()
    }

    /// What ``clear(policy:progress:)`` does, on the current thread.
    private func clearHere(
        policy: DeletionPolicy, progress: @escaping @Sendable (Folder, FolderCleaner.Progress) -> Void
    ) async throws(CacheError) -> FolderCleaner.Summary {
        var total = FolderCleaner.Summary()
        for cache in Folder.allCases {
            let location = url(of: cache)
            if !exists(location) {
                // Recreated empty, as the seed recreates its custom folder; nothing to remove.
                try create(location)
                progress(cache, FolderCleaner.Progress(done: 0, total: 0))
                continue
            }
            let summary = try await FolderCleaner.clear(location, policy: policy) { progress(cache, $0) }
            total.removedFiles += summary.removedFiles
            total.freedBytes += summary.freedBytes
            total.skipped += summary.skipped + summary.mountPoints.count
            total.mountPoints += summary.mountPoints
        }
        return total
    }

    /// Whether something is at `location`, a link included (which the cleaner then refuses).
    private func exists(_ location: URL) -> Bool {
        var info = stat()
        return lstat(location.path, &info) == 0
    }

    private func create(_ location: URL) throws(CacheError) {
        do {
            try FileManager.default.createDirectory(at: location, withIntermediateDirectories: true)
        } catch {
            throw CacheError.fileSystem(
                location.path, reason: "cannot create it (\(error.localizedDescription)); check the folder above it")
        }
    }
}

/// Runs each job of a task on a new thread of its own: for work that blocks in system calls
/// (a folder's removal), so that Swift's cooperative pool, which the UI loop shares, is never
/// held by it.
final class OwnThreadExecutor: TaskExecutor {
    static let shared = OwnThreadExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread { job.runSynchronously(on: executor) }.start()
    }
}
