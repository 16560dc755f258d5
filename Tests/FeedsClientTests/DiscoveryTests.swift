import FeedsClient
import Foundation
import TestSupport
import Testing

/// Adding by a page's address, and feeds served with the wrong headers.
@Suite struct DiscoveryTests {
    @Test("an HTML page that links a feed is followed to it: relative links, <base>, Atom or RSS")
    func autodiscovery() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("blog/feed.atom", atom(title: "The Blog"))
        let page = """
            <!DOCTYPE html><html><head><title>Blog</title>
            <link rel="stylesheet" href="s.css"><link rel="icon" type="image/png" href="i.png">
            <link rel="alternate" type="application/atom+xml" title="Atom" href="blog/feed.atom">
            <link rel="alternate" type="application/rss+xml" href="blog/rss.xml">
            </head><body><p>Hello</p></body></html>
            """
        try await fixture.serve("index.html", page) { $0.contentType = "text/html; charset=utf-8" }
        let feed = try await fixture.subscriptions.add(fixture.url("index.html"))
        #expect(feed.url.absoluteString == fixture.address("blog/feed.atom"))
        #expect(feed.title == "The Blog")
        #expect(feed.itemCount == 1)

        let withBase = """
            <html><head><base href="\(fixture.address("other/"))">
            <LINK REL="Alternate" TYPE="application/rss+xml" HREF="feed.xml"></head></html>
            """
        try await fixture.serve("other/feed.xml", SampleFeed.rss(title: "Other", SampleFeed.numbered(1...2)))
        try await fixture.serve("page", withBase) { $0.contentType = "text/html" }
        let other = try await fixture.subscriptions.add(fixture.url("page"))
        #expect(other.url.absoluteString == fixture.address("other/feed.xml"))
        #expect(try await fixture.hits("page").hits == 1)
    }

    @Test("a page that links no feed is not a feed, and nothing is added")
    func pageWithoutFeed() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("plain.html", "<html><head><title>x</title></head><body>no feed</body></html>") {
            $0.contentType = "text/html"
        }
        do {
            try await fixture.subscriptions.add(fixture.url("plain.html"))
            Issue.record("a page without a feed was added")
        } catch {
            guard case .notAFeed(_, let reason) = error else {
                Issue.record("the error was \(error)")
                return
            }
            #expect(reason.contains("links no Atom or RSS feed"))
        }
        #expect(try fixture.subscriptions.subscriptions().isEmpty)
    }

    @Test("a feed served as text/html is still read as the feed it is")
    func servedAsHTML() async throws {
        let fixture = try await FeedsFixture()
        try await fixture.serve("feed", SampleFeed.rss(title: "Mislabelled", SampleFeed.numbered(1...2))) {
            $0.contentType = "text/html; charset=utf-8"
        }
        let feed = try await fixture.subscriptions.add(fixture.url("feed"))
        #expect(feed.title == "Mislabelled")
        #expect(feed.url.absoluteString == fixture.address("feed"))
    }

    @Test("a wrong charset in Content-Type loses to the bytes' own declaration; GBK bytes that declare nothing use it")
    func charsets() async throws {
        let fixture = try await FeedsFixture()
        let utf8 =
            #"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>博客园</title>"#
            + "<item><guid>1</guid><title>并发 &amp;amp; 锁</title></item></channel></rss>"
        try await fixture.serve("utf8.xml", utf8) { $0.contentType = "application/rss+xml; charset=iso-8859-1" }
        let feed = try await fixture.subscriptions.add(fixture.url("utf8.xml"))
        #expect(feed.title == "博客园")
        #expect(try fixture.subscriptions.items().first?.title == "并发 & 锁")

        var gbk = Data("<rss version=\"2.0\"><channel><title>".utf8)
        gbk.append(contentsOf: [0xB2, 0xA9, 0xBF, 0xCD, 0xD4, 0xB0])  // 博客园
        gbk.append(contentsOf: Array("</title></channel></rss>".utf8))
        try await fixture.server.set(
            .init(path: fixture.path("gbk.xml"), bodyData: gbk, contentType: "text/xml; charset=GBK"))
        #expect(try await fixture.subscriptions.add(fixture.url("gbk.xml")).title == "博客园")
    }

    @Test("addresses that are not http(s) URLs, and feeds subscribed already, are refused before any request")
    func refusedAddresses() async throws {
        let fixture = try await FeedsFixture()
        for address in ["javascript:alert(1)", "file:///etc/passwd", "ftp://example.org/feed", "not a url", "http://"] {
            #expect(throws: FeedsError.self, "\(address)") { try Subscriptions.check(address: address) }
            guard let url = URL(string: address) else { continue }
            await #expect(throws: FeedsError.self, "\(address)") { try await fixture.subscriptions.add(url) }
        }
        #expect(
            try Subscriptions.check(address: " https://example.org/feed.xml\n").absoluteString
                == "https://example.org/feed.xml")
        try await fixture.serve("feed.xml", SampleFeed.rss(SampleFeed.numbered(1...1)))
        _ = try await fixture.subscriptions.add(fixture.url("feed.xml"))
        do {
            try await fixture.subscriptions.add(
                URL(string: fixture.address("feed.xml").replacingOccurrences(of: "http:", with: "HTTP:"))!)
            Issue.record("a feed was added twice")
        } catch {
            guard case .alreadySubscribed = error else {
                Issue.record("the error was \(error)")
                return
            }
        }
        #expect(try await fixture.hits("feed.xml").hits == 1)
    }

    @Test("titles are decoded once and links resolved against the feed's address")
    func fidelityThroughTheClient() async throws {
        let fixture = try await FeedsFixture()
        let body = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title type="html">A &amp;amp; B</title>
            <entry><id>1</id><title type="text">&amp;ldquo;Quoted&amp;rdquo;</title><link href="posts/1.html"/>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Body <b>bold</b></p></div></content>
            <author><name>Ann</name></author><updated>2026-11-30T10:00:00Z</updated></entry></feed>
            """
        try await fixture.serve("blog/atom.xml", body) { $0.contentType = "application/atom+xml" }
        let feed = try await fixture.subscriptions.add(fixture.url("blog/atom.xml"))
        #expect(feed.title == "A & B")
        let item = try fixture.subscriptions.open(try #require(try fixture.subscriptions.items().first).id)
        #expect(item.title == "“Quoted”")
        #expect(item.link?.absoluteString == fixture.address("blog/posts/1.html"))
        #expect(item.body == "<p>Body <b>bold</b></p>")
        #expect(item.summary == "Body bold")
        #expect(item.author == "Ann")
        #expect(item.isRead)
    }

    func atom(title: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>\(title)</title>
        <entry><id>urn:1</id><title>One</title><updated>2026-11-30T10:00:00Z</updated></entry></feed>
        """
    }
}
