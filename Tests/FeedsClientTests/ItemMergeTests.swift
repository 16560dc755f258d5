import FeedsClient
import Foundation
import TestSupport
import Testing

/// Items across refreshes: identity, updates in place, trimming, read state.
@Suite struct ItemMergeTests {
    @Test("an entry seen again is updated in place, never duplicated; new ones are added")
    func dedupAcrossRefreshes() async throws {
        let fixture = try await FeedsFixture()
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let first: [SampleFeed.Entry] = [
            .init(id: "a", title: "A", link: "https://example.org/a", date: start + 20),
            .init(title: "B by link", link: "https://example.org/b", date: start + 10),
            .init(title: "C by hash", date: start),
        ]
        try await fixture.serve("feed.xml", SampleFeed.rss(first))
        _ = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        let before = try fixture.subscriptions.items()
        #expect(before.map(\.title) == ["A", "B by link", "C by hash"])
        try fixture.subscriptions.markRead([before[0].id])

        var second = first
        second[0].title = "A, retitled"
        second.insert(.init(id: "d", title: "D", date: start + 30), at: 0)
        try await fixture.serve("feed.xml", SampleFeed.rss(second))
        let summary = try await fixture.subscriptions.refresh()
        guard case .updated(let new, let changed) = try #require(summary.results.first).outcome else {
            Issue.record("the refresh was \(summary.results)")
            return
        }
        #expect(new == 1 && changed == 1)
        let after = try fixture.subscriptions.items()
        #expect(after.map(\.title) == ["D", "A, retitled", "B by link", "C by hash"])
        #expect(Array(after.dropFirst().map(\.id)) == before.map(\.id))
        #expect(after.map(\.isRead) == [false, true, false, false])

        // A third refresh of the same document changes nothing.
        let third = try await fixture.subscriptions.refresh()
        guard case .updated(0, 0) = try #require(third.results.first).outcome else {
            Issue.record("the refresh was \(third.results)")
            return
        }
        #expect(try fixture.subscriptions.items() == after)
    }

    @Test("item ids are short, stable and start with the feed's id")
    func shortIDs() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...20)))
        let feed = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        let items = try fixture.subscriptions.items()
        #expect(feed.id.count == 4)
        #expect(items.allSatisfy { $0.id.count == 10 && $0.id.hasPrefix(feed.id) })
        #expect(Set(items.map(\.id)).count == 20)
        #expect(try fixture.subscriptions.item(items[3].id).title == items[3].title)
    }

    @Test("a feed keeps its newest N items; read state survives trimming for the items still there")
    func trimmingKeepsReadState() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...5)))
        let feed = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        try fixture.subscriptions.setMaximumItems(4, for: feed.id)
        #expect(try fixture.subscriptions.items().map(\.title) == ["Entry 5", "Entry 4", "Entry 3", "Entry 2"])
        let items = try fixture.subscriptions.items()
        // Entry 3 and Entry 2 are read; Entry 2 will be trimmed.
        try fixture.subscriptions.markRead([items[2].id, items[3].id])

        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...7)))
        _ = try await fixture.subscriptions.refresh()
        let after = try fixture.subscriptions.items()
        #expect(after.map(\.title) == ["Entry 7", "Entry 6", "Entry 5", "Entry 4"])
        // The read state of the trimmed items went with them: Entry 3, back in a longer list
        // under the same id, is unread.
        try fixture.subscriptions.setMaximumItems(6, for: feed.id)
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(3...7)))
        _ = try await fixture.subscriptions.refresh()
        let grown = try fixture.subscriptions.items()
        #expect(grown.map(\.title) == ["Entry 7", "Entry 6", "Entry 5", "Entry 4", "Entry 3"])
        #expect(grown.last?.id == items[2].id)
        #expect(grown.map(\.isRead) == [false, false, false, false, false])
        #expect(try fixture.subscriptions.subscription(feed.id).unreadCount == 5)
    }

    @Test("read state of items kept through a trim stays read")
    func readStateKept() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...3)))
        let feed = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        try fixture.subscriptions.setMaximumItems(3, for: feed.id)
        let items = try fixture.subscriptions.items()
        try fixture.subscriptions.markRead([items[0].id, items[2].id])  // Entry 3 and Entry 1
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...4)))
        _ = try await fixture.subscriptions.refresh()
        let after = try fixture.subscriptions.items()
        #expect(after.map(\.title) == ["Entry 4", "Entry 3", "Entry 2"])
        #expect(after.map(\.isRead) == [false, true, false])
        #expect(try fixture.subscriptions.subscription(feed.id).unreadCount == 2)
    }

    @Test("the default keeps 500 items per feed")
    func defaultMaximum() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...520)))
        let feed = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        #expect(feed.itemCount == 500)
        #expect(try fixture.subscriptions.items().last?.title == "Entry 21")
    }
}
