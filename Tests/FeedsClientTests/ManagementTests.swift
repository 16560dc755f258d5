import BasicCore
import FeedsClient
import Foundation
import TestSupport
import Testing

/// Listing, renaming, moving and removing subscriptions, and what `list --json` gives.
@Suite struct ManagementTests {
    @Test("list gives each feed's title, unread count, last refresh and last error, in the order added")
    func list() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("a.xml", SampleFeed.rss(title: "Alpha", SampleFeed.numbered(1...3)))
        try await fixture.serve("b.xml", SampleFeed.rss(title: "Beta", SampleFeed.numbered(1...2)))
        _ = try await fixture.subscriptions.add(fixture.url("a.xml"), folder: "News")
        _ = try await fixture.subscriptions.add(fixture.url("b.xml"), title: "My Beta")
        try fixture.subscriptions.markRead([
            try #require(try fixture.subscriptions.items(in: .feed(fixture.address("a.xml"))).first).id
        ])
        try await fixture.server.set(.init(path: fixture.path("b.xml"), status: 500))
        _ = try await fixture.subscriptions.refresh()

        let list = try fixture.subscriptions.subscriptions()
        #expect(list.map(\.title) == ["Alpha", "My Beta"])
        #expect(list.map(\.unreadCount) == [2, 2])
        #expect(list.map(\.itemCount) == [3, 2])
        #expect(list[0].lastError == nil && list[0].lastRefresh != nil)
        #expect(list[1].lastError?.contains("HTTP 500") == true)
        #expect(list.map(\.folder) == ["News", nil])

        let json = list[1].jsonValue
        #expect(json["url"] == .string(fixture.address("b.xml")))
        #expect(json["title"] == "My Beta")
        #expect(json["unread"] == 2)
        #expect(json["lastRefresh"]?.asString?.hasSuffix("Z") == true)
        #expect(json["lastError"]?.asString?.contains("500") == true)
        #expect(list[0].jsonValue["lastError"] == .null)
    }

    @Test("rename and move change the title and folder; a feed is found by URL or id")
    func renameAndMove() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("a.xml", SampleFeed.rss(title: "Alpha", SampleFeed.numbered(1...1)))
        let feed = try await fixture.subscriptions.add(fixture.url("a.xml"))
        #expect(try fixture.subscriptions.rename(feed.id, to: "  Renamed  ").title == "Renamed")
        #expect(try fixture.subscriptions.rename(fixture.address("a.xml"), to: nil).title == "Alpha")
        #expect(try fixture.subscriptions.move(feed.id, toFolder: "/Tech//Swift/").folder == "Tech/Swift")
        #expect(try fixture.subscriptions.subscriptions(in: "Tech").count == 1)
        #expect(try fixture.subscriptions.subscriptions(in: "Tech/Swift").count == 1)
        #expect(try fixture.subscriptions.subscriptions(in: "Te").isEmpty)
        #expect(try fixture.subscriptions.items(in: .folder("Tech")).count == 1)
        #expect(try fixture.subscriptions.folders() == ["Tech/Swift"])
        #expect(try fixture.subscriptions.move(feed.id, toFolder: nil).folder == nil)
        #expect(throws: FeedsError.self) { try fixture.subscriptions.rename("zzzz", to: "x") }
    }

    @Test("remove deletes the feed, its items, bodies, read state and search text")
    func remove() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("a.xml", SampleFeed.rss([.init(id: "1", title: "One", content: "<p>Body</p>")]))
        try await fixture.serve("b.xml", SampleFeed.rss(SampleFeed.numbered(1...1)))
        let a = try await fixture.subscriptions.add(fixture.url("a.xml"))
        let b = try await fixture.subscriptions.add(fixture.url("b.xml"))
        try fixture.subscriptions.markAllRead()
        #expect(try fixture.subscriptions.remove(fixture.address("a.xml")).id == a.id)
        #expect(try fixture.subscriptions.subscriptions().map(\.id) == [b.id])
        for collection in ["feeds-items", "feeds-read", "feeds-search", "feeds"] {
            #expect(try fixture.store.keys(in: collection) == [b.id], "\(collection)")
        }
        #expect(try fixture.store.keys(in: "feeds-bodies").allSatisfy { $0.hasPrefix(b.id) })
        #expect(throws: FeedsError.self) { try fixture.subscriptions.remove(a.id) }
    }

    @Test("settings out of range are refused")
    func invalidSettings() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("a.xml", SampleFeed.rss(SampleFeed.numbered(1...1)))
        let feed = try await fixture.subscriptions.add(fixture.url("a.xml"))
        #expect(throws: FeedsError.self) { try fixture.subscriptions.setMaximumItems(0, for: feed.id) }
        #expect(throws: FeedsError.self) { try fixture.subscriptions.setMinimumInterval(.seconds(-1), for: feed.id) }
        #expect(
            try fixture.subscriptions.setMinimumInterval(.seconds(1800), for: feed.id).minimumInterval == .seconds(1800)
        )
        #expect(try fixture.subscriptions.setMinimumInterval(nil, for: feed.id).minimumInterval == nil)
    }

    @Test("the cnblogs preset adds the site home, picked and news feeds once")
    func preset() async throws {
        let fixture = try await FeedsFixture()
        let report = try fixture.subscriptions.add(preset: try FeedPreset.named("CNBLOGS"))
        #expect(
            report.added.map(\.url.absoluteString) == [
                "https://feed.cnblogs.com/blog/sitehome/rss", "https://feed.cnblogs.com/blog/picked/rss",
                "https://feed.cnblogs.com/news/rss",
            ])
        #expect(report.added.allSatisfy { $0.folder == "cnblogs" })
        #expect(report.added.map(\.title) == ["博客园 首页", "博客园 精华", "博客园 新闻"])
        let again = try fixture.subscriptions.add(preset: .cnblogs)
        #expect(again.added.isEmpty && again.duplicates.count == 3)
        #expect(throws: FeedsError.self) { try FeedPreset.named("nope") }
    }
}
