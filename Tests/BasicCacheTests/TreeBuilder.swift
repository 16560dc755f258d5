import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Builds file trees for the size and removal tests, and measures them the plain way.
enum TreeBuilder {
    static func write(_ bytes: Int, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0x61, count: bytes).write(to: url)
    }

    /// A straightforward reference walk: every regular file once (by inode), no symlinks followed.
    static func referenceSize(of root: URL) throws -> (bytes: UInt64, allocated: UInt64, files: Int) {
        var seen: Set<UInt64> = []
        var bytes: UInt64 = 0
        var allocated: UInt64 = 0
        var files = 0
        func visit(_ path: String) throws {
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                guard seen.insert(UInt64(info.st_ino)).inserted else { return }
                files += 1
                bytes += UInt64(info.st_size)
                allocated += UInt64(info.st_blocks) * 512
            case S_IFDIR:
                for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                    try visit(path + "/" + name)
                }
            default:
                break
            }
        }
        try visit(root.path)
        return (bytes, allocated, files)
    }

    /// Sets a file's access and modification times to `date`.
    static func setTimes(of url: URL, access: Date, modification: Date) {
        func spec(_ date: Date) -> timespec {
            let seconds = date.timeIntervalSince1970.rounded(.down)
            return timespec(tv_sec: Int(seconds), tv_nsec: Int((date.timeIntervalSince1970 - seconds) * 1e9))
        }
        var times = [spec(access), spec(modification)]
        _ = utimensat(AT_FDCWD, url.path, &times, 0)
    }
}
