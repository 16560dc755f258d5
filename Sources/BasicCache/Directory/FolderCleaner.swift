import Foundation

#if canImport(Glibc)
    import Glibc  // openat, fdopendir, readdir, fstatat, unlinkat: POSIX, which Linux has in Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Empties cache folders: all of it ("clear", the settings page's tap) or only what is old
/// ("clean", SDWebImage's weekly sweep). The folder itself always stays.
///
/// ```swift
/// let summary = try await FolderCleaner.clear("/var/cache/reader") { progress in
///     print("\(progress.done)/\(progress.total)")
/// }
/// print("cleared \(summary.removedFiles) files, \(ByteCount(summary.freedBytes)) freed")
/// ```
public enum FolderCleaner {
    /// How far a removal has got.
    public struct Progress: Sendable, Hashable {
        /// Files looked at so far.
        public var done: Int
        /// Files in all.
        public var total: Int

        /// Creates a progress report.
        public init(done: Int, total: Int) {
            self.done = done
            self.total = total
        }
    }

    /// What a removal did.
    public struct Summary: Sendable, Hashable {
        /// Files removed.
        public var removedFiles = 0
        /// The sum of the removed files' sizes.
        public var freedBytes: UInt64 = 0
        /// Entries that vanished or could not be removed.
        public var skipped = 0

        /// An empty summary: nothing removed.
        public init() {}
    }

    /// Which time of a file ``clean(_:olderThan:by:now:progress:)`` compares.
    public enum TimeKind: String, Sendable, CaseIterable {
        /// The last change of its contents (`st_mtime`), SDWebImage's default.
        case modification
        /// The last read (`st_atime`); file systems mounted `noatime` do not keep it.
        case access
    }

    /// A week, SDWebImage's default age for ``clean(_:olderThan:by:now:progress:)``.
    public static let oneWeek: TimeInterval = 7 * 24 * 3600

    /// Removes everything inside `path` and leaves it an empty folder (creating it when it is
    /// missing). Files other tasks write meanwhile may stay or go, never half.
    ///
    /// - Parameter progress: called now and then with files done and the total, which takes
    ///   one more walk to count; pass nothing to skip it.
    /// - Throws: ``CacheError/notAFolder(_:)`` when `path` is a file,
    ///   ``CacheError/notWritable(_:reason:)`` when it cannot be changed, `CancellationError`.
    public static func clear(
        _ path: String, progress: (@Sendable (Progress) -> Void)? = nil
    ) async throws -> Summary {
        try prepare(path)
        var sweep = Sweep(path: path, progress: progress, shouldRemove: { _ in true }, removesFolders: true)
        try sweep.run()
        return sweep.summary
    }

    /// Removes the files inside `path` whose time is older than `age` seconds, keeping folders.
    ///
    /// - Parameters:
    ///   - age: how old a file must be to go; a week by default.
    ///   - kind: modification time (the default) or access time.
    ///   - now: the moment ages are measured from.
    /// - Throws: as ``clear(_:progress:)``.
    public static func clean(
        _ path: String, olderThan age: TimeInterval = oneWeek, by kind: TimeKind = .modification,
        now: Date = Date(), progress: (@Sendable (Progress) -> Void)? = nil
    ) async throws -> Summary {
        try prepare(path)
        let cutoff = now.timeIntervalSince1970 - age
        var sweep = Sweep(
            path: path, progress: progress,
            shouldRemove: { info in Platform.seconds(of: info, access: kind == .access) < cutoff },
            removesFolders: false)
        try sweep.run()
        return sweep.summary
    }

    /// Checks that `path` is a writable folder, creating it when it is missing.
    private static func prepare(_ path: String) throws {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw CacheError.from(errno: errno, path: path) }
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw CacheError.notWritable(path, reason: "it is missing and cannot be created")
            }
            return
        }
        guard DirectoryWalker.isDirectory(info.st_mode) else { throw CacheError.notAFolder(path) }
        guard access(path, W_OK) == 0 else { throw CacheError.from(errno: errno, path: path) }
    }
}

/// One pass of removals over a folder tree.
private struct Sweep {
    let path: String
    let progress: (@Sendable (FolderCleaner.Progress) -> Void)?
    let shouldRemove: (stat) -> Bool
    let removesFolders: Bool
    var summary = FolderCleaner.Summary()
    var done = 0
    var total = 0

    static let reportInterval = 256

    init(
        path: String, progress: (@Sendable (FolderCleaner.Progress) -> Void)?, shouldRemove: @escaping (stat) -> Bool,
        removesFolders: Bool
    ) {
        self.path = path
        self.progress = progress
        self.shouldRemove = shouldRemove
        self.removesFolders = removesFolders
    }

    mutating func run() throws {
        if let progress {
            total = try DirectorySize.measureSynchronously(path).fileCount
            progress(FolderCleaner.Progress(done: 0, total: total))
        }
        // O_NOFOLLOW: a symlink swapped in after `prepare` looked must not redirect the sweep.
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw CacheError.from(errno: errno, path: path) }
        try sweep(folder: fd)  // takes ownership of fd
        progress?(FolderCleaner.Progress(done: max(done, total), total: max(done, total)))
    }

    /// Removes what it should inside the open folder `fd`, then closes it.
    private mutating func sweep(folder fd: Int32) throws {
        guard let directory = fdopendir(fd) else {
            close(fd)
            summary.skipped += 1
            return
        }
        defer { closedir(directory) }
        let folderFD = dirfd(directory)
        var names: [String] = []
        while let entry = readdir(directory) {
            if Platform.isDotOrDotDot(entry) { continue }
            names.append(Platform.name(of: entry))
        }
        for name in names {
            try Task.checkCancellation()
            var info = stat()
            guard fstatat(folderFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                summary.skipped += 1  // gone already
                continue
            }
            if DirectoryWalker.isDirectory(info.st_mode) {
                let child = openat(folderFD, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else {
                    summary.skipped += 1
                    continue
                }
                try sweep(folder: child)
                if removesFolders, unlinkat(folderFD, name, AT_REMOVEDIR) != 0, errno != ENOENT {
                    summary.skipped += 1  // not empty: something was written meanwhile, or a file resisted
                }
                continue
            }
            let isFile = DirectoryWalker.isRegular(info.st_mode)
            if isFile { done += 1 }
            if shouldRemove(info) {
                if unlinkat(folderFD, name, 0) == 0 {
                    if isFile {
                        summary.removedFiles += 1
                        summary.freedBytes += UInt64(max(0, info.st_size))
                    }
                } else if errno != ENOENT {
                    summary.skipped += 1
                }
            }
            if let progress, done % Self.reportInterval == 0 {
                progress(FolderCleaner.Progress(done: done, total: max(done, total)))
            }
        }
    }
}
