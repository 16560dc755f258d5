import BasicStore
import FeedsClient
import Foundation
import Synchronization
import TestSupport

/// A library of subscriptions in a temporary folder, and the feed server's paths of one test.
struct FeedsFixture {
    let directory: TemporaryDirectory
    let store: KeyValueStore
    let subscriptions: Subscriptions
    let server: FeedTestServer
    /// A path prefix no other test uses.
    let prefix: String

    /// A library with `configuration`, except that its requests wait at least two minutes for an
    /// answer: under ThreadSanitizer, with every suite running at once on two cores, the shared
    /// feed server once took more than the default 30 s to answer. No test here is about the
    /// timeout itself.
    init(configuration: Subscriptions.Configuration = .init(), clock: TestClock? = nil) async throws {
        var configuration = configuration
        configuration.timeout = max(configuration.timeout, .seconds(120))
        directory = try TemporaryDirectory(prefix: "FeedsClientTests")
        store = try KeyValueStore(at: directory.path("feeds.sqlite"), key: try StoreKey.randomRaw())
        if let clock {
            subscriptions = Subscriptions(store: store, configuration: configuration, now: { clock.now })
        } else {
            subscriptions = Subscriptions(store: store, configuration: configuration)
        }
        server = try await FeedTestServer.shared()
        prefix = "/t/" + UUID().uuidString.lowercased()
    }

    /// The path `name` under this test's prefix.
    func path(_ name: String) -> String { prefix + "/" + name }

    /// The URL of `name` under this test's prefix, as text.
    func address(_ name: String) -> String { url(name).absoluteString }

    /// The URL of `name` under this test's prefix.
    func url(_ name: String) -> URL { server.url(path(name)) }

    /// Serves `body` at `name`.
    func serve(
        _ name: String, _ body: String, etag: String? = nil,
        configure: (inout FeedTestServer.Resource) -> Void = { _ in }
    )
        async throws
    {
        var resource = FeedTestServer.Resource(
            path: path(name), body: body, contentType: "application/rss+xml", etag: etag)
        configure(&resource)
        try await server.set(resource)
    }

    /// What `name` was asked.
    func hits(_ name: String) async throws -> FeedTestServer.Hits {
        try await server.hits(path(name))
    }
}

/// A clock a test moves by hand.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}

/// Feeds written for the tests.
enum SampleFeed {
    /// An entry of a sample feed.
    struct Entry {
        var id: String?
        var title: String
        var link: String?
        var date: Date?
        var summary: String?
        var content: String?

        init(
            id: String? = nil, title: String, link: String? = nil, date: Date? = nil, summary: String? = nil,
            content: String? = nil
        ) {
            self.id = id
            self.title = title
            self.link = link
            self.date = date
            self.summary = summary
            self.content = content
        }
    }

    /// An RSS 2.0 feed.
    static func rss(title: String = "Sample", link: String = "https://example.org/", _ entries: [Entry]) -> String {
        let items = entries.map { entry in
            var item = "<item><title>\(escaped(entry.title))</title>"
            if let id = entry.id { item += "<guid isPermaLink=\"false\">\(escaped(id))</guid>" }
            if let link = entry.link { item += "<link>\(escaped(link))</link>" }
            if let date = entry.date { item += "<pubDate>\(httpDate(date))</pubDate>" }
            if let summary = entry.summary { item += "<description>\(escaped(summary))</description>" }
            if let content = entry.content { item += "<content:encoded><![CDATA[\(content)]]></content:encoded>" }
            return item + "</item>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
            <title>\(escaped(title))</title><link>\(escaped(link))</link>
            \(items.joined(separator: "\n"))
            </channel></rss>
            """
    }

    /// `count` entries with ids `e<n>`, newest first, an hour apart, from `start`.
    static func numbered(_ range: ClosedRange<Int>, start: Date = Date(timeIntervalSince1970: 1_700_000_000)) -> [Entry]
    {
        range.reversed().map { number in
            Entry(
                id: "e\(number)", title: "Entry \(number)", link: "https://example.org/\(number)",
                date: start + Double(number) * 3600, summary: "Summary of entry \(number)")
        }
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// An HTTP date (RFC 1123).
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
