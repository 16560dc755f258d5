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
        let summary = try await FolderCleaner.clear(root) { progress in
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

    @Test("clear and clean refuse a missing folder, creating nothing, and a file")
    func clearEdges() async throws {
        let folder = try TemporaryDirectory()
        let missing = folder.path("new/cache")
        await #expect(throws: CacheError.noSuchFolder(missing.path)) { try await FolderCleaner.clear(missing) }
        await #expect(throws: CacheError.noSuchFolder(missing.path)) { try await FolderCleaner.clean(missing) }
        await #expect(throws: CacheError.noSuchFolder(missing.path)) {
            try await FolderCleaner.clear(missing, dryRun: true)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("new").path))
        try TreeBuilder.write(3, to: folder.path("file"))
        await #expect(throws: CacheError.notAFolder(folder.path("file").path)) {
            try await FolderCleaner.clear(folder.path("file"))
        }
        await #expect(throws: CacheError.notAFolder(folder.path("file").path)) {
            try await FolderCleaner.clean(folder.path("file"), olderThan: 0)
        }
        #expect(FileManager.default.fileExists(atPath: folder.path("file").path))
    }

    @Test("a symlink given as the folder is refused, and its target left alone")
    func symlinkFolder() async throws {
        let folder = try TemporaryDirectory()
        try TreeBuilder.write(5, to: folder.path("target/keep.bin"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("link").path, withDestinationPath: folder.path("target").path)
        let target = Self.realPath(folder.path("target"))
        await #expect(throws: CacheError.symbolicLink(folder.path("link").path, target: target)) {
            try await FolderCleaner.clear(folder.path("link"))
        }
        await #expect(throws: CacheError.symbolicLink(folder.path("link").path, target: target)) {
            try await FolderCleaner.clean(URL(fileURLWithPath: folder.path("link").path + "/"), olderThan: 0)
        }
        #expect(FileManager.default.fileExists(atPath: folder.path("target/keep.bin").path))
    }

    @Test("symlinks inside are removed as links; what they point to is left alone")
    func symlinksInside() async throws {
        let folder = try TemporaryDirectory()
        try TreeBuilder.write(5, to: folder.path("outside/keep.bin"))
        try TreeBuilder.write(7, to: folder.path("cache/own.bin"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("cache/to-folder").path, withDestinationPath: folder.path("outside").path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("cache/to-file").path, withDestinationPath: folder.path("outside/keep.bin").path)
        let summary = try await FolderCleaner.clear(folder.path("cache"))
        #expect(summary.removedFiles == 1)
        #expect(summary.freedBytes == 7)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("cache").path).isEmpty)
        #expect(try Data(contentsOf: folder.path("outside/keep.bin")).count == 5)
    }

    @Test("a dry run reports every entry that would go, folders after their contents, and removes nothing")
    func dryRun() async throws {
        let folder = try TemporaryDirectory()
        let root = folder.path("cache")
        try TreeBuilder.write(10, to: root.appendingPathComponent("b/y.bin"))
        try TreeBuilder.write(20, to: root.appendingPathComponent("a.bin"))
        try TreeBuilder.write(30, to: root.appendingPathComponent("b/x.bin"))
        let removals = Mutex<[FolderCleaner.Removal]>([])
        let summary = try await FolderCleaner.clear(URL(fileURLWithPath: root.path + "/"), dryRun: true) { _ in
        } removing: { removal in
            removals.withLock { $0.append(removal) }
        }
        #expect(summary.removedFiles == 3)
        #expect(summary.freedBytes == 60)
        let path = root.path
        #expect(
            removals.withLock { $0 } == [
                .init(path: path + "/a.bin", bytes: 20, isFolder: false),
                .init(path: path + "/b/x.bin", bytes: 30, isFolder: false),
                .init(path: path + "/b/y.bin", bytes: 10, isFolder: false),
                .init(path: path + "/b", bytes: 0, isFolder: true),
            ])
        #expect(try Set(FileManager.default.subpathsOfDirectory(atPath: path)) == ["a.bin", "b", "b/x.bin", "b/y.bin"])

        let old = Date(timeIntervalSince1970: 1_000_000_000)
        TreeBuilder.setTimes(of: root.appendingPathComponent("b/x.bin"), access: old, modification: old)
        let clean = try await FolderCleaner.clean(root, olderThan: 3600, dryRun: true)
        #expect(clean.removedFiles == 1)
        #expect(clean.freedBytes == 30)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("b/x.bin").path))
    }

    @Test(
        "FolderCleaner itself refuses an injected home, through symlinks and .., and leaves it whole",
        arguments: DeletionPolicy.Operation.allCases)
    func refusesInjectedHome(operation: DeletionPolicy.Operation) async throws {
        let folder = try TemporaryDirectory()
        let home = folder.path("home")
        try TreeBuilder.write(5, to: home.appendingPathComponent("sub/keep.bin"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("link").path, withDestinationPath: home.path)
        let policy = DeletionPolicy(home: home.path)
        for path in [home.path, home.path + "/sub/..", folder.path("link").path, home.path + "/.."] {
            let url = URL(fileURLWithPath: path)
            for dryRun in [false, true] {
                let error = await #expect(throws: CacheError.self, "\(path)") {
                    switch operation {
                    case .clear: _ = try await FolderCleaner.clear(url, policy: policy, dryRun: dryRun)
                    case .clean: _ = try await FolderCleaner.clean(url, olderThan: 0, policy: policy, dryRun: dryRun)
                    }
                }
                guard case .refused(let refusal) = error else {
                    Issue.record("\(path) was not refused: \(String(describing: error))")
                    continue
                }
                #expect(refusal.path == path)
                #expect(refusal.operation == operation)
                #expect(refusal.reason == (path == home.path + "/.." ? .holdsHomeFolder(home.path) : .homeFolder))
            }
        }
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("sub/keep.bin").path))
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
            _ = try await FolderCleaner.clear(root)
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
        let summary = try await FolderCleaner.clean(folder.url, olderThan: 7 * day, now: now)
        #expect(summary.removedFiles == 2)
        #expect(summary.freedBytes == 20)
        let left = try Set(FileManager.default.subpathsOfDirectory(atPath: folder.url.path))
        #expect(left == ["edge.bin", "new.bin", "sub"])

        // By access time, edge.bin (read 9 days ago) goes; new.bin stays.
        let byAccess = try await FolderCleaner.clean(folder.url, olderThan: 7 * day, by: .access, now: now)
        #expect(byAccess.removedFiles == 1)
        #expect(try Set(FileManager.default.subpathsOfDirectory(atPath: folder.url.path)) == ["new.bin", "sub"])
    }
}

extension FolderCleanerTests {
    static func realPath(_ url: URL) -> String {
        guard let resolved = realpath(url.path, nil) else { return url.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// A flag one task sets and others read.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
}
