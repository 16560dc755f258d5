import CSQLite
import Foundation

#if canImport(Glibc)
    import Glibc  // open, fstat, access, statvfs: POSIX, which Linux has in Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the file system says about a store's file, asked where SQLite's own answer would not say
/// which file failed or why: before a read-only open, and after an open that failed.
enum StoreFile {
    /// Below this much free space an I/O error at open is taken for a full disk: SQLite needs
    /// 32 KiB for the WAL index and more for the log.
    static let nearlyFullBytes: UInt64 = 256 * 1024

    /// The size of the regular file at `path`, or nil when there is none.
    static func size(_ path: String) -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(status.st_size)
    }

    /// Throws when the file cannot be opened for reading: there is none, this user may not read
    /// it, it is a folder, or it is empty (``StoreError/emptyFile(path:)``).
    static func checkReadable(_ path: String) throws(StoreError) {
        switch inspect(path) {
        case .problem(let error): throw error
        case .missing: throw StoreError.cannotOpen(path: path, reason: reason(ENOENT, path: path))
        case .file(let size) where size == 0:
            try checkNotTruncated(path)
            throw StoreError.emptyFile(path: path)
        case .file: break
        }
    }

    /// What opening `path` for reading finds.
    enum Inspection {
        /// A regular file of this many bytes, which this user may read.
        case file(size: Int64)
        /// No file (the folder may not exist either).
        case missing
        /// ``StoreError/cannotOpen(path:reason:)`` saying why it cannot be read.
        case problem(StoreError)
    }

    /// Opens `path` for reading, to see whether it exists, is a regular file and may be read.
    static func inspect(_ path: String) -> Inspection {
        // O_NONBLOCK: opening a FIFO someone named by mistake must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let error = errno
            return error == ENOENT ? .missing : .problem(.cannotOpen(path: path, reason: reason(error, path: path)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            return .problem(.cannotOpen(path: path, reason: reason(errno, path: path)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file(size: Int64(status.st_size))
        case S_IFDIR: return .problem(.cannotOpen(path: path, reason: reason(EISDIR, path: path)))
        default: return .problem(.cannotOpen(path: path, reason: "it is not a regular file; check the path"))
        }
    }

    /// Throws ``StoreError/notAStoreFile(path:reason:)`` when the file is empty but its
    /// write-ahead log is not: the file was truncated (a store's file is never empty once its
    /// log has been written), and opening it would let SQLite delete the log, which may hold the
    /// last committed values.
    static func checkNotTruncated(_ path: String) throws(StoreError) {
        guard size(path) == 0, let logSize = size(path + "-wal"), logSize > 0 else { return }
        throw StoreError.notAStoreFile(
            path: path,
            reason: "it is empty (0 bytes) but its write-ahead log \(path)-wal holds \(logSize) bytes, "
                + "so it was truncated; keep both files")
    }

    /// Why `path` could not be opened, from the `errno` of the failed call, and what to do.
    static func reason(_ error: Int32, path: String) -> String {
        switch error {
        case ENOENT:
            return "there is no such file; check the path"
        case EACCES, EPERM:
            var status = stat()
            if stat(path, &status) == 0 {
                let mode = String(status.st_mode & 0o777, radix: 8)
                return "permission denied (it belongs to uid \(status.st_uid), mode \(mode)); "
                    + "run as the user who owns it, or give a path of your own"
            }
            return "permission denied (its folder \(folder(of: path)) cannot be entered by this user); "
                + "run as the user who owns it, or give a path of your own"
        case EISDIR:
            return "it is a folder, not a store file; check the path"
        case ENOTDIR:
            return "a part of the path is a file, not a folder; check the path"
        default:
            return "\(String(cString: strerror(error))); check the path and its permissions"
        }
    }

    /// A more exact error for an open (read-write) that failed with SQLite's generic "unable to
    /// open" or "disk I/O error": the file or its folder cannot be read, written, or found, or
    /// the disk is full. Any other error is answered as it is.
    static func diagnose(_ error: StoreError, path: String) -> StoreError {
        guard case .sqlite(_, let code, _, _) = error, code & 0xff == SQLITE_CANTOPEN || code & 0xff == SQLITE_IOERR
        else { return error }
        let folder = folder(of: path)
        switch inspect(path) {
        case .problem(let problem): return problem
        case .missing where access(folder, F_OK) != 0 && errno == ENOENT:
            return .cannotOpen(path: path, reason: "its folder \(folder) does not exist; create it, or check the path")
        case .missing, .file: break
        }
        for target in [folder, path] where access(target, W_OK) != 0 && (errno == EROFS || errno == EACCES) {
            return .readOnly(path: path)
        }
        var volume = statvfs()
        if statvfs(folder, &volume) == 0 {
            // Root may use the blocks kept back for it; others only the available ones.
            let blocks = getuid() == 0 ? UInt64(volume.f_bfree) : UInt64(volume.f_bavail)
            if blocks * UInt64(volume.f_frsize) < nearlyFullBytes || volume.f_favail == 0 {
                return .diskFull(path: path)
            }
        }
        return error
    }

    /// The folder that holds `path` ("." for a bare name).
    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// The `file:` URI that opens `path` read-only and immutable: SQLite then takes no locks and
    /// needs no WAL index (`-shm`), so it reads in a read-only folder and on a full disk. It also
    /// ignores any write-ahead log, so it is used only where there is none (or an empty one).
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var uri = "file://"
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                uri +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return uri + "?mode=ro&immutable=1"
    }

    /// Whether SQLite's `code`, from the first read of a read-only connection, says that the
    /// WAL index (`-shm`) cannot be made or used here: it cannot be created in a read-only
    /// folder (SQLITE_CANTOPEN), grown on a full disk (SQLITE_IOERR_SHMSIZE and its kin), or
    /// written to be set up (SQLITE_READONLY_CANTINIT, _RECOVERY).
    static func isWALIndexFailure(_ code: Int32) -> Bool {
        switch code & 0xff {
        case SQLITE_CANTOPEN, SQLITE_READONLY:
            return true
        case SQLITE_IOERR:
            // SQLITE_IOERR_SHMOPEN, _SHMSIZE, _SHMLOCK, _SHMMAP (18 through 21 in the high byte).
            return (18...21).contains(code >> 8)
        default:
            return false
        }
    }
}
