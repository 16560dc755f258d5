import FeedsClient
import Foundation
import TestSupport
import Testing

/// Search over titles, summaries and bodies, with nothing in the clear on disk.
@Suite struct SearchTests {
    static func library() async throws -> FeedsFixture {
        let fixture = try await FeedsFixture()
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        try await fixture.serve(
            "a.xml",
            SampleFeed.rss(
                title: "A",
                [
                    .init(id: "1", title: "Swift Concurrency Notes", date: start + 30, summary: "actors and tasks"),
                    .init(id: "2", title: "Cooking", date: start + 20, summary: "<p>Soup &amp; <b>bread</b></p>"),
                    .init(
                        id: "3", title: "Untitled", date: start + 10, summary: "short",
                        content: "<div>The body mentions <em>zeppelinfinder</em> once.</div>"),
                ]))
        try await fixture.serve(
            "b.xml",
            SampleFeed.rss(
                title: "B",
                [
                    .init(id: "4", title: "并发编程笔记", date: start + 40, summary: "Swift 的 actor"),
                    .init(id: "5", title: "ÉCOLE", date: start, summary: "accents"),
                ]))
        _ = try await fixture.subscriptions.add(fixture.url("a.xml"))
        _ = try await fixture.subscriptions.add(fixture.url("b.xml"), folder: "中文")
        return fixture
    }

    @Test("every word must appear, in any case, in the title, the summary or the saved body")
    func words() async throws {
        let fixture = try await Self.library()
        let search = fixture.subscriptions
        #expect(try search.search("swift").map(\.title) == ["并发编程笔记", "Swift Concurrency Notes"])
        #expect(try search.search("SWIFT actors").map(\.title) == ["Swift Concurrency Notes"])
        #expect(try search.search("bread").map(\.title) == ["Cooking"])
        #expect(try search.search("zeppelinfinder").map(\.title) == ["Untitled"])
        #expect(try search.search("并发").map(\.title) == ["并发编程笔记"])
        #expect(try search.search("école").map(\.title) == ["ÉCOLE"])
        #expect(try search.search("<b>").isEmpty, "markup is not searched")
        #expect(try search.search("   ").isEmpty)
        #expect(try search.search("swift", in: .folder("中文")).map(\.title) == ["并发编程笔记"])
    }

    @Test("search finds what a refresh changed, and forgets what trimming dropped")
    func followsRefresh() async throws {
        let fixture = try await Self.library()
        try await fixture.serve("a.xml", SampleFeed.rss(title: "A", [.init(id: "1", title: "Renamed to quokka")]))
        try fixture.subscriptions.setMaximumItems(1, for: fixture.address("a.xml"))
        _ = try await fixture.subscriptions.refresh()
        #expect(try fixture.subscriptions.search("quokka").count == 1)
        #expect(try fixture.subscriptions.search("concurrency").isEmpty)
        #expect(try fixture.subscriptions.search("zeppelinfinder").isEmpty)
    }

    @Test("no title, summary or body, and no search text, is written to disk in the clear")
    func nothingInTheClear() async throws {
        let fixture = try await Self.library()
        #expect(try fixture.subscriptions.search("zeppelinfinder").count == 1)
        try fixture.subscriptions.markRead([try #require(try fixture.subscriptions.items().first).id])
        var bytes = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.directory.url.path) {
            bytes.append(try Data(contentsOf: fixture.directory.path(name)))
        }
        #expect(bytes.count > 10_000)
        for secret in ["zeppelinfinder", "Concurrency", "Soup", "并发编程", "example.org", fixture.prefix] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in the clear")
        }
    }

    @Test("quotes, backslashes, control characters and the index's own separator in items do not break the index")
    func awkwardCharacters() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve(
            "a.xml",
            SampleFeed.rss([
                .init(id: "1", title: "Say \"hello\" \\ back", summary: "tab\there"),
                .init(id: "2", title: "Private \u{E000} use", summary: "next record"),
                .init(id: "3", title: "Third", summary: "plain words"),
            ]))
        _ = try await fixture.subscriptions.add(fixture.url("a.xml"))
        #expect(try fixture.subscriptions.search("\"hello\"").map(\.title) == ["Say \"hello\" \\ back"])
        #expect(try fixture.subscriptions.search("tab here").count == 1)
        #expect(try fixture.subscriptions.search("private use").count == 1)
        #expect(try fixture.subscriptions.search("next record").map(\.title) == ["Private \u{E000} use"])
        #expect(try fixture.subscriptions.search("plain words").map(\.title) == ["Third"])
    }
}
