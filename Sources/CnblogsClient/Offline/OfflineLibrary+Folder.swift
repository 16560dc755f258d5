import BasicStore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OfflineLibrary {
    /// The platform's folder for an application's data: `$XDG_DATA_HOME/<name>`, else
    /// `~/.local/share/<name>` on Linux; `~/Library/Application Support/<name>` on Apple platforms.
    ///
    /// ```swift
    /// let library = try OfflineLibrary(folder: OfflineLibrary.defaultFolder(named: "bsl"))
    /// ```
    ///
    /// - Parameter environment: where `XDG_DATA_HOME` and `HOME` are read (the process's by default).
    public static func defaultFolder(
        named name: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        Platform.applicationDataFolder(named: name, environment: environment)
    }

    /// Creates `folder` (owner-only) when missing; fails when it is a file.
    static func prepareFolder(_ folder: URL) throws(CnblogsError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .library(path: folder.path, reason: "it is a file, not a folder; give another --library path")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .library(path: folder.path, reason: "cannot create the folder (\(error.localizedDescription))")
        }
    }

    /// The library's key: read from `keyFile`, or made and written there (mode 600) when
    /// neither it nor the store exists yet.
    ///
    /// The key is written to a temporary file, flushed, then linked to its name, so a key file
    /// is either absent or whole: two processes creating a library at once end with one key,
    /// and a process killed while writing leaves no torn key behind. A key file that is there
    /// is never replaced (another process may have just sealed a store with it).
    static func loadOrCreateKey(keyFile: URL, store: URL) throws(CnblogsError) -> [UInt8] {
        let hasStore = FileManager.default.fileExists(atPath: store.path)
        var status = stat()
        if lstat(keyFile.path, &status) == 0 { return try readKey(keyFile, hasStore: hasStore) }
        if hasStore { throw missingKey(keyFile, store: store) }
        let key = try newKey()
        let temporary = keyFile.path + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw .library(
                path: keyFile.path, reason: "cannot create the key file: \(String(cString: strerror(errno)))")
        }
        defer { unlink(temporary) }
        let written = key.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = written == key.count && fsync(descriptor) == 0
        let writeError = errno
        close(descriptor)
        guard synced else {
            throw .library(
                path: keyFile.path, reason: "cannot write the key file: \(String(cString: strerror(writeError)))")
        }
        // link() fails with EEXIST when another process made the key first: use that one. A
        // file system without hard links (FAT, some network mounts) gets an exclusive create.
        if link(temporary, keyFile.path) != 0 {
            let linkError = errno
            if linkError == EEXIST { return try readKey(keyFile, hasStore: false) }
            guard linkError == EPERM || linkError == ENOTSUP || linkError == EOPNOTSUPP else {
                throw .library(
                    path: keyFile.path, reason: "cannot create the key file: \(String(cString: strerror(linkError)))")
            }
            return try writeExclusively(key, to: keyFile)
        }
        syncFolder(keyFile.deletingLastPathComponent())
        return key
    }

    /// The key of an existing library, for a read-only open, which never makes one.
    static func readKey(_ keyFile: URL, store: URL) throws(CnblogsError) -> [UInt8] {
        var status = stat()
        if lstat(keyFile.path, &status) != 0 && errno == ENOENT { throw missingKey(keyFile, store: store) }
        return try readKey(keyFile, hasStore: true)
    }

    /// The error for a store whose key file is gone.
    private static func missingKey(_ keyFile: URL, store: URL) -> CnblogsError {
        .library(
            path: keyFile.path,
            reason: "the key file is missing, so the saved articles in \(store.lastPathComponent) cannot be read; "
                + "restore the key file, or move the library folder away to start a new one")
    }

    /// Throws when the store file is empty (0 bytes): a library opened read-only then has
    /// nothing to show, and saying "no saved articles" could hide a truncated store. (An empty
    /// store whose write-ahead log is not empty is left to the store, which refuses it as
    /// truncated.)
    static func checkNotEmpty(_ store: URL) throws(CnblogsError) {
        var status = stat()
        guard stat(store.path, &status) == 0, status.st_size == 0 else { return }
        var log = stat()
        if stat(store.path + "-wal", &log) == 0 && log.st_size > 0 { return }
        throw .library(
            path: store.path,
            reason: "the store is empty (0 bytes) although the key file is there: no article was saved in it, "
                + "or it was truncated; restore \(store.lastPathComponent) from a backup if articles were saved, "
                + "or save an article to start the library again")
    }

    /// "permission denied", with the owner and mode of `url` when they can be read, and what to do.
    static func permissionDenied(_ url: URL) -> String {
        var status = stat()
        let owner =
            stat(url.path, &status) == 0
            ? " (it belongs to uid \(status.st_uid), mode \(String(status.st_mode & 0o777, radix: 8)))" : ""
        return
            "permission denied\(owner); run as the user who saved the articles, or give --library a folder of your own"
    }

    /// Writes `key` to a new `keyFile` (mode 600), or reads the one another process made first.
    private static func writeExclusively(_ key: [UInt8], to keyFile: URL) throws(CnblogsError) -> [UInt8] {
        let descriptor = open(keyFile.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return try readKey(keyFile, hasStore: false) }
            throw .library(
                path: keyFile.path, reason: "cannot create the key file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = key.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == key.count, fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(keyFile.path)
            throw .library(path: keyFile.path, reason: "cannot write the key file: \(reason)")
        }
        return key
    }

    /// 32 fresh random bytes.
    private static func newKey() throws(CnblogsError) -> [UInt8] {
        do throws(StoreError) {
            guard case .raw(let bytes) = try StoreKey.randomRaw() else {
                // randomRaw always answers a raw key; this is for the type checker.
                throw .cryptoFailure(message: "no raw key was generated")
            }
            return bytes
        } catch {
            throw .storage(error)
        }
    }

    /// Flushes a folder's entries (the new key file's name) to disk; best effort.
    private static func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The size of the library's AES-256 key.
    enum CipherKeySize {
        static let bytes = 32
    }

    /// Reads the 32-byte key, refusing a key file others may read (as ssh refuses such a private key).
    static func readKey(_ keyFile: URL, hasStore: Bool) throws(CnblogsError) -> [UInt8] {
        var status = stat()
        guard stat(keyFile.path, &status) == 0 else {
            let error = errno
            throw .library(
                path: keyFile.path,
                reason: error == EACCES || error == EPERM
                    ? permissionDenied(keyFile.deletingLastPathComponent())
                    : "cannot read the key file: \(String(cString: strerror(error)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .library(path: keyFile.path, reason: "the key file is not a regular file")
        }
        let mode = status.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw .library(
                path: keyFile.path,
                reason: "the key file may be read by others (mode \(String(mode, radix: 8))); "
                    + "run `chmod 600 \(keyFile.path)`")
        }
        // One byte more than a key, to tell a longer file.
        var data = [UInt8](repeating: 0, count: CipherKeySize.bytes + 1)
        let descriptor = open(keyFile.path, O_RDONLY | O_CLOEXEC)
        let count = descriptor >= 0 ? read(descriptor, &data, data.count) : -1
        let readError = errno
        if descriptor >= 0 { close(descriptor) }
        guard count >= 0 else {
            throw .library(
                path: keyFile.path,
                reason: readError == EACCES || readError == EPERM
                    ? permissionDenied(keyFile) : "cannot read the key file: \(String(cString: strerror(readError)))")
        }
        data.removeSubrange(count...)
        guard data.count == CipherKeySize.bytes else {
            let advice =
                hasStore
                ? "restore it from a backup" : "no articles were saved with it yet: delete it to start a new library"
            throw .library(
                path: keyFile.path,
                reason: "the key file holds \(max(Int(status.st_size), data.count)) bytes, not 32; \(advice)")
        }
        return data
    }
}
