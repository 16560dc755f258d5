import BasicStore
import FeedsClient
import Foundation
import TestSupport
import Testing

/// Refreshes at once: coalescing, and the limits per host and in all.
@Suite struct ConcurrencyTests {
    @Test("20 concurrent refreshes of the same feed make one request")
    func coalesced() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...3)))
        let feed = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        // Slow, so that all 20 are waiting while the one request is in flight.
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...4))) { $0.delayMilliseconds = 400 }
        let subscriptions = fixture.subscriptions
        let outcomes = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask { (try? await subscriptions.refresh([feed.url.absoluteString]).newItemCount) ?? -1 }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(try await fixture.hits("feed.xml").hits == 1)
        #expect(outcomes.count == 20)
        #expect(outcomes.allSatisfy { $0 == 1 }, "every caller sees the one refresh's result: \(outcomes)")
        #expect(try fixture.subscriptions.items().count == 4)
    }

    @Test(
        "at most 4 requests go to one host and 16 in all: with 8 per host but 3 in all, 3 at once; with 4 per host, 4")
    func totalLimit() async throws {
        let server = try await FeedTestServer.start()
        defer { server.stop() }
        let directory = try TemporaryDirectory(prefix: "FeedsClientTests")
        let store = try BasicStoreFixture.store(in: directory)
        let subscriptions = Subscriptions(
            store: store, configuration: .init(maximumRequestsPerHost: 8, maximumRequests: 3))
        let body = SampleFeed.rss(SampleFeed.numbered(1...1))
        for index in 0..<9 {
            try await server.set(.init(path: "/\(index).xml", body: body, delayMilliseconds: 150))
        }
        try subscriptions.add((0..<9).map { OPMLEntry(url: server.url("/\($0).xml").absoluteString) })
        try await server.resetStats()
        let summary = try await subscriptions.refresh()
        #expect(summary.refreshedCount == 9)
        let stats = try await server.stats()
        #expect(stats.requests == 9)
        #expect(stats.maxInFlight == 3)

        let perHost = Subscriptions(store: store, configuration: .init(maximumRequestsPerHost: 4, maximumRequests: 16))
        for index in 0..<9 {
            try await server.set(.init(path: "/\(index).xml", body: body, delayMilliseconds: 150))
        }
        try await server.resetStats()
        _ = try await perHost.refresh()
        #expect(try await server.stats().maxInFlight == 4)
    }
}

/// Stores for tests that make their own server.
enum BasicStoreFixture {
    static func store(in directory: TemporaryDirectory) throws -> BasicStore.KeyValueStore {
        try BasicStore.KeyValueStore(
            at: directory.path("feeds.sqlite"), key: try BasicStore.StoreKey.randomRaw())
    }
}
