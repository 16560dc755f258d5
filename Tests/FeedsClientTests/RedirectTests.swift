import FeedsClient
import Foundation
import TestSupport
import Testing

/// Redirects: permanent ones move the subscription, temporary ones do not.
@Suite struct RedirectTests {
    @Test("301 and 308 at refresh move the subscription; 302 and 307 do not", arguments: [301, 308, 302, 307])
    func redirectAtRefresh(status: Int) async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("old.xml", SampleFeed.rss(SampleFeed.numbered(1...2)))
        let feed = try await fixture.subscriptions.add(fixture.url("old.xml"))
        try await fixture.serve("new.xml", SampleFeed.rss(SampleFeed.numbered(1...3)))
        try await fixture.server.set(
            .init(path: fixture.path("old.xml"), status: status, location: fixture.path("new.xml")))

        let summary = try await fixture.subscriptions.refresh()
        let result = try #require(summary.results.first)
        let isPermanent = status == 301 || status == 308
        #expect((result.movedTo != nil) == isPermanent)
        let after = try fixture.subscriptions.subscription(feed.id)
        #expect(after.url.absoluteString == fixture.address(isPermanent ? "new.xml" : "old.xml"))
        #expect(after.itemCount == 3, "the items came from the redirect's target")

        _ = try await fixture.subscriptions.refresh()
        #expect(try await fixture.hits("old.xml").hits == (isPermanent ? 1 : 2))
        #expect(try await fixture.hits("new.xml").hits == 2)
    }

    @Test("a permanent redirect at add subscribes to the target; a temporary one to the address given")
    func redirectAtAdd() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...1)))
        try await fixture.server.set(
            .init(path: fixture.path("moved"), status: 301, location: fixture.path("feed.xml")))
        try await fixture.server.set(
            .init(path: fixture.path("elsewhere"), status: 302, location: fixture.path("feed.xml")))
        let moved = try await fixture.subscriptions.add(fixture.url("moved"))
        #expect(moved.url.absoluteString == fixture.address("feed.xml"))
        await #expect(throws: FeedsError.self) { try await fixture.subscriptions.add(fixture.url("feed.xml")) }
        try fixture.subscriptions.remove(moved.id)
        let temporary = try await fixture.subscriptions.add(fixture.url("elsewhere"))
        #expect(temporary.url.absoluteString == fixture.address("elsewhere"))
    }

    @Test("a 301 then a 302 moves the feed only as far as the permanent step")
    func mixedChain() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("final.xml", SampleFeed.rss(SampleFeed.numbered(1...1)))
        try await fixture.server.set(.init(path: fixture.path("b"), status: 302, location: fixture.path("final.xml")))
        try await fixture.server.set(.init(path: fixture.path("a"), status: 301, location: fixture.path("b")))
        let feed = try await fixture.subscriptions.add(fixture.url("a"))
        #expect(feed.url.absoluteString == fixture.address("b"))
    }

    @Test("a redirect loop, and a redirect to another scheme, are errors that keep the items")
    func badRedirects() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...2)))
        let feed = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        try await fixture.server.set(.init(path: fixture.path("feed.xml"), status: 307, location: fixture.path("loop")))
        try await fixture.server.set(.init(path: fixture.path("loop"), status: 307, location: fixture.path("feed.xml")))
        let looped = try await fixture.subscriptions.refresh()
        guard case .failed(.badRedirect) = try #require(looped.results.first).outcome else {
            Issue.record("the refresh was \(looped.results)")
            return
        }
        try await fixture.server.set(
            .init(path: fixture.path("feed.xml"), status: 301, location: "javascript:alert(1)"))
        let scheme = try await fixture.subscriptions.refresh()
        guard case .failed(.badRedirect) = try #require(scheme.results.first).outcome else {
            Issue.record("the refresh was \(scheme.results)")
            return
        }
        let after = try fixture.subscriptions.subscription(feed.id)
        #expect(after.url == feed.url)
        #expect(after.itemCount == 2)
        #expect(after.lastError?.contains("redirects badly") == true)
    }
}
