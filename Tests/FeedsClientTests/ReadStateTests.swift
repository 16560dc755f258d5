import BasicCore
import FeedsClient
import Foundation
import TestSupport
import Testing

/// Read state: one item, several, all, per feed; `--json` ids.
@Suite struct ReadStateTests {
    static func twoFeeds() async throws -> (FeedsFixture, Subscription, Subscription) {
        let fixture = try await FeedsFixture()
        try await fixture.serve("a.xml", SampleFeed.rss(title: "A", SampleFeed.numbered(1...3)))
        try await fixture.serve(
            "b.xml",
            SampleFeed.rss(title: "B", SampleFeed.numbered(1...2, start: Date(timeIntervalSince1970: 1_600_000_000))))
        let a = try await fixture.subscriptions.add(fixture.url("a.xml"))
        let b = try await fixture.subscriptions.add(fixture.url("b.xml"), folder: "Later")
        return (fixture, a, b)
    }

    @Test("mark-read and unread take item ids; all or nothing when one is unknown")
    func markItems() async throws {
        let (fixture, a, _) = try await Self.twoFeeds()
        let items = try fixture.subscriptions.items()
        #expect(items.count == 5)
        #expect(try fixture.subscriptions.markRead([items[0].id, items[1].id]) == 2)
        #expect(try fixture.subscriptions.markRead([items[0].id]) == 0)
        #expect(try fixture.subscriptions.items(unreadOnly: true).map(\.id) == items.dropFirst(2).map(\.id))
        #expect(try fixture.subscriptions.markUnread([items[1].id]) == 1)
        do {
            try fixture.subscriptions.markRead([items[2].id, a.id + "zzzzzz"])
            Issue.record("an unknown id was accepted")
        } catch {
            guard case .unknownItem = error else {
                Issue.record("the error was \(error)")
                return
            }
        }
        #expect(try fixture.subscriptions.item(items[2].id).isRead == false, "nothing changed")
        #expect(throws: FeedsError.self) { try fixture.subscriptions.item("!!") }
    }

    @Test("mark all read: everything, one feed's, or one folder's")
    func markAll() async throws {
        let (fixture, a, b) = try await Self.twoFeeds()
        #expect(try fixture.subscriptions.markAllRead(in: .feed(b.url.absoluteString)) == 2)
        #expect(try fixture.subscriptions.subscription(a.id).unreadCount == 3)
        #expect(try fixture.subscriptions.subscription(b.id).unreadCount == 0)
        try fixture.subscriptions.markUnread(try fixture.subscriptions.items(in: .folder("Later")).map(\.id))
        #expect(try fixture.subscriptions.markAllRead(in: .folder("Later")) == 2)
        #expect(try fixture.subscriptions.markAllRead() == 3)
        #expect(try fixture.subscriptions.items(unreadOnly: true).isEmpty)
        #expect(throws: FeedsError.self) {
            try fixture.subscriptions.markAllRead(in: .feed("https://nowhere.example/"))
        }
    }

    @Test("items are newest first across feeds, and their JSON has the id the commands take")
    func itemsJSON() async throws {
        let (fixture, a, _) = try await Self.twoFeeds()
        let items = try fixture.subscriptions.items()
        #expect(items.map(\.feedTitle) == ["A", "A", "A", "B", "B"])
        #expect(items.map(\.title) == ["Entry 3", "Entry 2", "Entry 1", "Entry 2", "Entry 1"])
        let json = items[0].jsonValue
        #expect(json["id"] == .string(items[0].id))
        #expect(json["feed"] == .string(a.url.absoluteString))
        #expect(json["title"] == "Entry 3")
        #expect(json["link"] == "https://example.org/3")
        #expect(json["read"] == false)
        #expect(json["date"]?.asString?.hasPrefix("2023-11-") == true)
        let opened = try fixture.subscriptions.open(items[0].id)
        #expect(opened.isRead && opened.jsonValue["read"] == true)
        #expect(opened.body?.contains("Summary of entry 3") == true)
    }
}
