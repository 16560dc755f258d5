#if canImport(Glibc)
    import Glibc  // openat, fdopendir, readdir, fstatat, unlinkat: POSIX, which Linux has in Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder walk behind ``DirectorySize``: `openat`, `fdopendir`, `readdir` and `fstatat`,
/// one file descriptor per level of the folder being walked.
enum DirectoryWalker {
    /// What a walk of some subtrees found, with the multiply-linked files kept apart so that
    /// walks of separate subtrees can be combined without counting a file twice.
    struct Partial: Sendable {
        var size = DirectorySize()
        /// Files with more than one hard link: (device, inode) → (bytes, allocated).
        var linked: [FileID: (UInt64, UInt64)] = [:]
    }

    struct FileID: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    /// The top of a walk: the size of what sits directly in it, and its subfolders' paths.
    struct Top: Sendable {
        var size = DirectorySize()
        var partial = Partial()
        var subfolders: [String] = []
    }

    static let cancellationCheckInterval = 4096

    /// Measures the top of `path`: a missing path is empty, a file is itself, a folder's direct
    /// files are counted and its subfolders listed for the workers.
    static func measureTop(_ path: String, isCancelled: () -> Bool) throws(CacheError) -> Top {
        var top = Top()
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno != ENOENT { top.size.skipped = 1 }
            return top
        }
        if isRegular(info.st_mode) {
            add(info, to: &top.partial)
            top.size = top.partial.size
            return top
        }
        guard isDirectory(info.st_mode) else { return top }
        var counter = 0
        try walkFolder(
            at: AT_FDCWD, name: path, top: path, into: &top.partial, counter: &counter, isCancelled: isCancelled
        ) {
            subfolder in
            top.subfolders.append(path.hasSuffix("/") ? path + subfolder : path + "/" + subfolder)
            return false  // the workers walk it
        }
        top.size = top.partial.size
        return top
    }

    /// Walks whole subtrees of the walk of `top`.
    static func walk(_ folders: [String], of top: String, isCancelled: () -> Bool) throws(CacheError) -> Partial {
        var partial = Partial()
        var counter = 0
        for folder in folders {
            try walkFolder(
                at: AT_FDCWD, name: folder, top: top, into: &partial, counter: &counter, isCancelled: isCancelled
            ) {
                _ in
                true
            }
        }
        return partial
    }

    /// Adds up the top and the workers' results, counting each multiply-linked file once.
    static func combine(top: Top, _ partials: [Partial]) -> DirectorySize {
        var size = top.partial.size
        var linked = top.partial.linked
        for partial in partials {
            size.fileCount += partial.size.fileCount
            size.folderCount += partial.size.folderCount
            size.skipped += partial.size.skipped
            size.logicalBytes += partial.size.logicalBytes
            size.allocatedBytes += partial.size.allocatedBytes
            for (id, bytes) in partial.linked where linked.updateValue(bytes, forKey: id) != nil {
                // Seen by another walk too: take it back out once.
                size.fileCount -= 1
                size.logicalBytes -= bytes.0
                size.allocatedBytes -= bytes.1
            }
        }
        return size
    }

    /// Walks the folder `name` (relative to `parent`), adding its files; `descend` says for each
    /// subfolder name whether to walk into it now. A cancellation names `top`, the walk's folder.
    private static func walkFolder(
        at parent: Int32, name: String, top: String, into partial: inout Partial, counter: inout Int,
        isCancelled: () -> Bool, descend: (String) -> Bool
    ) throws(CacheError) {
        let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            partial.size.skipped += 1  // vanished, unreadable, or replaced by a symlink
            return
        }
        guard let directory = fdopendir(fd) else {
            close(fd)
            partial.size.skipped += 1
            return
        }
        defer { closedir(directory) }
        partial.size.folderCount += 1
        let folderFD = dirfd(directory)
        var subfolders: [String] = []
        while let entry = readdir(directory) {
            counter += 1
            if counter % cancellationCheckInterval == 0, isCancelled() { throw .cancelled(top) }
            if Platform.isDotOrDotDot(entry) { continue }
            var info = stat()
            let status = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { name in
                    fstatat(folderFD, name, &info, AT_SYMLINK_NOFOLLOW)
                }
            }
            guard status == 0 else {
                partial.size.skipped += 1  // deleted while we walked
                continue
            }
            if isRegular(info.st_mode) {
                add(info, to: &partial)
            } else if isDirectory(info.st_mode) {
                let childName = Platform.name(of: entry)
                if descend(childName) { subfolders.append(childName) }
            }
        }
        for child in subfolders {
            try walkFolder(
                at: folderFD, name: child, top: top, into: &partial, counter: &counter, isCancelled: isCancelled,
                descend: descend)
        }
    }

    private static func add(_ info: stat, to partial: inout Partial) {
        let bytes = UInt64(max(0, info.st_size))
        let allocated = UInt64(max(0, info.st_blocks)) * 512
        if info.st_nlink > 1 {
            let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            guard partial.linked.updateValue((bytes, allocated), forKey: id) == nil else { return }
        }
        partial.size.fileCount += 1
        partial.size.logicalBytes += bytes
        partial.size.allocatedBytes += allocated
    }

    static func isRegular(_ mode: mode_t) -> Bool { mode & S_IFMT == S_IFREG }
    static func isDirectory(_ mode: mode_t) -> Bool { mode & S_IFMT == S_IFDIR }
}
