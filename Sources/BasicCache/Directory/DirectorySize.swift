import Foundation
import Synchronization

/// The size of a file or of a folder tree, as the settings page's "清除缓存(12.3MB)" shows it.
///
/// ```swift
/// let size = try await DirectorySize.measure(URL(fileURLWithPath: "/var/cache/reader"))
/// print(ByteCount(size.logicalBytes))   // 12.3MB
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

    /// Measures the file or folder at `location` off the caller's thread, walking its top-level
    /// folders on all cores.
    ///
    /// The walk makes blocking system calls, so it runs on threads of its own rather than
    /// Swift's cooperative pool, which other tasks (networking, the UI's work) keep. Cancel the
    /// task to stop it (a settings page that goes away): it then throws
    /// ``CacheError/cancelled(_:)``.
    ///
    /// - Throws: ``CacheError/cancelled(_:)``, or ``CacheError/notAFileURL(_:)`` for a URL that
    ///   is not a file URL; unreadable entries are counted in ``skipped``.
    /// - Complexity: O(*n*) in the number of entries, one `fstatat` each.
    public static func measure(_ location: URL) async throws(CacheError) -> DirectorySize {
        try await measure(path: try CacheError.path(of: location))
    }

    /// Measures `location` on the calling thread; see ``measure(_:)``.
    ///
    /// - Throws: ``CacheError/cancelled(_:)`` when the current task is cancelled;
    ///   ``CacheError/notAFileURL(_:)``.
    public static func measureSynchronously(_ location: URL) throws(CacheError) -> DirectorySize {
        try measureSynchronously(path: try CacheError.path(of: location))
    }

    /// What ``measure(_:)`` does, for a path.
    static func measure(path: String) async throws(CacheError) -> DirectorySize {
        if Task.isCancelled { throw .cancelled(path) }
        let flag = CancellationFlag()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<DirectorySize, CacheError>, Never>) in
                DispatchQueue.global(qos: .utility).async {
                    continuation.resume(
                        returning: Result { () throws(CacheError) in
                            try measureInParallel(path, isCancelled: { flag.isSet })
                        })
                }
            }
        } onCancel: {
            flag.set()
        }
        return try outcome.get()
    }

    /// What ``measureSynchronously(_:)`` does, for a path.
    static func measureSynchronously(path: String) throws(CacheError) -> DirectorySize {
        let top = try DirectoryWalker.measureTop(path, isCancelled: { Task.isCancelled })
        let rest = try DirectoryWalker.walk(top.subfolders, of: path, isCancelled: { Task.isCancelled })
        return DirectoryWalker.combine(top: top, [rest])
    }

    /// The walk behind ``measure(_:)``: the top folder here, its subfolders shared out over
    /// `concurrentPerform`'s threads.
    private static func measureInParallel(_ path: String, isCancelled: @Sendable () -> Bool) throws(CacheError)
        -> DirectorySize
    {
        let top = try DirectoryWalker.measureTop(path, isCancelled: isCancelled)
        guard !top.subfolders.isEmpty else { return top.size }
        let workers = min(top.subfolders.count, max(2, ProcessInfo.processInfo.activeProcessorCount))
        let results = Mutex<[Result<DirectoryWalker.Partial, CacheError>]>([])
        let subfolders = top.subfolders
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let share = stride(from: worker, to: subfolders.count, by: workers).map { subfolders[$0] }
            let result = Result { () throws(CacheError) in
                try DirectoryWalker.walk(share, of: path, isCancelled: isCancelled)
            }
            results.withLock { $0.append(result) }
        }
        let partials = try results.withLock { results throws(CacheError) in
            try results.map { result throws(CacheError) in try result.get() }
        }
        return DirectoryWalker.combine(top: top, partials)
    }
}

/// A flag that a task's cancellation handler sets and walking threads read.
final class CancellationFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
}
