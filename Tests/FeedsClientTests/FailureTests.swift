import FeedsClient
import Foundation
import TestSupport
import Synchronization
import Testing

/// Feeds that fail keep their items, and their error until the next success.
@Suite struct FailureTests {
    @Test(
        "a failing feed keeps its items and its error until the next success",
        arguments: ["status", "drop", "not a feed", "malformed"])
    func failingFeedKeepsItems(failure: String) async throws {
        let fixture = try await FeedsFixture()
        let path = fixture.path("feed.xml")
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...3)))
        let feed = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        let before = try fixture.subscriptions.items()
        try fixture.subscriptions.markRead([before[0].id])
        switch failure {
        case "status": try await fixture.server.set(.init(path: path, status: 500, body: "oops"))
        case "drop": try await fixture.server.set(.init(path: path, drop: true))
        case "not a feed": try await fixture.server.set(.init(path: path, body: "<html><body>gone</body></html>"))
        default: try await fixture.server.set(.init(path: path, body: "<rss version=\"2.0\"><channel><title>cut"))
        }

        let failed = try await fixture.subscriptions.refresh()
        #expect(failed.failures.count == 1)
        let broken = try fixture.subscriptions.subscription(feed.id)
        let error = try #require(broken.lastError)
        #expect(!error.isEmpty && !error.contains("\n"))
        #expect(broken.lastRefresh == feed.lastRefresh)
        let kept = try fixture.subscriptions.items()
        #expect(kept.map(\.title) == before.map(\.title))
        #expect(kept.map(\.summary) == before.map(\.summary))
        #expect(try fixture.subscriptions.items().map(\.id) == before.map(\.id))
        #expect(try fixture.subscriptions.items().map(\.isRead) == [true, false, false])

        // A second failure keeps the error; a success clears it.
        _ = try await fixture.subscriptions.refresh()
        #expect(try fixture.subscriptions.subscription(feed.id).lastError != nil)
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...4)))
        _ = try await fixture.subscriptions.refresh()
        let healed = try fixture.subscriptions.subscription(feed.id)
        #expect(healed.lastError == nil)
        #expect(healed.itemCount == 4)
        #expect(try #require(healed.lastRefresh) > (feed.lastRefresh ?? .distantPast))
    }

    @Test("a server that fails twice and then answers: the first refreshes fail, a later one succeeds")
    func intermittent() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...2)))
        _ = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...3))) {
            $0.failTimes = 2
            $0.failStatus = 502
        }
        #expect(try await fixture.subscriptions.refresh().failures.count == 1)
        #expect(try await fixture.subscriptions.refresh().failures.count == 1)
        #expect(try await fixture.subscriptions.refresh().newItemCount == 1)
    }

    @Test("a list of feeds where some fail: the others are refreshed, and each failure has its reason")
    func someFail() async throws {
        let fixture = try await FeedsFixture()
        for name in ["a", "b", "c", "d"] {
            try await fixture.serve("\(name).xml", SampleFeed.rss(title: name, SampleFeed.numbered(1...2)))
            _ = try await fixture.subscriptions.add(fixture.url("\(name).xml"))
        }
        try await fixture.server.set(.init(path: fixture.path("b.xml"), status: 404))
        try await fixture.server.set(.init(path: fixture.path("d.xml"), status: 410))
        let progress = ProgressLog()
        let summary = try await fixture.subscriptions.refresh { progress.append($0) }
        #expect(summary.results.map(\.title) == ["a", "b", "c", "d"])
        #expect(summary.failures.map(\.title) == ["b", "d"])
        #expect(summary.failures.allSatisfy { $0.description.contains("answered HTTP 4") })
        #expect(summary.refreshedCount == 2)
        let lines = progress.lines
        #expect(lines.count == 4)
        #expect(lines.last == "refreshed 4/4, 2 failed")
        #expect(summary.description == "refreshed 2 feeds (0 not modified), 0 new items, 2 failed, 0 not due")
    }
}

/// Progress lines collected from any thread.
final class ProgressLog: Sendable {
    private let stored = Mutex<[String]>([])

    func append(_ progress: RefreshProgress) {
        stored.withLock { $0.append(progress.description) }
    }

    var lines: [String] { stored.withLock { $0 } }
}
