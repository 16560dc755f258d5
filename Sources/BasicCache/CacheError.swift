import BasicCore
import BasicNetworking
import Foundation

#if canImport(Glibc)
    import Glibc  // openat, fdopendir, readdir, fstatat, unlinkat: POSIX, which Linux has in Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A cache operation that failed, with the path and what to do.
///
/// ```swift
/// do {
///     let size = try await DirectorySize.measure(folder)
/// } catch {
///     if case .cancelled = error { return }   // the settings page went away
///     print(error)
/// }
/// ```
public enum CacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path exists but is not a folder.
    case notAFolder(String)
    /// The folder cannot be written (permissions, read-only file system).
    case notWritable(String, reason: String)
    /// The disk (or the quota) is full.
    case diskFull(String)
    /// Another file-system error, with the system's message.
    case fileSystem(String, reason: String)
    /// The folder to clear or clean does not exist; nothing was created.
    case noSuchFolder(String)
    /// The folder to clear or clean is a symbolic link (to the folder given as `target`), which
    /// ``FolderCleaner`` does not follow.
    case symbolicLink(String, target: String)
    /// ``DeletionPolicy`` protects the folder: `/`, the home folder or a folder that holds it, a
    /// system folder.
    case refused(DeletionPolicy.Refusal)
    /// The location is not a file URL (`https://…`): caches and folders live on this machine.
    case notAFileURL(String)
    /// The walk of the folder, or the download of the URL, was cancelled: its task was, or
    /// (for a download) the pool or a newer identical request.
    case cancelled(String)
    /// A download failed; the network's error, whole. Nothing was cached.
    case download(DownloadFailure)

    /// One line: what failed, where, and how to fix it.
    public var description: String { ErrorText.oneLine(unescapedDescription) }

    /// The description before control characters from the input are escaped.
    private var unescapedDescription: String {
        switch self {
        case .notAFolder(let path):
            return "\(path) is not a folder; give the cache a folder, or remove the file that is in the way"
        case .notWritable(let path, let reason):
            return "cannot write to \(path): \(reason); check its permissions and that the disk is not read-only"
        case .diskFull(let path):
            return "the disk holding \(path) is full; free some space or lower the cache's size limit"
        case .fileSystem(let path, let reason):
            return "\(path): \(reason)"
        case .noSuchFolder(let path):
            return "\(path) does not exist; check the path (nothing was created or removed)"
        case .symbolicLink(let path, let target):
            return "\(path) is a symbolic link to \(target), which is not followed; name \(target) itself"
        case .refused(let refusal):
            return refusal.description
        case .notAFileURL(let url):
            return "\(url) is not a file URL; give a folder on this machine as a file URL"
        case .cancelled(let location):
            return "the work on \(location) was cancelled before it finished; run it again to finish it"
        case .download(let failure):
            return failure.description
        }
    }

    /// Whether this is a cancellation.
    public var isCancellation: Bool {
        if case .cancelled = self { return true }
        return false
    }

    /// A failed download: BasicNetworking's error, whole. Two are equal when they read the same.
    public struct DownloadFailure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The network's error.
        public let error: NetworkError

        /// Carries `error`.
        public init(_ error: NetworkError) {
            self.error = error
        }

        /// The network error's own one line.
        public var description: String { error.description }

        /// Whether both read the same.
        public static func == (lhs: DownloadFailure, rhs: DownloadFailure) -> Bool {
            lhs.description == rhs.description
        }

        /// Hashes the description, consistently with `==`.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(description)
        }
    }

    /// The path of a location given as a URL, or ``notAFileURL(_:)``.
    ///
    /// A relative file URL (`URL(fileURLWithPath: "cache/../old")`) keeps its path as written:
    /// its `path` would join it to the base and collapse `..` by text, which is not what the
    /// kernel does through a symbolic link (`link/..` is the parent of the link's target), so a
    /// sweep could reach another folder than the one named. Under the current folder it stays
    /// relative, so that reports name it as the caller wrote it.
    static func path(of location: URL) throws(CacheError) -> String {
        guard location.isFileURL else { throw .notAFileURL(location.absoluteString) }
        guard let base = location.baseURL, !location.relativePath.hasPrefix("/") else { return location.path }
        let relative = location.relativePath
        if base.path == FileManager.default.currentDirectoryPath { return relative }
        return base.path.hasSuffix("/") ? base.path + relative : base.path + "/" + relative
    }

    /// The error for a failed system call on `path`, from `errno`.
    static func from(errno code: Int32, path: String) -> CacheError {
        let reason = String(cString: strerror(code))
        switch code {
        case EACCES, EPERM, EROFS: return .notWritable(path, reason: reason)
        case ENOSPC, EDQUOT: return .diskFull(path)
        case ENOTDIR: return .notAFolder(path)
        default: return .fileSystem(path, reason: reason)
        }
    }
}
