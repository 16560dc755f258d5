import FeedsClient
import Foundation
import TestSupport
import Testing

/// Conditional GET against the feed server: what a 304 costs and changes.
@Suite struct ConditionalGETTests {
    @Test("a 304 changes nothing: the second refresh sends If-None-Match, gets 304, and the items stay as they were")
    func etagNotModified() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...3)), etag: "\"v1\"")
        let feed = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        #expect(feed.etag == "\"v1\"")
        let before = try fixture.subscriptions.items()
        try fixture.subscriptions.markRead([before[1].id])

        let summary = try await fixture.subscriptions.refresh()
        guard case .notModified = try #require(summary.results.first).outcome else {
            Issue.record("the refresh was \(summary.results)")
            return
        }
        let hits = try await fixture.hits("feed.xml")
        #expect(hits == .init(hits: 2, conditional: 1, notModified: 1))
        let after = try fixture.subscriptions.items()
        #expect(after.map(\.id) == before.map(\.id))
        #expect(after.map(\.title) == before.map(\.title))
        #expect(after.map(\.isRead) == [false, true, false])
        let refreshed = try fixture.subscriptions.subscription(feed.id)
        #expect(refreshed.lastError == nil)
        #expect(refreshed.unreadCount == 2)
        #expect(summary.notModifiedCount == 1)
    }

    @Test("Last-Modified alone is sent back as If-Modified-Since")
    func lastModified() async throws {
        let fixture = try await FeedsFixture()
        let modified = "Mon, 30 Nov 2026 04:10:27 GMT"
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...2))) { $0.lastModified = modified }
        let feed = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        #expect(feed.lastModified == modified)
        _ = try await fixture.subscriptions.refresh()
        _ = try await fixture.subscriptions.refresh()
        #expect(try await fixture.hits("feed.xml") == .init(hits: 3, conditional: 2, notModified: 2))
        #expect(try fixture.subscriptions.items().count == 2)
    }

    @Test("a changed feed answers 200 with a new ETag, which the next refresh sends")
    func changedFeed() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...2)), etag: "\"v1\"")
        _ = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...3)), etag: "\"v2\"")
        let summary = try await fixture.subscriptions.refresh()
        guard case .updated(let new, let changed) = try #require(summary.results.first).outcome else {
            Issue.record("the refresh was \(summary.results)")
            return
        }
        #expect(new == 1 && changed == 0)
        #expect(try fixture.subscriptions.subscriptions().first?.etag == "\"v2\"")
        _ = try await fixture.subscriptions.refresh()
        #expect(try await fixture.hits("feed.xml") == .init(hits: 2, conditional: 2, notModified: 1))
    }

    @Test("gzip-encoded answers are read")
    func gzip() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...4))) { $0.gzip = true }
        let feed = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        #expect(feed.itemCount == 4)
        #expect(try fixture.subscriptions.items().first?.title == "Entry 4")
    }

    @Test("Cache-Control max-age makes the feed not due until it passes; force refreshes it anyway")
    func maxAge() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...2))) {
            $0.cacheControl = "public, max-age=3600"
        }
        let feed = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        let next = try #require(feed.nextRefresh)
        #expect(next > Date() + 3000)
        let skipped = try await fixture.subscriptions.refresh()
        #expect(skipped.skippedCount == 1)
        #expect(try await fixture.hits("feed.xml").hits == 1)
        let forced = try await fixture.subscriptions.refresh(force: true)
        #expect(forced.skippedCount == 0)
        #expect(try await fixture.hits("feed.xml").hits == 2)
    }

    @Test("Retry-After on a 503 is honoured: the feed is not asked again until then")
    func retryAfter() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...2)))
        _ = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        try await fixture.server.set(
            .init(path: fixture.path("feed.xml"), status: 503, body: "busy", retryAfter: "7200"))
        let failed = try await fixture.subscriptions.refresh()
        guard case .failed(.httpStatus(_, 503, 7200)) = try #require(failed.results.first).outcome else {
            Issue.record("the refresh was \(failed.results)")
            return
        }
        let later = try await fixture.subscriptions.refresh()
        #expect(later.skippedCount == 1)
        #expect(try await fixture.hits("feed.xml").hits == 1)
        let feed = try #require(try fixture.subscriptions.subscriptions().first)
        #expect(feed.itemCount == 2)
        #expect(feed.lastError?.contains("503") == true)
        #expect(try #require(feed.nextRefresh) > Date() + 7000)
    }

    @Test("a minimum interval set for a feed keeps it from refreshing sooner; without one it is always due")
    func minimumInterval() async throws {
        let clock = TestClock()
        let fixture = try await FeedsFixture(clock: clock)
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...2)), etag: "\"v1\"")
        let feed = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        #expect(feed.nextRefresh == nil)
        _ = try await fixture.subscriptions.refresh()
        #expect(try await fixture.hits("feed.xml").hits == 2)

        try fixture.subscriptions.setMinimumInterval(.seconds(1800), for: feed.url.absoluteString)
        clock.advance(by: 600)
        #expect(try await fixture.subscriptions.refresh().skippedCount == 1)
        #expect(try await fixture.hits("feed.xml").hits == 2)
        clock.advance(by: 1300)
        #expect(try await fixture.subscriptions.refresh().skippedCount == 0)
        #expect(try await fixture.hits("feed.xml").hits == 3)
    }
}
