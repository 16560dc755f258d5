import BasicCache
import Foundation
import TestSupport
import Testing

@Suite struct DiskCacheTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(
        "any key maps to one file inside the folder, and round-trips",
        arguments: [
            "https://pic.cnblogs.com/face/1.png", "a/b/c", "..", "../../etc/passwd", "/absolute", "博客园 头像 😀", "",
            String(repeating: "k", count: 10_000),
        ])
    func keys(key: String) throws {
        let folder = try TemporaryDirectory()
        let cache = try DiskCache(folder: folder.path("cache"))
        let data = Data("value for \(key.prefix(20))".utf8)
        try cache.store(data, forKey: key)
        #expect(try cache.data(forKey: key) == data)
        #expect(cache.contains(key))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("cache").path)
        #expect(names.count == 1)
        #expect(names.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["cache"])
        #expect(cache.fileURL(forKey: key).deletingLastPathComponent().path == folder.path("cache").path)
    }

    @Test("different keys never share an entry; a missing key is nil; remove removes")
    func distinctKeys() throws {
        let folder = try TemporaryDirectory()
        let cache = try DiskCache(folder: folder.url)
        try cache.store(Data("1".utf8), forKey: "a/b")
        try cache.store(Data("2".utf8), forKey: "a_b")
        try cache.store(Data("3".utf8), forKey: "A/b")
        #expect(try cache.data(forKey: "a/b") == Data("1".utf8))
        #expect(try cache.data(forKey: "a_b") == Data("2".utf8))
        #expect(try cache.data(forKey: "A/b") == Data("3".utf8))
        #expect(try cache.data(forKey: "missing") == nil)
        try cache.remove("a_b")
        try cache.remove("never stored")
        #expect(try cache.data(forKey: "a_b") == nil)
        #expect(!cache.contains("a_b"))
    }

    @Test("evicts the least recently used entry when over the count limit")
    func countEviction() throws {
        let folder = try TemporaryDirectory()
        let cache = try DiskCache(folder: folder.url, configuration: .init(countLimit: 3))
        for (offset, key) in ["a", "b", "c"].enumerated() {
            try cache.store(Data(key.utf8), forKey: key, now: Self.start.addingTimeInterval(Double(offset)))
        }
        _ = try cache.data(forKey: "a", now: Self.start.addingTimeInterval(10))  // a is now the most recent
        try cache.store(Data("d".utf8), forKey: "d", now: Self.start.addingTimeInterval(20))
        #expect(!cache.contains("b"))
        #expect(cache.contains("a") && cache.contains("c") && cache.contains("d"))
    }

    @Test("evicts old entries until the total size is within the limit")
    func sizeEviction() async throws {
        let folder = try TemporaryDirectory()
        let cache = try DiskCache(folder: folder.url, configuration: .init(sizeLimit: 3 * (1000 + 16)))
        for index in 0..<5 {
            try cache.store(Data(count: 1000), forKey: "k\(index)", now: Self.start.addingTimeInterval(Double(index)))
        }
        #expect((0..<5).map { cache.contains("k\($0)") } == [false, false, true, true, true])
        #expect(try await cache.totalSize() == 3 * 1016)
        try cache.store(Data(count: 2000), forKey: "k2", now: Self.start.addingTimeInterval(9))  // replaces k2
        #expect((0..<5).map { cache.contains("k\($0)") } == [false, false, true, false, true])
    }

    @Test("an entry past its own expiry, or unread past maxAge, reads as missing and is removed")
    func expiry() throws {
        let folder = try TemporaryDirectory()
        let cache = try DiskCache(folder: folder.url, configuration: .init(maxAge: 3600))
        try cache.store(Data("x".utf8), forKey: "short", expiry: Self.start.addingTimeInterval(10), now: Self.start)
        #expect(try cache.data(forKey: "short", now: Self.start.addingTimeInterval(5)) == Data("x".utf8))
        #expect(try cache.data(forKey: "short", now: Self.start.addingTimeInterval(11)) == nil)
        #expect(!cache.contains("short"))

        try cache.store(Data("y".utf8), forKey: "idle", now: Self.start)
        #expect(try cache.data(forKey: "idle", now: Self.start.addingTimeInterval(3000)) != nil)  // read: touched
        #expect(try cache.data(forKey: "idle", now: Self.start.addingTimeInterval(6000)) != nil)  // 3000 s since
        #expect(try cache.data(forKey: "idle", now: Self.start.addingTimeInterval(9601)) == nil)
    }

    @Test("a damaged or foreign file reads as missing")
    func damaged() throws {
        let folder = try TemporaryDirectory()
        let cache = try DiskCache(folder: folder.url)
        try Data("not an entry".utf8).write(to: cache.fileURL(forKey: "k"))
        #expect(try cache.data(forKey: "k") == nil)
        #expect(!cache.contains("k"))
    }

    @Test("a reader never sees half an entry while writers replace it")
    func atomicWrites() async throws {
        let folder = try TemporaryDirectory()
        let cache = try DiskCache(folder: folder.url)
        let payloads = (0..<4).map { Data(repeating: UInt8($0), count: 200_000) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for payload in payloads {
                group.addTask {
                    for _ in 0..<20 { try cache.store(payload, forKey: "shared") }
                }
            }
            group.addTask {
                for _ in 0..<200 {
                    if let data = try cache.data(forKey: "shared") {
                        #expect(payloads.contains(data))
                    }
                }
            }
            try await group.waitForAll()  // rethrows any child's error
        }
        #expect(payloads.contains(try #require(try cache.data(forKey: "shared"))))
    }

    @Test("removeAll empties the folder and keeps it; removeExpired takes only the unread")
    func clearAndClean() async throws {
        let folder = try TemporaryDirectory()
        let cache = try DiskCache(folder: folder.url)
        try cache.store(Data(count: 10), forKey: "old", now: Self.start)
        try cache.store(Data(count: 10), forKey: "new", now: Self.start.addingTimeInterval(7 * 86400))
        let cleaned = try await cache.removeExpired(now: Self.start.addingTimeInterval(8 * 86400))
        #expect(cleaned.removedFiles == 1)
        #expect(!cache.contains("old") && cache.contains("new"))
        let cleared = try await cache.removeAll()
        #expect(cleared.removedFiles == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
        try cache.store(Data("again".utf8), forKey: "new")
        #expect(try cache.data(forKey: "new") == Data("again".utf8))
    }

    @Test(
        "a cache in a folder the deletion policy protects is refused when opened, before anything is stored",
        arguments: ["/", "/usr", "/etc/..", NSHomeDirectory()])
    func protectedFolder(path: String) throws {
        // Only the initializer runs: it creates nothing where the folder exists and never deletes.
        #expect {
            _ = try DiskCache(folder: URL(fileURLWithPath: path))
        } throws: { error in
            guard case .refused(let refusal) = error as? CacheError else { return false }
            return refusal.path == path && "\(error)".hasPrefix("refusing to clear \(path)")
        }
    }

    @Test("a cache opened through a symbolic link clears its real folder and keeps the link")
    func symlinkedFolder() async throws {
        let folder = try TemporaryDirectory()
        let real = folder.path("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = folder.path("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let cache = try DiskCache(folder: link)
        try cache.store(Data(count: 10), forKey: "a")
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).count == 1)
        let cleared = try await cache.removeAll()
        #expect(cleared.removedFiles == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).isEmpty)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
    }

    @Test("clear and clean of a cache whose folder vanished make it again, empty, and report nothing removed")
    func vanishedFolder() async throws {
        let folder = try TemporaryDirectory()
        let cache = try DiskCache(folder: folder.path("cache"))
        try cache.store(Data(count: 10), forKey: "a")
        try FileManager.default.removeItem(at: folder.path("cache"))
        #expect(try await cache.removeAll() == FolderCleaner.Summary())
        try FileManager.default.removeItem(at: folder.path("cache"))
        #expect(try await cache.removeExpired() == FolderCleaner.Summary())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("cache").path).isEmpty)
        try cache.store(Data("again".utf8), forKey: "a")
        #expect(try cache.data(forKey: "a") == Data("again".utf8))
    }

    @Test("an infinite or far-future expiry means never, not a trap; a past one is expired")
    func extremeExpiry() throws {
        let folder = try TemporaryDirectory()
        let cache = try DiskCache(folder: folder.url)
        try cache.store(Data("a".utf8), forKey: "forever", expiry: .distantFuture.addingTimeInterval(1e300))
        try cache.store(Data("b".utf8), forKey: "far", expiry: Date(timeIntervalSince1970: 1e17))
        try cache.store(Data("c".utf8), forKey: "past", expiry: Date(timeIntervalSince1970: -5))
        #expect(try cache.entry(forKey: "forever") == DiskCache.Entry(data: Data("a".utf8), expiry: nil))
        #expect(try cache.entry(forKey: "far")?.expiry == nil)
        #expect(try cache.data(forKey: "past") == nil)
    }

    @Test("a file where the folder should be is a clear error")
    func notAFolder() throws {
        let folder = try TemporaryDirectory()
        try Data().write(to: folder.path("file"))
        #expect(throws: CacheError.notAFolder(folder.path("file").path)) {
            try DiskCache(folder: folder.path("file"))
        }
    }
}
