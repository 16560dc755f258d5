import CnblogsClient
import FeedsClient
import Foundation
import ReaderApp
import TestSupport
import Testing

/// RSS feeds for the 订阅 tab's tests, served by TestSupport's feed server.
enum SubscriptionFeeds {
    struct Entry {
        var id: String
        var title: String
        var date: Date
        var content: String
    }

    /// `count` entries with CJK titles, newest first, an hour apart before `end`.
    static func entries(_ count: Int, end: Date = Date(timeIntervalSince1970: 1_773_288_000)) -> [Entry] {
        (0..<count).map { index in
            Entry(
                id: "item-\(count - index)", title: "第 \(count - index) 篇：订阅里的文章",
                date: end - Double(index) * 3600, content: "<p>正文 \(count - index)：<b>并发</b>与 Mutex。</p>")
        }
    }

    static func rss(title: String, _ entries: [Entry]) -> String {
        let items = entries.map { entry in
            "<item><title>\(entry.title)</title><guid isPermaLink=\"false\">\(entry.id)</guid>"
                + "<link>https://example.org/\(entry.id)</link><pubDate>\(httpDate(entry.date))</pubDate>"
                + "<content:encoded><![CDATA[\(entry.content)]]></content:encoded></item>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
            <title>\(title)</title><link>https://example.org/</link>
            \(items.joined(separator: "\n"))
            </channel></rss>
            """
    }

    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    /// Serves `body` at a path of its own, returning its URL.
    static func serve(_ server: FeedTestServer, _ name: String, _ body: String, status: Int? = nil) async throws
        -> URL
    {
        let path = "/reader/\(UUID().uuidString.lowercased())/\(name)"
        try await server.set(.init(path: path, status: status, body: body, contentType: "application/rss+xml"))
        return server.url(path)
    }

    /// The files under `folder`, with their sizes and modification times; SQLite's `-wal` and
    /// `-shm` files left out (a read-only connection to a WAL store makes them, as
    /// `bsl feeds list` does: BasicStore's, not the reader's).
    static func snapshot(_ folder: URL) -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.path.hasSuffix("-wal") || url.path.hasSuffix("-shm") { continue }
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            files[url.path] = "\(attributes?[.size] ?? 0) \(attributes?[.modificationDate] ?? "")"
        }
        return files
    }
}

/// The 订阅 tab's source on a real library (the offline library's encrypted store, as `bsl feeds`
/// keeps it) in a temporary folder, with feeds from the local feed server.
@Suite struct ReaderFeedsTests {
    @Test("no library: an empty list and nothing made; changing and refreshing say how to add a feed")
    func noLibrary() async throws {
        let folder = try TemporaryDirectory(prefix: "ReaderFeedsTests")
        let library = folder.path("library")
        let feeds = ReaderFeeds(library: library)
        #expect(try await feeds.feeds().get().isEmpty)
        guard case .failure(let failure) = await feeds.items(ofFeed: "k3f9") else {
            Issue.record("a library that is not there had items")
            return
        }
        #expect(failure.message.contains("k3f9"))
        guard case .failure(let refresh) = await feeds.refresh(progress: { _ in }) else {
            Issue.record("a library that is not there was refreshed")
            return
        }
        #expect(refresh.message.contains("bsl feeds add URL"), "\(refresh.message)")
        guard case .failure(let marking) = await feeds.markAllRead(ofFeed: "k3f9") else {
            Issue.record("a library that is not there was marked read")
            return
        }
        #expect(marking.message.contains("no subscriptions in"))
        #expect(!FileManager.default.fileExists(atPath: library.path), "nothing was made")
        guard case .failure(let none) = await ReaderFeeds(library: nil).feeds() else {
            Issue.record("no folder at all gave a list")
            return
        }
        #expect(none.message.contains("--library"))
    }

    @Test("feeds added and refreshed from the local server load with their folders and counts; items open and mark")
    func library() async throws {
        let server = try await FeedTestServer.shared()
        let folder = try TemporaryDirectory(prefix: "ReaderFeedsTests")
        let libraryFolder = folder.path("library")
        let blog = try await SubscriptionFeeds.serve(
            server, "blog.xml", SubscriptionFeeds.rss(title: "南山的博客", SubscriptionFeeds.entries(3)))
        let news = try await SubscriptionFeeds.serve(
            server, "news.xml", SubscriptionFeeds.rss(title: "新闻", SubscriptionFeeds.entries(5)))
        do {
            // As `bsl feeds add` would: the library made read-write, the subscriptions in its store.
            let subscriptions = Subscriptions(store: try OfflineLibrary(folder: libraryFolder).store)
            _ = try subscriptions.add([
                OPMLEntry(url: blog.absoluteString), OPMLEntry(url: news.absoluteString, folder: "资讯"),
            ])
            _ = try await subscriptions.refresh()
        }
        let feeds = ReaderFeeds(library: libraryFolder)
        let before = SubscriptionFeeds.snapshot(libraryFolder)
        let listed = try await feeds.feeds().get()
        #expect(listed.map(\.title) == ["南山的博客", "新闻"])
        #expect(listed.map(\.folder) == [nil, "资讯"])
        #expect(listed.map(\.unreadCount) == [3, 5])
        #expect(listed.map(\.itemCount) == [3, 5])
        let items = try await feeds.items(ofFeed: listed[1].id).get()
        #expect(items.map(\.title).first == "第 5 篇：订阅里的文章", "newest first")
        #expect(items.allSatisfy { !$0.isRead && $0.feedID == listed[1].id })
        #expect(SubscriptionFeeds.snapshot(libraryFolder) == before, "listing changed no file")

        let article = try await feeds.open(items[0]).get()
        #expect(article.title == "第 5 篇：订阅里的文章")
        #expect(article.link == news, "relative links resolve against the body's base, as bsl feeds read does")
        let text = TerminalText.render(html: article.html, width: 40, base: article.link)
        #expect(text.contains("正文 5") && text.contains("Mutex"), "\(text)")
        #expect(try await feeds.feeds().get().map(\.unreadCount) == [3, 4], "opened means read")
        #expect(try await feeds.items(ofFeed: listed[1].id).get()[0].isRead)

        #expect(try await feeds.markAllRead(ofFeed: listed[1].id).get() == 4)
        #expect(try await feeds.feeds().get().map(\.unreadCount) == [3, 0])
        #expect(try await feeds.markAllRead(ofFeed: listed[1].id).get() == 0)
    }

    @Test("a refresh reports its progress feed by feed, then every feed's new counts and who failed")
    func refresh() async throws {
        let server = try await FeedTestServer.shared()
        let folder = try TemporaryDirectory(prefix: "ReaderFeedsTests")
        let libraryFolder = folder.path("library")
        let good = try await SubscriptionFeeds.serve(
            server, "good.xml", SubscriptionFeeds.rss(title: "好的", SubscriptionFeeds.entries(2)))
        let broken = try await SubscriptionFeeds.serve(server, "broken.xml", "oops", status: 500)
        do {
            let subscriptions = Subscriptions(store: try OfflineLibrary(folder: libraryFolder).store)
            _ = try subscriptions.add([
                OPMLEntry(url: good.absoluteString, title: "好的"), OPMLEntry(url: broken.absoluteString, title: "坏的"),
            ])
        }
        let (progress, reported) = AsyncStream.makeStream(of: SubscriptionsProgress.self)
        let refresh = try await ReaderFeeds(library: libraryFolder).refresh { reported.yield($0) }.get()
        reported.finish()
        var seen: [SubscriptionsProgress] = []
        for await state in progress { seen.append(state) }
        #expect(seen.map(\.done) == [1, 2])
        #expect(seen.map(\.total) == [2, 2])
        #expect(seen.last?.failed == 1)
        #expect(seen.last?.description == "refreshed 2/2, 1 failed")
        #expect(refresh.summary.hasPrefix("refreshed 1 feed"), "\(refresh.summary)")
        #expect(refresh.failures.count == 1)
        #expect(refresh.failures.first?.hasPrefix("坏的: ") == true, "\(refresh.failures)")
        #expect(refresh.feeds.map(\.unreadCount) == [2, 0])
        #expect(refresh.feeds[1].lastError != nil && refresh.feeds[0].lastError == nil)
    }

    @Test("the effects run as tasks that answer with their request")
    func effects() async throws {
        let folder = try TemporaryDirectory(prefix: "ReaderFeedsTests")
        let (answers, answer) = AsyncStream.makeStream(of: SubscriptionsEvent.self)
        let task = ReaderFeeds(library: folder.path("none")).start(.loadFeeds(RequestID(7))) { answer.yield($0) }
        await task.value
        answer.finish()
        var events: [SubscriptionsEvent] = []
        for await event in answers { events.append(event) }
        #expect(events.count == 1)
        guard case .feedsLoaded(let id, .success(let feeds)) = events.first else {
            Issue.record("not a list: \(events)")
            return
        }
        #expect(id == RequestID(7) && feeds.isEmpty)
    }
}
