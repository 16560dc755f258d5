import FeedsClient
import Foundation
import TestSupport
import Testing

/// `Subscriptions(offline:)`: the store read and its read state changed, with no request sent.
@Suite struct OfflineSubscriptionsTests {
    @Test("offline subscriptions list, open and mark as the online ones do, and send no request")
    func offline() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("a.xml", SampleFeed.rss(title: "A", SampleFeed.numbered(1...3)))
        let added = try await fixture.subscriptions.add(fixture.url("a.xml"))
        #expect(try await fixture.hits("a.xml").hits == 1)

        let offline = Subscriptions(offline: fixture.store)
        #expect(try offline.subscriptions().map(\.unreadCount) == [3])
        let items = try offline.items(in: .feed(added.id))
        #expect(items.count == 3)
        #expect(try offline.open(items[0].id).isRead)
        #expect(try offline.markAllRead(in: .feed(added.id)) == 2)
        #expect(try fixture.subscriptions.subscription(added.id).unreadCount == 0, "the same store changed")

        let summary = try await offline.refresh(force: true)
        #expect(summary.failures.count == 1)
        guard case .failed(.network) = summary.results.first?.outcome else {
            Issue.record("the refresh was \(summary.results.map(\.description))")
            return
        }
        do {
            _ = try await offline.add(fixture.url("b.xml"))
            Issue.record("an offline add succeeded")
        } catch {
            guard case .network = error else {
                Issue.record("the error was \(error)")
                return
            }
        }
        #expect(try await fixture.hits("a.xml").hits == 1, "nothing was sent")
        #expect(try await fixture.hits("b.xml").hits == 0)
    }
}
