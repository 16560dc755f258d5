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
/// let summary = try await FolderCleaner.clear(URL(fileURLWithPath: "/var/cache/reader")) { progress in
///     print("\(progress.done)/\(progress.total)")
/// }
/// print("cleared \(summary.removedFiles) files, \(ByteCount(summary.freedBytes)) freed")
/// ```
///
/// Safe by construction, whoever calls it:
/// - The folder must exist (nothing is created) and pass a ``DeletionPolicy`` (``DeletionPolicy/current``
///   unless another is given): `/`, the home folder, the folders that hold it and the system
///   folders are refused, after `..` and symbolic links are resolved, and also when they are
///   reached by another name (a bind mount). Nothing overrides the refusal of `/`.
/// - It never leaves the folder's file system (as `rm --one-file-system` and `du -x`): a mount
///   point inside, another file system or a bind mount, is left alone with all it holds and named
///   in ``Summary/mountPoints``.
/// - It never follows a symbolic link: the folder is opened one path component at a time with
///   `O_NOFOLLOW`, and everything inside through `openat`, `fstatat` and `unlinkat` relative to
///   its open parent; a link inside is removed as a link, its target untouched.
/// - A dry run (`dryRun: true`) walks the same way and reports what would go, removing nothing.
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

    /// What a removal did (or, in a dry run, would do).
    public struct Summary: Sendable, Hashable {
        /// Files removed.
        public var removedFiles = 0
        /// The sum of the removed files' sizes.
        public var freedBytes: UInt64 = 0
        /// Entries that vanished or could not be removed.
        public var skipped = 0
        /// Mount points inside the folder that were left alone, with everything on them: their
        /// paths, the folder's path as given followed by the names inside it.
        public var mountPoints: [String] = []

        /// An empty summary: nothing removed.
        public init() {}
    }

    /// One entry that a removal takes away (or, in a dry run, would).
    public struct Removal: Sendable, Hashable {
        /// Its path: the folder's path as given followed by the names inside it.
        public var path: String
        /// Its size, for a regular file; 0 for anything else.
        public var bytes: UInt64
        /// Whether it is a folder (removed after what it held).
        public var isFolder: Bool

        /// Creates a removal report.
        public init(path: String, bytes: UInt64, isFolder: Bool) {
            self.path = path
            self.bytes = bytes
            self.isFolder = isFolder
        }
    }

    /// Which time of a file ``clean(_:olderThan:by:now:policy:dryRun:progress:removing:)`` compares.
    public enum TimeKind: String, Sendable, CaseIterable {
        /// The last change of its contents (`st_mtime`), SDWebImage's default.
        case modification
        /// The last read (`st_atime`); file systems mounted `noatime` do not keep it.
        case access
    }

    /// A week, SDWebImage's default age for ``clean(_:olderThan:by:now:policy:dryRun:progress:removing:)``.
    public static let oneWeek: TimeInterval = 7 * 24 * 3600

    /// Removes everything inside the existing folder `folder` and leaves it empty. Files other
    /// tasks write meanwhile may stay or go, never half.
    ///
    /// - Parameters:
    ///   - policy: which folders are refused; ``DeletionPolicy/current`` by default.
    ///   - dryRun: walk and report what would go, removing nothing.
    ///   - progress: called now and then with files done and the total, which takes one more walk
    ///     to count; pass nothing to skip it.
    ///   - removing: called for each entry removed (or, in a dry run, that would be), a folder
    ///     after what it holds; entries of one folder come in name order when it is given.
    /// - Throws: ``CacheError/refused(_:)`` for a folder the policy protects,
    ///   ``CacheError/noSuchFolder(_:)``, ``CacheError/notAFolder(_:)`` for a file,
    ///   ``CacheError/symbolicLink(_:target:)``, ``CacheError/notWritable(_:reason:)`` when it
    ///   cannot be changed, ``CacheError/cancelled(_:)`` when the task is cancelled (what was
    ///   removed by then stays removed), ``CacheError/notAFileURL(_:)``.
    /// - Complexity: O(*n*) in the entries inside, one `fstatat` and one `unlinkat` each.
    public static func clear(
        _ folder: URL, policy: DeletionPolicy = .current, dryRun: Bool = false,
        progress: (@Sendable (Progress) -> Void)? = nil, removing: (@Sendable (Removal) -> Void)? = nil
    ) async throws(CacheError) -> Summary {
        try clear(
            path: try CacheError.path(of: folder), policy: policy, dryRun: dryRun, progress: progress,
            removing: removing)
    }

    /// What ``clear(_:policy:dryRun:progress:removing:)`` does, for a path: reports name the
    /// path as given.
    static func clear(
        path: String, policy: DeletionPolicy, dryRun: Bool, progress: (@Sendable (Progress) -> Void)?,
        removing: (@Sendable (Removal) -> Void)?
    ) throws(CacheError) -> Summary {
        var sweep = Sweep(
            path: path, progress: progress, removing: removing, isDryRun: dryRun, shouldRemove: { _ in true },
            removesFolders: true)
        try sweep.run(policy: policy, operation: .clear)
        return sweep.summary
    }

    /// Removes the files inside the existing folder `folder` whose time is older than `age`
    /// seconds, keeping folders.
    ///
    /// - Parameters:
    ///   - age: how old a file must be to go; a week by default.
    ///   - kind: modification time (the default) or access time.
    ///   - now: the moment ages are measured from.
    ///   - policy, dryRun, progress, removing: as ``clear(_:policy:dryRun:progress:removing:)``.
    /// - Throws: as ``clear(_:policy:dryRun:progress:removing:)``.
    public static func clean(
        _ folder: URL, olderThan age: TimeInterval = oneWeek, by kind: TimeKind = .modification,
        now: Date = Date(), policy: DeletionPolicy = .current, dryRun: Bool = false,
        progress: (@Sendable (Progress) -> Void)? = nil, removing: (@Sendable (Removal) -> Void)? = nil
    ) async throws(CacheError) -> Summary {
        try clean(
            path: try CacheError.path(of: folder), olderThan: age, by: kind, now: now, policy: policy, dryRun: dryRun,
            progress: progress, removing: removing)
    }

    /// What ``clean(_:olderThan:by:now:policy:dryRun:progress:removing:)`` does, for a path.
    static func clean(
        path: String, olderThan age: TimeInterval, by kind: TimeKind, now: Date, policy: DeletionPolicy,
        dryRun: Bool, progress: (@Sendable (Progress) -> Void)?, removing: (@Sendable (Removal) -> Void)?
    ) throws(CacheError) -> Summary {
        let cutoff = now.timeIntervalSince1970 - age
        var sweep = Sweep(
            path: path, progress: progress, removing: removing, isDryRun: dryRun,
            shouldRemove: { info in Platform.seconds(of: info, access: kind == .access) < cutoff },
            removesFolders: false)
        try sweep.run(policy: policy, operation: .clean)
        return sweep.summary
    }
}

/// One pass of removals over a folder tree.
private struct Sweep {
    let path: String
    let progress: (@Sendable (FolderCleaner.Progress) -> Void)?
    let removing: (@Sendable (FolderCleaner.Removal) -> Void)?
    let isDryRun: Bool
    let shouldRemove: (stat) -> Bool
    let removesFolders: Bool
    var summary = FolderCleaner.Summary()
    var done = 0
    var total = 0
    /// The device of the folder being swept: nothing on another is touched.
    var device: UInt64 = 0

    static let reportInterval = 256

    init(
        path: String, progress: (@Sendable (FolderCleaner.Progress) -> Void)?,
        removing: (@Sendable (FolderCleaner.Removal) -> Void)?, isDryRun: Bool, shouldRemove: @escaping (stat) -> Bool,
        removesFolders: Bool
    ) {
        self.path = path
        self.progress = progress
        self.removing = removing
        self.isDryRun = isDryRun
        self.shouldRemove = shouldRemove
        self.removesFolders = removesFolders
    }

    mutating func run(policy: DeletionPolicy, operation: DeletionPolicy.Operation) throws(CacheError) {
        let folder = try policy.openFolder(path, for: operation)
        device = folder.device
        if !isDryRun, access(folder.resolved, W_OK) != 0 {
            let code = errno
            close(folder.descriptor)
            throw CacheError.from(errno: code, path: path)
        }
        if let progress {
            do {
                total = try DirectorySize.measureSynchronously(path: folder.resolved).fileCount
            } catch {
                close(folder.descriptor)
                throw error
            }
            progress(FolderCleaner.Progress(done: 0, total: total))
        }
        let shown = path.count > 1 && path.hasSuffix("/") ? DeletionPolicy.withoutTrailingSlashes(path) : path
        _ = try sweep(folder: folder.descriptor, path: shown)  // takes ownership of the descriptor
        progress?(FolderCleaner.Progress(done: max(done, total), total: max(done, total)))
    }

    /// Removes what it should inside the open folder `fd` (shown as `path`), then closes it.
    ///
    /// - Returns: whether anything inside was kept (not to be removed, left alone, or resisting).
    private mutating func sweep(folder fd: Int32, path: String) throws(CacheError) -> Bool {
        guard let directory = fdopendir(fd) else {
            close(fd)
            summary.skipped += 1
            return true
        }
        defer { closedir(directory) }
        let folderFD = dirfd(directory)
        var names: [String] = []
        while let entry = readdir(directory) {
            if Platform.isDotOrDotDot(entry) { continue }
            names.append(Platform.name(of: entry))
        }
        if removing != nil { names.sort() }
        var kept = false
        for name in names {
            if Task.isCancelled { throw .cancelled(self.path) }
            var info = stat()
            guard fstatat(folderFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                summary.skipped += 1  // gone already
                continue
            }
            if UInt64(info.st_dev) != device {
                // Another file system is mounted here (or a file bound onto this name): not ours.
                summary.mountPoints.append(path + "/" + name)
                kept = true
                continue
            }
            if DirectoryWalker.isDirectory(info.st_mode) {
                if try sweep(subfolder: name, info, in: folderFD, path: path) { kept = true }
                continue
            }
            let isFile = DirectoryWalker.isRegular(info.st_mode)
            if isFile { done += 1 }
            if shouldRemove(info) {
                if isDryRun || unlinkat(folderFD, name, 0) == 0 {
                    if isFile {
                        summary.removedFiles += 1
                        summary.freedBytes += UInt64(max(0, info.st_size))
                    }
                    if let removing {
                        let bytes = isFile ? UInt64(max(0, info.st_size)) : 0
                        removing(.init(path: path + "/" + name, bytes: bytes, isFolder: false))
                    }
                } else if errno != ENOENT {
                    summary.skipped += 1
                    kept = true
                }
            } else {
                kept = true
            }
            if let progress, done % Self.reportInterval == 0 {
                progress(FolderCleaner.Progress(done: done, total: max(done, total)))
            }
        }
        return kept
    }

    /// Sweeps the subfolder `name` of `folderFD`, which `fstatat` saw as `info`, and removes it
    /// when clearing; a mount point, or a folder swapped for another since `fstatat`, is left alone.
    ///
    /// - Returns: whether the subfolder stays.
    private mutating func sweep(subfolder name: String, _ info: stat, in folderFD: Int32, path: String)
        throws(CacheError) -> Bool
    {
        let child = openat(folderFD, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard child >= 0 else {
            summary.skipped += 1  // gone, unreadable, or replaced by a symlink
            return true
        }
        var opened = stat()
        guard fstat(child, &opened) == 0, opened.st_dev == info.st_dev, opened.st_ino == info.st_ino else {
            close(child)
            summary.skipped += 1  // replaced meanwhile
            return true
        }
        let childPath = path + "/" + name
        if Platform.isMountRoot(child) {
            // A bind mount of this same file system: st_dev alone does not show it.
            close(child)
            summary.mountPoints.append(childPath)
            return true
        }
        let keptInside = try sweep(folder: child, path: childPath)
        guard removesFolders else { return true }
        guard !keptInside else { return true }  // not empty: no use trying to remove it
        if isDryRun || unlinkat(folderFD, name, AT_REMOVEDIR) == 0 {
            removing?(.init(path: childPath, bytes: 0, isFolder: true))
            return false
        }
        if errno == ENOENT { return false }
        summary.skipped += 1  // not empty: something was written meanwhile
        return true
    }
}
