import BasicCore
import BasicXML
import Foundation
import Testing

/// Feeds as they are written in the wild: HTML and XHTML text constructs, entities, RSS author
/// forms, Atom under any prefix, relative links, and encodings that headers get wrong.
@Suite struct FeedFidelityTests {
    static func feed(_ xml: String, url: String? = nil) throws(XMLError) -> Feed {
        try Feed(parsing: Data(xml.utf8), url: url.flatMap(URL.init(string:)))
    }

    static func atom(_ entry: String, feedAttributes: String = "") -> String {
        #"<feed xmlns="http://www.w3.org/2005/Atom" \#(feedAttributes)><title>F</title><entry>\#(entry)</entry></feed>"#
    }

    @Test("entities are decoded once: a text title shows cnblogs' double escapes decoded, HTML keeps its markup")
    func entitiesDecodedOnce() throws {
        let feed = try Self.feed(
            Self.atom(
                #"<title type="text">A &amp;amp; B &amp;ldquo;C&amp;rdquo; &lt;tag&gt;</title>"#
                    + #"<summary type="html">&lt;p&gt;1 &amp;lt; 2 &amp;amp; &lt;b&gt;bold&lt;/b&gt;&lt;/p&gt;</summary>"#
            ))
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "A &amp; B &ldquo;C&rdquo; <tag>")
        #expect(entry.titleType == .text)
        #expect(entry.plainTitle == "A & B “C” <tag>")
        #expect(entry.summaryType == .html)
        #expect(entry.summary == "<p>1 &lt; 2 &amp; <b>bold</b></p>")
        #expect(entry.summaryHTML == "<p>1 &lt; 2 &amp; <b>bold</b></p>")
        #expect(entry.plainSummary == "1 < 2 & bold")
    }

    @Test("an HTML title loses its markup in plain text, once; a text title keeps < as a character")
    func htmlTitle() throws {
        let feed = try Self.feed(
            Self.atom(#"<title type="html">&lt;em&gt;Tom &amp;amp; Jerry&lt;/em&gt; &amp;hellip;</title>"#))
        let entry = try #require(feed.entries.first)
        // HTML's own decoding happens once: `&amp;amp;` in the XML is `&amp;` in the HTML, `&` as text.
        #expect(entry.plainTitle == "Tom & Jerry …")
        let text = try Self.feed(Self.atom(#"<title>1 &lt; 2 and &lt;b&gt; is bold</title>"#))
        #expect(text.entries.first?.plainTitle == "1 < 2 and <b> is bold")
        #expect(text.entries.first?.summaryHTML == nil)
    }

    @Test("an xhtml div's children are the content, written as HTML, with whitespace runs in text kept")
    func xhtmlContent() throws {
        let feed = try Self.feed(
            Self.atom(
                #"<title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">The <em>best</em> day</div></title>"#
                    + #"<content type="xhtml"><xhtml:div xmlns:xhtml="http://www.w3.org/1999/xhtml">"#
                    + #"<xhtml:p>One &amp; <xhtml:a href="/x">two</xhtml:a></xhtml:p><xhtml:br/></xhtml:div></content>"#
            ))
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "The <em>best</em> day")
        #expect(entry.titleType == .xhtml)
        #expect(entry.plainTitle == "The best day")
        #expect(entry.content == #"<p>One &amp; <a href="/x">two</a></p><br>"#)
        #expect(entry.contentType == .xhtml)
        #expect(entry.contentHTML == entry.content)
        #expect(entry.plainSummary == nil)
    }

    @Test("RSS: a title is text, a description and content:encoded are HTML")
    func rssTypes() throws {
        let feed = try Self.feed(
            """
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>T &amp;amp; U</title>
            <item><title>Caf&#233; &amp;mdash; news</title><description>&lt;p&gt;Hi&lt;/p&gt;</description>
            <content:encoded><![CDATA[<div>Body &amp; more</div>]]></content:encoded></item></channel></rss>
            """)
        #expect(feed.plainTitle == "T & U")
        let item = try #require(feed.entries.first)
        #expect(item.plainTitle == "Café — news")
        #expect(item.summaryType == .html)
        #expect(item.plainSummary == "Hi")
        #expect(item.contentType == .html)
        #expect(item.contentHTML == "<div>Body &amp; more</div>")
        #expect(item.plainSummary == "Hi")
    }

    @Test(
        "RSS author forms",
        arguments: [
            ("ann@example.com (Ann Lee)", "Ann Lee", "ann@example.com"),
            ("Ann Lee (ann@example.com)", "Ann Lee", "ann@example.com"),
            ("Ann Lee <ann@example.com>", "Ann Lee", "ann@example.com"),
            ("\"Ann Lee\" <ann@example.com>", "Ann Lee", "ann@example.com"),
            ("<ann@example.com>", "", "ann@example.com"),
            ("ann@example.com", "", "ann@example.com"),
            ("mailto:ann@example.com", "", "ann@example.com"),
            ("Ann Lee", "Ann Lee", nil),
            ("林间小路", "林间小路", nil),
            ("Ann (the editor)", "Ann (the editor)", nil),
        ] as [(String, String, String?)])
    func rssAuthors(written: String, name: String, email: String?) throws {
        let escaped = written.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let feed = try Self.feed(
            """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title>
            <managingEditor>\(escaped)</managingEditor>
            <item><author>\(escaped)</author><dc:creator>\(escaped)</dc:creator></item></channel></rss>
            """)
        let expected = FeedPerson(name: name, email: email)
        #expect(feed.authors == [expected])
        #expect(feed.entries.first?.authors == [expected, expected])
    }

    @Test("Atom is recognised by its namespace under any prefix, and a foreign 'feed' is not Atom")
    func atomByNamespace() throws {
        let feed = try Self.feed(
            """
            <a:feed xmlns:a="http://www.w3.org/2005/Atom" xmlns:x="urn:other"><a:title>Prefixed</a:title>
            <x:title>not the title</x:title><a:entry><a:id>1</a:id><a:title>E</a:title>
            <a:link href="https://example.org/1"/><x:id>other</x:id></a:entry></a:feed>
            """)
        #expect(feed.format == .atom)
        #expect(feed.title == "Prefixed")
        #expect(feed.extensions["x:title"] == "not the title")
        let entry = try #require(feed.entries.first)
        #expect(entry.id == "1")
        #expect(entry.link?.url?.absoluteString == "https://example.org/1")
        #expect(entry.extensions["x:id"] == "other")

        do {
            _ = try Self.feed(#"<feed xmlns="urn:not-atom"><title>x</title></feed>"#)
            Issue.record("a feed element in another namespace was read as Atom")
        } catch {
            #expect(error.kind == .notAFeed)
        }
    }

    @Test("relative links resolve against xml:base, nested, and then the document's URL")
    func relativeLinks() throws {
        let feed = try Self.feed(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="/blog/"><title>T</title><link href="./"/>
            <entry xml:base="posts/"><id>1</id><link href="1.html"/><link rel="enclosure" href="/a.mp3"/></entry>
            <entry><id>2</id><link href="https://other.example/2"/></entry></feed>
            """, url: "https://example.org/feeds/atom.xml")
        #expect(feed.links.first?.href == "./")
        #expect(feed.links.first?.url?.absoluteString == "https://example.org/blog/")
        #expect(feed.entries[0].link?.href == "1.html")
        #expect(feed.entries[0].link?.url?.absoluteString == "https://example.org/blog/posts/1.html")
        #expect(feed.entries[0].links[1].url?.absoluteString == "https://example.org/a.mp3")
        #expect(feed.entries[0].baseURL?.absoluteString == "https://example.org/blog/posts/")
        #expect(feed.entries[1].link?.url?.absoluteString == "https://other.example/2")

        let rss = try Self.feed(
            "<rss version=\"2.0\"><channel><title>T</title><link>/</link><item><link>p/1</link></item>"
                + "<item><guid>https://example.org/p/2</guid></item>"
                + "<item><guid isPermaLink=\"false\">https://example.org/p/3</guid></item></channel></rss>",
            url: "https://example.org/rss")
        #expect(rss.links.first?.url?.absoluteString == "https://example.org/")
        #expect(rss.entries[0].link?.url?.absoluteString == "https://example.org/p/1")
        #expect(rss.entries[1].link?.url?.absoluteString == "https://example.org/p/2", "a permalink guid is the page")
        #expect(rss.entries[2].link == nil, "a guid that is not a permalink is no link")
        let unresolved = try Self.feed("<rss version=\"2.0\"><channel><item><link>p/1</link></item></channel></rss>")
        #expect(unresolved.entries[0].link?.href == "p/1")
        #expect(unresolved.entries[0].link?.url == nil)
    }

    @Test("the bytes' own encoding wins over a wrong fallback; bytes that say nothing take the fallback")
    func encodings() throws {
        // UTF-8 with a declaration, while the header (the fallback) says Latin-1.
        let utf8 = Data(
            #"<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>博客园</title></channel></rss>"#
                .utf8)
        #expect(try Feed(parsing: utf8, fallbackEncoding: "iso-8859-1").title == "博客园")
        // Latin-1 bytes that declare it, while the header says UTF-8.
        var latin1 = Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Caf"#.utf8)
        latin1.append(0xE9)
        latin1.append(contentsOf: Array("</title></channel></rss>".utf8))
        #expect(try Feed(parsing: latin1, fallbackEncoding: "utf-8").title == "Café")
        // GBK bytes with no declaration: only the fallback can say what they are.
        var gbk = Data("<rss version=\"2.0\"><channel><title>".utf8)
        gbk.append(contentsOf: [0xB2, 0xA9, 0xBF, 0xCD, 0xD4, 0xB0])  // 博客园 in GBK
        gbk.append(contentsOf: Array("</title></channel></rss>".utf8))
        #expect(try Feed(parsing: gbk, fallbackEncoding: "gbk").title == "博客园")
        #expect(throws: XMLError.self) { try Feed(parsing: gbk) }
        // UTF-8 without a declaration stays UTF-8 whatever the fallback.
        let bare = Data("<rss version=\"2.0\"><channel><title>博客园</title></channel></rss>".utf8)
        #expect(try Feed(parsing: bare, fallbackEncoding: "iso-8859-1").title == "博客园")
    }

    @Test("RSS 1.0 and Atom 0.3 are read too")
    func olderFormats() throws {
        let rdf = try Self.feed(
            """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
              xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel rdf:about="https://example.org/"><title>RDF</title><link>https://example.org/</link></channel>
            <item rdf:about="https://example.org/1"><title>One</title><link>https://example.org/1</link>
            <dc:date>2026-11-30T10:00:00Z</dc:date><dc:creator>Ann</dc:creator></item></rdf:RDF>
            """)
        #expect(rdf.format == .rss)
        #expect(rdf.title == "RDF")
        #expect(rdf.entries.count == 1)
        #expect(rdf.entries[0].id == "https://example.org/1")
        #expect(rdf.entries[0].published == FeedDate.rfc3339("2026-11-30T10:00:00Z"))
        #expect(rdf.entries[0].author?.name == "Ann")

        let atom03 = try Self.feed(
            """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Old</title><tagline>Sub</tagline>
            <entry><title>E</title><id>tag:1</id><issued>2026-11-30T10:00:00Z</issued>
            <link rel="alternate" type="text/html" href="https://example.org/e"/></entry></feed>
            """)
        #expect(atom03.format == .atom)
        #expect(atom03.subtitle == "Sub")
        #expect(atom03.entries[0].published == FeedDate.rfc3339("2026-11-30T10:00:00Z"))
        #expect(atom03.entries[0].link?.href == "https://example.org/e")
    }

    @Test("the JSON form keeps the same extensions as the parsed tree")
    func convertedMatchesParsed() throws {
        let xml = """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:slash="http://purl.org/rss/1.0/modules/slash/">
            <channel><title>T</title><ttl>60</ttl><item><title>I</title><dc:creator>Ann</dc:creator>
            <slash:comments>3</slash:comments><enclosure url="https://e.org/a.mp3" length="1"/></item></channel></rss>
            """
        let parsed = try Self.feed(xml)
        let converted = try Feed(converted: try XMLConverter(configuration: .feed).convert(xml))
        #expect(parsed.entries[0].extensions == converted.entries[0].extensions)
        #expect(parsed.extensions == converted.extensions)
        #expect(parsed.entries[0].authors == converted.entries[0].authors)
        #expect(parsed.entries[0].extensions["enclosure"]?["_url"] == "https://e.org/a.mp3")
    }

    @Test("hostile feeds: an entity bomb, deep nesting and an external entity end in errors or bounded text")
    func hostileFeeds() throws {
        var bomb = #"<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a0 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx">"#
        for level in 1...10 {
            bomb += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
        }
        bomb += "]><rss version=\"2.0\"><channel><title>&a10;</title></channel></rss>"
        do {
            let feed = try Feed(parsing: Data(bomb.utf8))
            #expect((feed.title?.utf8.count ?? 0) < 64 << 20, "the expansion is bounded")
        } catch {
            #expect(error.kind == .entityExpansion || error.kind == .malformed, "\(error)")
        }
        let deep = "<rss version=\"2.0\"><channel>" + String(repeating: "<x>", count: 100_000)
        #expect(throws: XMLError.self) { try Feed(parsing: Data(deep.utf8)) }
        let external = """
            <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <rss version="2.0"><channel><title>&secret;</title></channel></rss>
            """
        if let feed = try? Feed(parsing: Data(external.utf8)) {
            #expect(feed.title?.contains("root:") != true)
        }
    }
}
