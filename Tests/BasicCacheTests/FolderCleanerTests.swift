import BasicCache
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct FolderCleanerTests {
    @Test("clear removes everything inside, reports it, and leaves the folder")
    func clear() async throws {
        let folder = try TemporaryDirectory()
        let root = folder.path("cache")
        for index in 0..<600 {
            try TreeBuilder.write(
                index % 7, to: root.appendingPathComponent("s\(index % 3)/n\(index % 5)/\(index).bin"))
        }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("loop").path, withDestinationPath: ".")
        let reports = Mutex<[FolderCleaner.Progress]>([])
        let summary = try await FolderCleaner.clear(root.path) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(summary.removedFiles == 600)
        #expect(summary.freedBytes == UInt64((0..<600).reduce(0) { $0 + $1 % 7 }))
        #expect(summary.skipped == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
        let progress = reports.withLock { $0 }
        #expect(progress.first == FolderCleaner.Progress(done: 0, total: 600))
        #expect(progress.last == FolderCleaner.Progress(done: 600, total: 600))
        #expect(progress.map(\.done) == progress.map(\.done).sorted())
    }

    @Test("clear creates a missing folder, and refuses a file")
    func clearEdges() async throws {
        let folder = try TemporaryDirectory()
        let missing = folder.path("new/cache").path
        #expect(try await FolderCleaner.clear(missing) == FolderCleaner.Summary())
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: missing, isDirectory: &isFolder) && isFolder.boolValue)
        try TreeBuilder.write(3, to: folder.path("file"))
        await #expect(throws: CacheError.notAFolder(folder.path("file").path)) {
            try await FolderCleaner.clear(folder.path("file").path)
        }
    }

    @Test("a symlink given as the folder is refused, and its target left alone")
    func symlinkFolder() async throws {
        let folder = try TemporaryDirectory()
        try TreeBuilder.write(5, to: folder.path("target/keep.bin"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("link").path, withDestinationPath: folder.path("target").path)
        await #expect(throws: CacheError.notAFolder(folder.path("link").path)) {
            try await FolderCleaner.clear(folder.path("link").path)
        }
        #expect(FileManager.default.fileExists(atPath: folder.path("target/keep.bin").path))
    }

    @Test("clear while 4 tasks keep writing: no crash, the folder stays, every file left is whole")
    func clearWhileWriting() async throws {
        let folder = try TemporaryDirectory()
        let root = folder.path("cache")
        let content = Data((0..<4096).map { UInt8($0 % 256) })
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for index in 0..<400 { try content.write(to: root.appendingPathComponent("seed\(index)"), options: .atomic) }
        let stop = StopFlag()
        let writers = (0..<4).map { writer in
            Task.detached {
                var index = 0
                while !stop.isSet {
                    // Atomic writes: a temporary file, then a rename.
                    try? content.write(to: root.appendingPathComponent("w\(writer)-\(index)"), options: .atomic)
                    index += 1
                }
            }
        }
        for _ in 0..<5 {
            _ = try await FolderCleaner.clear(root.path)
        }
        stop.set()
        for writer in writers { await writer.value }
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) && isFolder.boolValue)
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path) where !name.hasPrefix(".") {
            #expect(try Data(contentsOf: root.appendingPathComponent(name)) == content, "\(name) is not whole")
        }
    }

    @Test("clean removes exactly the files older than the cut-off, by modification or access time")
    func clean() async throws {
        let folder = try TemporaryDirectory()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let day: TimeInterval = 24 * 3600
        let ages: [String: (modified: TimeInterval, accessed: TimeInterval)] = [
            "old.bin": (8 * day, 1 * day),
            "sub/old.bin": (7 * day + 1, 7 * day + 1),
            "edge.bin": (7 * day - 1, 9 * day),
            "new.bin": (3600, 3600),
        ]
        for (name, age) in ages {
            let url = folder.path(name)
            try TreeBuilder.write(10, to: url)
            TreeBuilder.setTimes(
                of: url, access: now.addingTimeInterval(-age.accessed),
                modification: now.addingTimeInterval(-age.modified))
        }
        let summary = try await FolderCleaner.clean(folder.url.path, olderThan: 7 * day, now: now)
        #expect(summary.removedFiles == 2)
        #expect(summary.freedBytes == 20)
        let left = try Set(FileManager.default.subpathsOfDirectory(atPath: folder.url.path))
        #expect(left == ["edge.bin", "new.bin", "sub"])

        // By access time, edge.bin (read 9 days ago) goes; new.bin stays.
        let byAccess = try await FolderCleaner.clean(folder.url.path, olderThan: 7 * day, by: .access, now: now)
        #expect(byAccess.removedFiles == 1)
        #expect(try Set(FileManager.default.subpathsOfDirectory(atPath: folder.url.path)) == ["new.bin", "sub"])
    }
}

/// A flag one task sets and others read.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
}
