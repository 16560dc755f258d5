import BasicCache
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DirectorySizeTests {
    /// A tree with nested folders, empty files, a symlink loop, a symlink to a big file
    /// outside, and a file hard-linked from two folders.
    static func makeTree(in folder: TemporaryDirectory) throws -> URL {
        let root = folder.path("cache")
        for (index, name) in ["a/1.bin", "a/b/2.bin", "a/b/c/3.bin", "d/4.bin", "top.bin"].enumerated() {
            try TreeBuilder.write(1000 * (index + 1) + 7, to: root.appendingPathComponent(name))
        }
        for name in ["empty1", "a/empty2", "a/b/c/d/e/empty3"] {
            try TreeBuilder.write(0, to: root.appendingPathComponent(name))
        }
        for index in 0..<40 {  // enough folders that the workers share them out
            try TreeBuilder.write(index, to: root.appendingPathComponent("many/f\(index)/x.bin"))
        }
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("a/b/loop").path, withDestinationPath: "..")
        try TreeBuilder.write(5_000_000, to: folder.path("outside/big.bin"))
        try fm.createSymbolicLink(
            atPath: root.appendingPathComponent("d/big-link").path,
            withDestinationPath: folder.path("outside/big.bin").path)
        try fm.linkItem(at: root.appendingPathComponent("a/1.bin"), to: root.appendingPathComponent("many/f3/hard.bin"))
        return root
    }

    @Test("a tree's logical and allocated bytes and file count match a reference walk")
    func tree() async throws {
        let folder = try TemporaryDirectory()
        let root = try Self.makeTree(in: folder)
        let reference = try TreeBuilder.referenceSize(of: root)
        let expectedBytes: UInt64 =
            (1...5).reduce(0) { $0 + UInt64(1000 * $1 + 7) } + (0..<40).reduce(0) { $0 + UInt64($1) }
        #expect(reference.bytes == expectedBytes)
        #expect(reference.files == 5 + 3 + 40)

        let size = try await DirectorySize.measure(root)
        #expect(size.logicalBytes == expectedBytes)
        #expect(size.allocatedBytes == reference.allocated)
        #expect(size.fileCount == 48)
        #expect(size.folderCount == 1 + 6 + 1 + 40)  // root; a, a/b, a/b/c, a/b/c/d, a/b/c/d/e, d; many; many/f*
        #expect(size.skipped == 0)
        #expect(try DirectorySize.measureSynchronously(root) == size)
    }

    @Test("a missing path is 0, a file is its own size, a symlink is not followed")
    func singlePaths() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await DirectorySize.measure(folder.path("missing")) == DirectorySize())
        try TreeBuilder.write(1234, to: folder.path("file.bin"))
        let file = try await DirectorySize.measure(folder.path("file.bin"))
        #expect(file.logicalBytes == 1234)
        #expect(file.fileCount == 1)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("link").path, withDestinationPath: folder.path("file.bin").path)
        #expect(try await DirectorySize.measure(folder.path("link")).logicalBytes == 0)
        #expect(try await DirectorySize.measure(folder.url).logicalBytes == 1234)
        let web = try #require(URL(string: "https://example.com/cache"))
        await #expect(throws: CacheError.notAFileURL("https://example.com/cache")) {
            try await DirectorySize.measure(web)
        }
    }

    @Test("files deleted during the walk are skipped or counted whole, never a crash")
    func filesVanishing() async throws {
        let folder = try TemporaryDirectory()
        let fileSize = 100
        for index in 0..<2_000 {
            try TreeBuilder.write(fileSize, to: folder.path("sub\(index % 20)/\(index).bin"))
        }
        let path = folder.url.path
        let deleter = Task.detached {
            for index in 0..<2_000 {
                unlink(path + "/sub\(index % 20)/\(index).bin")
            }
        }
        var measurements: [DirectorySize] = []
        while measurements.count < 50 {
            measurements.append(try await DirectorySize.measure(folder.url))
        }
        await deleter.value
        for size in measurements {
            #expect(size.fileCount <= 2_000)
            #expect(size.logicalBytes == UInt64(size.fileCount * fileSize))
        }
        #expect(try await DirectorySize.measure(folder.url).fileCount == 0)
    }

    @Test("an unreadable folder is skipped and counted, the rest still measured")
    func unreadableFolder() async throws {
        let folder = try TemporaryDirectory()
        try TreeBuilder.write(10, to: folder.path("open/a.bin"))
        try TreeBuilder.write(20, to: folder.path("locked/b.bin"))
        chmod(folder.path("locked").path, 0)
        defer { chmod(folder.path("locked").path, 0o755) }
        if geteuid() == 0 {
            // Root reads any folder: measure as nobody through the built `bsl`.
            chmod(folder.url.path, 0o755)
            let result = try await ProcessRunner.run(
                URL(fileURLWithPath: "/usr/bin/setpriv"),
                [
                    "--reuid=65534", "--regid=65534", "--clear-groups", TestPaths.builtProduct("bsl").path, "cache",
                    "size",
                    "--json", folder.url.path,
                ])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains(#""bytes":10"#), "\(result.standardOutput)")
            #expect(result.standardOutput.contains(#""skipped":1"#), "\(result.standardOutput)")
        } else {
            let size = try await DirectorySize.measure(folder.url)
            #expect(size.logicalBytes == 10)
            #expect(size.skipped == 1)
        }
    }

    @Test(
        "cancelling the task stops the walk with CacheError.cancelled naming the folder, not a bare CancellationError")
    func cancellation() async throws {
        let folder = try TemporaryDirectory()
        for index in 0..<20_000 {
            try TreeBuilder.write(0, to: folder.path("d\(index % 4)/\(index)"))
        }
        let url = folder.url
        let task = Task { () async throws(CacheError) -> DirectorySize in try await DirectorySize.measure(url) }
        task.cancel()
        let result = await task.result
        #expect(throws: CacheError.cancelled(url.path)) { try result.get() }
        #expect(CacheError.cancelled(url.path).isCancellation)
    }

    @Test("a folder cleaner whose task is cancelled stops with CacheError.cancelled and leaves the folder")
    func cleanerCancellation() async throws {
        let folder = try TemporaryDirectory()
        let root = folder.path("cache")
        for index in 0..<2_000 {
            try TreeBuilder.write(0, to: root.appendingPathComponent("d\(index % 4)/\(index)"))
        }
        let task = Task { () async throws(CacheError) -> FolderCleaner.Summary in
            try await FolderCleaner.clear(root, dryRun: true)
        }
        task.cancel()
        let result = await task.result
        #expect(throws: CacheError.cancelled(root.path)) { try result.get() }
        #expect(FileManager.default.fileExists(atPath: root.path))
    }
}
