import Foundation

#if canImport(Glibc)
    import Glibc  // realpath, lstat, stat, openat, getpwuid: POSIX, which Linux has in Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension DeletionPolicy {
    /// The policy for the running process: its home folder from `HOME` and from the user database
    /// (both, when they differ), each also as its real path.
    public static var current: DeletionPolicy {
        var homes: [String] = []
        if let home = ProcessInfo.processInfo.environment["HOME"], home.hasPrefix("/") { homes.append(home) }
        if let home = userDatabaseHome(), home.hasPrefix("/") { homes.append(home) }
        homes += homes.compactMap(realPath)
        var seen: Set<String> = []
        return DeletionPolicy(homes: homes.map(normalized).filter { seen.insert($0).inserted })
    }

    /// Resolves `path` and checks that it may be cleared or cleaned: the real path of an existing
    /// folder that is not a symbolic link, not refused by ``refusal(for:operation:)``, and not the
    /// same folder (device and inode) as any of ``protectedFolders``. Reads the file system,
    /// changes nothing.
    ///
    /// ```swift
    /// let folder = try DeletionPolicy.current.checkedFolder("/tmp/x/link")   // its real path
    /// ```
    ///
    /// Takes the path's text, as ``refusal(for:operation:)`` does, so that messages name it as
    /// written; ``checkedFolder(_:for:)-(URL,_)`` takes a URL.
    ///
    /// - Returns: the folder's real path.
    /// - Throws: ``CacheError/refused(_:)``, ``CacheError/noSuchFolder(_:)``,
    ///   ``CacheError/notAFolder(_:)``, ``CacheError/symbolicLink(_:target:)``, or another
    ///   ``CacheError`` from the file system.
    public func checkedFolder(_ path: String, for operation: Operation = .clear) throws(CacheError) -> String {
        let resolved = try resolvedFolder(path, for: operation)
        var info = stat()
        guard stat(resolved, &info) == 0 else { throw CacheError.from(errno: errno, path: path) }
        try checkIdentity(of: info, path: path, operation: operation)
        return resolved
    }

    /// The folder at the file URL `folder`, checked as ``checkedFolder(_:for:)-(String,_)`` checks
    /// its path; the folder's real location.
    ///
    /// ```swift
    /// let folder = try DeletionPolicy.current.checkedFolder(URL(fileURLWithPath: "/tmp/x/link"))
    /// ```
    ///
    /// - Throws: as ``checkedFolder(_:for:)-(String,_)``; ``CacheError/notAFileURL(_:)``.
    public func checkedFolder(_ folder: URL, for operation: Operation = .clear) throws(CacheError) -> URL {
        URL(fileURLWithPath: try checkedFolder(try CacheError.path(of: folder), for: operation), isDirectory: true)
    }

    /// Opens the folder that ``checkedFolder(_:for:)`` approves, one path component at a time and
    /// never through a symbolic link, and checks the open folder's identity again: what is opened
    /// is what was checked, even if the path changes meanwhile.
    ///
    /// - Returns: the open folder (the caller closes it), its real path, and its device.
    func openFolder(_ path: String, for operation: Operation) throws(CacheError) -> (
        descriptor: Int32, resolved: String, device: UInt64
    ) {
        let resolved = try resolvedFolder(path, for: operation)
        var descriptor = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CacheError.from(errno: errno, path: "/") }
        for component in resolved.split(separator: "/") {
            let next = openat(descriptor, String(component), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            close(descriptor)
            guard next >= 0 else {
                if code == ELOOP || code == ENOTDIR || code == ENOENT {
                    throw CacheError.fileSystem(
                        path,
                        reason: "it changed while it was being checked (\(resolved) moved or became a link); try again")
                }
                throw CacheError.from(errno: code, path: path)
            }
            descriptor = next
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw CacheError.from(errno: code, path: path)
        }
        do {
            try checkIdentity(of: info, path: path, operation: operation)
        } catch {
            close(descriptor)
            throw error
        }
        return (descriptor, resolved, UInt64(info.st_dev))
    }

    /// The real path of `path`, checked by name: exists, is refused by nothing, is a folder and is
    /// not itself a symbolic link.
    private func resolvedFolder(_ path: String, for operation: Operation) throws(CacheError) -> String {
        guard let resolved = Self.realPath(path) else {
            let code = errno
            if code == ENOENT || path.isEmpty { throw CacheError.noSuchFolder(path) }
            throw CacheError.from(errno: code, path: path)
        }
        // Judge the real path, but name the path as given in the message.
        if let reason = reason(forNormalized: Self.normalized(resolved)) {
            throw CacheError.refused(Refusal(path: path, folder: resolved, reason: reason, operation: operation))
        }
        var info = stat()
        guard lstat(Self.withoutTrailingSlashes(path), &info) == 0 else {
            throw CacheError.from(errno: errno, path: path)
        }
        if info.st_mode & S_IFMT == S_IFLNK { throw CacheError.symbolicLink(path, target: resolved) }
        guard lstat(resolved, &info) == 0 else { throw CacheError.from(errno: errno, path: path) }
        guard DirectoryWalker.isDirectory(info.st_mode) else { throw CacheError.notAFolder(path) }
        return resolved
    }

    /// Throws when `info` (a folder's `stat`) is the same folder as one of ``protectedFolders``.
    private func checkIdentity(of info: stat, path: String, operation: Operation) throws(CacheError) {
        for folder in protectedFolders {
            var protected = stat()
            guard stat(folder, &protected) == 0, protected.st_dev == info.st_dev, protected.st_ino == info.st_ino
            else { continue }
            let reason = reason(forNormalized: folder) ?? .systemFolder(folder)
            throw CacheError.refused(
                Refusal(path: path, folder: folder, reason: reason, operation: operation, isSameFolderByIdentity: true))
        }
    }

    /// The home folder of the user running the process, from the user database. `getpwuid_r`,
    /// not `getpwuid`, whose shared buffer two cleaners on two threads would overwrite.
    static func userDatabaseHome() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var size = 16_384
        while size <= 1 << 20 {
            let home: String?? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: size) { buffer in
                guard let base = buffer.baseAddress else { return .some(nil) }
                let status = getpwuid_r(getuid(), &entry, base, size, &result)
                if status == ERANGE { return .none }  // try a larger buffer
                guard status == 0, result != nil, let directory = entry.pw_dir else { return .some(nil) }
                return .some(String(cString: directory))
            }
            if let home { return home }
            size *= 4
        }
        return nil
    }

    /// `realpath(3)`: the absolute path with every symbolic link, `.` and `..` resolved, or nil
    /// (with `errno` set) when it cannot be resolved.
    static func realPath(_ path: String) -> String? {
        guard !path.isEmpty, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func withoutTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
