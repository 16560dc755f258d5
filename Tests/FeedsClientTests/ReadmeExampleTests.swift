import BasicStore
import FeedsClient
import Foundation
import TestSupport
import Testing

/// README.md's FeedsClient example, against the feed server instead of example.org: if this
/// breaks, so does the README.
@Suite struct FeedsReadmeExampleTests {
    @Test("the README's FeedsClient example works as written")
    func readme() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve(
            "index.html",
            #"<html><head><link rel="alternate" type="application/rss+xml" href="feed.xml"></head></html>"#
        ) { $0.contentType = "text/html" }
        try await fixture.serve(
            "feed.xml",
            SampleFeed.rss([.init(id: "1", title: "Swift 并发 notes"), .init(id: "2", title: "Other")]))

        let store = try KeyValueStore(
            at: fixture.directory.path("readme.sqlite"), key: .passphrase("correct horse battery staple"))
        let subscriptions = Subscriptions(store: store)
        let page = try Subscriptions.check(address: fixture.address("index.html"))
        let feed = try await subscriptions.add(page, folder: "Blogs")
        try subscriptions.add(preset: .cnblogs)
        let progress = ProgressLog()
        let summary = try await subscriptions.refresh([feed.id]) { progress.append($0) }
        var lines: [String] = []
        for item in try subscriptions.items(unreadOnly: true) { lines.append("\(item.id) \(item.title)") }
        let hits = try subscriptions.search("swift 并发")
        let opml = try subscriptions.exportOPML().data

        #expect(feed.url.absoluteString == fixture.address("feed.xml"))
        #expect(progress.lines == ["refreshed 1/1"])
        #expect(summary.refreshedCount == 1)
        #expect(lines.count == 2 && lines[0].hasSuffix(" Swift 并发 notes"))
        #expect(hits.map(\.title) == ["Swift 并发 notes"])
        #expect(try OPMLDocument(parsing: opml).entries.count == 4)
    }
}
