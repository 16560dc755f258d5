import BasicCache
import BasicNetworking
import BudejieClient
import CnblogsClient
import Foundation
import ReaderApp
import TestSupport
import Testing

/// The 我的 tab's runtime on real files and the real recording: the cache folders measured and
/// cleared inside a temporary folder, next to decoys that must survive; the squares replayed.
@Suite struct ReaderCachesTests {
    /// A temporary folder holding `cache/bsl/{images,custom}` with files of known sizes, and decoys
    /// next to them: a file in `cache/bsl` itself, another application's cache, the offline
    /// library in the data folder, and a file that a link inside `images/` points to.
    struct Layout {
        let folder: TemporaryDirectory
        var caches: ReaderCaches { ReaderCaches(folder: folder.path("cache/bsl")) }
        static let decoys = [
            "cache/bsl/keep.txt", "cache/other-app/cached.bin", "data/bsl/library.sqlite", "linked/target.txt",
        ]

        init() throws {
            folder = try TemporaryDirectory(prefix: "ReaderCachesTests")
            try write("cache/bsl/images/a.jpg", bytes: 1_000_000)
            try write("cache/bsl/images/thumbs/b.png", bytes: 200_000)
            try write("cache/bsl/custom/list.json", bytes: 34_567)
            for decoy in Self.decoys { try write(decoy, bytes: 777) }
            try FileManager.default.createSymbolicLink(
                at: folder.path("cache/bsl/images/link"), withDestinationURL: folder.path("linked/target.txt"))
        }

        func write(_ path: String, bytes: Int) throws {
            let url = folder.path(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(repeating: 0x5A, count: bytes).write(to: url)
        }

        func contents(of path: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path(path).path).sorted()
        }

        /// Every decoy is there with its bytes.
        func decoysSurvive(sourceLocation: SourceLocation = #_sourceLocation) {
            for decoy in Self.decoys {
                let data = try? Data(contentsOf: folder.path(decoy))
                #expect(data?.count == 777, "\(decoy) survived", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(
        "the folder: $XDG_CACHE_HOME/bsl when it is absolute, else ~/.cache/bsl",
        arguments: [
            (["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"], "/x/cache/bsl"),
            (["XDG_CACHE_HOME": "relative/cache", "HOME": "/home/a"], "/home/a/.cache/bsl"),
            (["XDG_CACHE_HOME": "", "HOME": "/home/a"], "/home/a/.cache/bsl"),
            (["HOME": "/home/b"], "/home/b/.cache/bsl"),
        ])
    func defaultFolder(environment: [String: String], path: String) {
        #expect(ReaderCaches.defaultFolder(environment: environment).path == path)
    }

    @Test("measuring counts images/ and custom/ only, not the links' targets nor what lies next to them")
    func measuring() async throws {
        let layout = try Layout()
        let size = try await layout.caches.measure()
        #expect(size.logicalBytes == 1_234_567)
        #expect(size.fileCount == 3)
        let source = try Self.source(caches: layout.caches)
        #expect(try await source.measureCaches().get() == 1_234_567)
    }

    @Test("clearing empties images/ then custom/, keeps both folders, and leaves every decoy alone")
    func clearing() async throws {
        let layout = try Layout()
        let reports = Reports()
        let source = try Self.source(caches: layout.caches)
        let clearing = try await source.clearCaches { folder, progress in reports.add(folder, progress) }.get()
        #expect(clearing.removedFiles == 3)
        #expect(clearing.freedBytes == 1_234_567)
        #expect(clearing.remainingBytes == 0)
        #expect(try layout.contents(of: "cache/bsl") == ["custom", "images", "keep.txt"])
        #expect(try layout.contents(of: "cache/bsl/images").isEmpty)
        #expect(try layout.contents(of: "cache/bsl/custom").isEmpty)
        layout.decoysSurvive()
        let order = reports.folders
        #expect(order.first == .images && order.last == .custom, "\(order)")
        #expect(order.firstIndex(of: .custom) ?? 0 > order.lastIndex(of: .images) ?? 0, "images/ first: \(order)")
        #expect(
            reports.last(.images) == FolderCleaner.Progress(done: 2, total: 2), "its two files, the link not counted")
    }

    @Test("a missing folder is created empty; a folder that is a link is refused and its target kept")
    func missingAndLinked() async throws {
        let layout = try Layout()
        try FileManager.default.removeItem(at: layout.folder.path("cache/bsl/custom"))
        _ = try await layout.caches.clear { _, _ in }
        #expect(try layout.contents(of: "cache/bsl/custom").isEmpty)

        try layout.write("decoy-folder/precious.txt", bytes: 777)
        try FileManager.default.removeItem(at: layout.folder.path("cache/bsl/images"))
        try FileManager.default.createSymbolicLink(
            at: layout.folder.path("cache/bsl/images"), withDestinationURL: layout.folder.path("decoy-folder"))
        let source = try Self.source(caches: layout.caches)
        guard case .failure(let failure) = await source.clearCaches(progress: { _, _ in }) else {
            Issue.record("a linked images/ was cleared")
            return
        }
        #expect(failure.message.contains("symbolic link"), "\(failure.message)")
        #expect(try Data(contentsOf: layout.folder.path("decoy-folder/precious.txt")).count == 777)
        layout.decoysSurvive()
    }

    @Test("the squares come from the Budejie recording through the source; without a client it says so")
    func squares() async throws {
        var source = try Self.source(caches: nil)
        guard case .failure(let none) = await source.squares() else {
            Issue.record("squares without a client")
            return
        }
        #expect(none.message == "no Budejie client was given")
        source.budejie = BudejieClient(transport: try ReplayTransport(cassette: MeSamples.budejie))
        let squares = try await source.squares().get()
        #expect(squares.count == 16)
        #expect(squares.map(\.name).prefix(4) == ["审帖", "排行榜", "游戏中心", "我的收藏"])
        #expect(squares[2].url == "http://m.budejie.com/game?from=app&type=1", "&amp; decoded")
    }

    /// A source with no cnblogs answers, and `caches`.
    static func source(caches: ReaderCaches?) throws -> ReaderSource {
        var source = ReaderSource(
            client: CnblogsClient(transport: try ReplayTransport(cassette: MeSamples.budejie)), library: nil)
        source.caches = caches
        return source
    }

    /// The progress reports a clear made, in order.
    final class Reports: @unchecked Sendable {  // `reports` is read and written under `lock` only
        private let lock = NSLock()
        private var reports: [(ReaderCaches.Folder, FolderCleaner.Progress)] = []

        func add(_ folder: ReaderCaches.Folder, _ progress: FolderCleaner.Progress) {
            lock.withLock { reports.append((folder, progress)) }
        }

        var folders: [ReaderCaches.Folder] { lock.withLock { reports.map(\.0) } }

        func last(_ folder: ReaderCaches.Folder) -> FolderCleaner.Progress? {
            lock.withLock { reports.last { $0.0 == folder }?.1 }
        }
    }
}
