import BasicCache
import BasicCore
import BasicNetworking
import Foundation
import Synchronization
import TestSupport
import Testing

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

@Suite struct DataCacheTests {
    func hits(_ server: TestHTTPServer, _ name: String) async throws -> Int? {
        try await server.counter(name)
    }

    /// Waits until `count` callers of `pool` wait for a response (at most 45 s, then an issue).
    static func waitForWaiting(_ pool: RequestPool, count: Int) async throws {
        let reached = try await eventually { await pool.waitingCount >= count }
        if !reached { Issue.record("the pool never had \(count) callers waiting") }
    }

    @Test("20 concurrent loads of one URL cause one download, and all get its bytes")
    func coalescedDownloads() async throws {
        let server = try await TestHTTPServer.shared()
        let folder = try TemporaryDirectory()
        let cache = try DataCache(folder: folder.url)
        let name = "avatar-\(UUID().uuidString)"
        // The server holds the answer until all 20 callers wait, however loaded the machine.
        let url = server.url("/fixtures/hello.json?count=\(name)&hold=\(name)")
        let expected = try Data(
            contentsOf: TestPaths.testsFolder.appendingPathComponent("TestServer/Fixtures/hello.json"))
        let results = try await withThrowingTaskGroup(of: Data?.self) { group in
            for _ in 0..<20 { group.addTask { try await cache.data(for: url) } }
            group.addTask {
                try await Self.waitForWaiting(cache.pool, count: 20)
                try await server.release(name)
                return nil
            }
            return try await group.reduce(into: [Data]()) { if let data = $1 { $0.append(data) } }
        }
        #expect(results.count == 20)
        #expect(results.allSatisfy { $0 == expected })
        #expect(try await hits(server, name) == 1)
        #expect(cache.cachedData(for: url) == expected)
    }

    @Test("the bytes are cached before any caller of their download has them, so none comes too late to share it")
    func storedBeforeCallersResume() async throws {
        let server = try await TestHTTPServer.shared()
        for round in 0..<10 {
            let folder = try TemporaryDirectory()
            let pool = RequestPool()
            let cache = try DataCache(folder: folder.url, pool: pool)
            let name = "joined-\(round)-\(UUID().uuidString)"
            let url = server.url("/bytes/65536?hold=\(name)")
            // A load through the cache, and a caller of the pool joining its download, which
            // looks at the cache the moment it has the bytes
            let load = Task { try await cache.data(for: url) }
            try await Self.waitForWaiting(pool, count: 1)
            let joined = Task {
                let body = try await pool.send(Endpoint(url: url), policy: .coalesce).body
                return (body, cache.cachedData(for: url))
            }
            try await Self.waitForWaiting(pool, count: 2)
            try await server.release(name)
            let (body, cached) = try await joined.value
            // Then the cache already held them: a load starting then would download nothing.
            #expect(cached == body, "round \(round)")
            #expect(try await load.value == body)
        }
    }

    @Test("after a restart the bytes come from disk, with no download")
    func fromDiskAfterRestart() async throws {
        let server = try await TestHTTPServer.shared()
        let folder = try TemporaryDirectory()
        let name = "restart-\(UUID().uuidString)"
        let url = server.url("/bytes/4096?count=\(name)")
        let first = try await DataCache(folder: folder.url).data(for: url)
        #expect(try await hits(server, name) == 1)
        let restarted = try DataCache(folder: folder.url)  // a new memory layer
        #expect(restarted.cachedData(for: url) == first)
        #expect(try await restarted.data(for: url) == first)
        #expect(try await hits(server, name) == 1)
    }

    @Test("expired entries are fetched again")
    func expiry() async throws {
        let server = try await TestHTTPServer.shared()
        let folder = try TemporaryDirectory()
        let clock = TestClock()
        let cache = try DataCache(folder: folder.url, lifetime: 60, now: { clock.now })
        let name = "expiry-\(UUID().uuidString)"
        let url = server.url("/count/\(name)")
        let first = try await cache.data(for: url)
        clock.advance(30)
        #expect(try await cache.data(for: url) == first)  // still fresh: the same body, no new hit
        clock.advance(31)
        #expect(cache.cachedData(for: url) == nil)
        let second = try await cache.data(for: url)
        #expect(try JSONValue(parsing: first)["count"] == 1)
        #expect(try JSONValue(parsing: second)["count"] == 2)
    }

    @Test("after a restart, an entry read from disk still expires in memory")
    func expiryAfterRestart() async throws {
        let server = try await TestHTTPServer.shared()
        let folder = try TemporaryDirectory()
        let clock = TestClock()
        let name = "restart-expiry-\(UUID().uuidString)"
        let url = server.url("/count/\(name)")
        _ = try await DataCache(folder: folder.url, lifetime: 60, now: { clock.now }).data(for: url)
        let restarted = try DataCache(folder: folder.url, lifetime: 60, now: { clock.now })
        #expect(restarted.cachedData(for: url) != nil)  // from disk, now in memory too
        clock.advance(61)
        #expect(restarted.cachedData(for: url) == nil)
        #expect(try JSONValue(parsing: try await restarted.data(for: url))["count"] == 2)
    }

    @Test("an infinite lifetime keeps entries for ever")
    func infiniteLifetime() async throws {
        let server = try await TestHTTPServer.shared()
        let folder = try TemporaryDirectory()
        let clock = TestClock()
        let cache = try DataCache(folder: folder.url, lifetime: .infinity, now: { clock.now })
        let url = server.url("/bytes/64")
        let data = try await cache.data(for: url)
        clock.advance(1e9)
        #expect(cache.cachedData(for: url) == data)
    }

    @Test("a failed download is CacheError.download carrying the network's error, and caches nothing")
    func failure() async throws {
        let server = try await TestHTTPServer.shared()
        let folder = try TemporaryDirectory()
        let cache = try DataCache(folder: folder.url)
        let url = server.url("/status/404")
        do throws(CacheError) {
            _ = try await cache.data(for: url)
            Issue.record("a 404 was cached")
        } catch {
            guard case .download(let failure) = error else {
                Issue.record("expected download, got \(error)")
                return
            }
            guard case .httpStatus(_, let status, _) = failure.error else {
                Issue.record("expected an HTTP status, got \(failure.error)")
                return
            }
            #expect(status == 404)
            #expect(error.description == failure.error.description)
        }
        #expect(cache.cachedData(for: url) == nil)
        #expect(try await cache.totalSize() == DataCache.Size(memoryBytes: 0, diskBytes: 0))
    }

    @Test("a cancelled download is CacheError.cancelled naming the URL")
    func cancelledDownload() async throws {
        let server = try await TestHTTPServer.shared()
        let folder = try TemporaryDirectory()
        let cache = try DataCache(folder: folder.url)
        let url = server.url("/delay/30")
        let task = Task { () async throws(CacheError) -> Data in try await cache.data(for: url) }
        task.cancel()
        let result = await task.result
        #expect(throws: CacheError.cancelled(url.absoluteString)) { try result.get() }
        #expect(cache.cachedData(for: url) == nil)
    }

    @Test("removeExpired takes from disk what was not read for the age, and from memory what disk let go")
    func removeExpired() async throws {
        let server = try await TestHTTPServer.shared()
        let folder = try TemporaryDirectory()
        let clock = TestClock()
        let cache = try DataCache(folder: folder.url, now: { clock.now })
        let old = server.url("/bytes/100")
        let fresh = server.url("/bytes/200")
        _ = try await cache.data(for: old)
        clock.advance(8 * 24 * 3600)
        _ = try await cache.data(for: fresh)
        let summary = try await cache.removeExpired(olderThan: DiskCache.oneWeek, now: clock.now)
        #expect(summary.removedFiles == 1)
        #expect(cache.cachedData(for: old) == nil)
        #expect(cache.cachedData(for: fresh)?.count == 200)
    }

    @Test("totalSize counts both layers; removeAll empties both and keeps the folder")
    func sizeAndClear() async throws {
        let server = try await TestHTTPServer.shared()
        let folder = try TemporaryDirectory()
        let cache = try DataCache(folder: folder.url)
        _ = try await cache.data(for: server.url("/bytes/1000"))
        _ = try await cache.data(for: server.url("/bytes/2000"))
        #expect(try await cache.totalSize() == DataCache.Size(memoryBytes: 3000, diskBytes: 3000 + 2 * 16))
        let summary = try await cache.removeAll()
        #expect(summary.removedFiles == 2)
        #expect(try await cache.totalSize() == DataCache.Size(memoryBytes: 0, diskBytes: 0))
        #expect(FileManager.default.fileExists(atPath: folder.url.path))
        try cache.remove(server.url("/bytes/1000"))  // removing what is gone is fine
    }
}
