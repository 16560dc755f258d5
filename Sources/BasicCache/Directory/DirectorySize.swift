import Foundation

/// The size of a file or of a folder tree, as the settings page's "清除缓存(12.3MB)" shows it.
///
/// ```swift
/// let size = try await DirectorySize.measure("/var/cache/reader")
/// print(ByteCount(Int64(size.logicalBytes)))   // 12.3MB
/// ```
///
/// - Logical bytes: the sum of `st_size` of regular files. Allocated bytes: the sum of
///   `st_blocks × 512` of the same files (what they take on disk). Folders' own blocks are not
///   counted, so an empty tree is 0 both ways.
/// - Symbolic links are neither followed nor counted; a file with several hard links counts
///   once; sockets, pipes and devices are not counted.
/// - Entries that vanish or cannot be read during the walk are skipped and counted in
///   ``skipped``, never an error. A missing path is size 0; a path that is a file gives that
///   file's size.
public struct DirectorySize: Sendable, Hashable {
    /// The sum of the regular files' sizes.
    public var logicalBytes: UInt64 = 0
    /// The sum of the regular files' allocated blocks × 512.
    public var allocatedBytes: UInt64 = 0
    /// The number of regular files counted.
    public var fileCount = 0
    /// The number of folders walked, the top one included.
    public var folderCount = 0
    /// Entries that vanished or could not be read during the walk.
    public var skipped = 0

    /// An empty size.
    public init() {}

    /// Adds another size to this one.
    public static func + (lhs: DirectorySize, rhs: DirectorySize) -> DirectorySize {
        var sum = lhs
        sum.logicalBytes += rhs.logicalBytes
        sum.allocatedBytes += rhs.allocatedBytes
        sum.fileCount += rhs.fileCount
        sum.folderCount += rhs.folderCount
        sum.skipped += rhs.skipped
        return sum
    }

    /// Measures `path` off the caller's thread, walking its top-level folders on all cores.
    ///
    /// Cancel the task to stop the walk (a settings page that goes away): it then throws
    /// `CancellationError`.
    ///
    /// - Throws: `CancellationError` only; unreadable entries are counted in ``skipped``.
    /// - Complexity: O(*n*) in the number of entries, one `fstatat` each.
    public static func measure(_ path: String) async throws -> DirectorySize {
        try Task.checkCancellation()
        let top = try DirectoryWalker.measureTop(path)
        guard !top.subfolders.isEmpty else { return top.size }
        // Spread the subfolders over a few workers; each walks whole subtrees.
        let workers = min(top.subfolders.count, max(2, ProcessInfo.processInfo.activeProcessorCount))
        let results = try await withThrowingTaskGroup(of: DirectoryWalker.Partial.self) { group in
            for worker in 0..<workers {
                let share = stride(from: worker, to: top.subfolders.count, by: workers).map { top.subfolders[$0] }
                group.addTask {
                    try DirectoryWalker.walk(share)
                }
            }
            var partials: [DirectoryWalker.Partial] = []
            for try await partial in group { partials.append(partial) }
            return partials
        }
        return DirectoryWalker.combine(top: top, results)
    }

    /// Measures `path` on the calling thread; see ``measure(_:)``.
    ///
    /// - Throws: `CancellationError` when the current task is cancelled.
    public static func measureSynchronously(_ path: String) throws -> DirectorySize {
        let top = try DirectoryWalker.measureTop(path)
        let rest = try DirectoryWalker.walk(top.subfolders)
        return DirectoryWalker.combine(top: top, [rest])
    }
}
