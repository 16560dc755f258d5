import BasicCore
import BasicXML
import Foundation
import TestSupport
import Testing

/// Atom and RSS decoding, field by field, on the fixtures.
@Suite struct FeedTests {
    static func feed(_ name: String) throws -> Feed {
        try Feed(parsing: TestPaths.fixtureData(name, target: "BasicXMLTests"))
    }

    static func date(_ text: String) throws -> Date {
        try #require(FeedDate.rfc3339(text))
    }

    @Test("a cnblogs site-home feed decodes field by field")
    func siteHome() throws {
        let feed = try Self.feed("sitehome.xml")
        #expect(feed.format == .atom)
        #expect(feed.title == "博客园_首页")
        #expect(feed.id == "uuid:5f1c9a2e-8d4b-4c1e-9a77-3b2f6d0e41c8;id=5521")
        #expect(feed.updated == (try Self.date("2026-11-30T04:02:11Z")))
        #expect(feed.links == [FeedLink(href: "http://www.cnblogs.com/")])
        #expect(feed.entries.count == 3)

        let entry = try #require(feed.entries.first)
        #expect(entry.id == "19283746")
        // Decoded once, as XML says; the second decoding is the client's.
        #expect(entry.title == "Swift 6 严格并发下的 &ldquo;数据竞争&rdquo; 排查笔记")
        #expect(entry.summary?.hasSuffix("actor 与 Mutex 的取舍&hellip;") == true)
        #expect(entry.content == nil)
        #expect(entry.published == (try Self.date("2026-11-30T03:48:00Z")))
        #expect(entry.updated == (try Self.date("2026-11-30T03:48:12Z")))
        #expect(entry.link == FeedLink(href: "http://www.cnblogs.com/linjian/p/19283746.html", rel: "alternate"))
        #expect(entry.author?.name == "林间小路")
        #expect(entry.author?.uri == "http://www.cnblogs.com/linjian/")
        #expect(entry.author?.extensions["avatar"] == "http://pic.cnblogs.com/face/u20931.jpg")
        #expect(entry.extensions.keys == ["blogapp", "diggs", "views", "comments"])
        #expect(entry.extensions["blogapp"] == "linjian")
        #expect(entry.extensions["diggs"]?.asInt == 7)
        #expect(entry.extensions["views"]?.asInt == 412)
        #expect(entry.extensions["comments"]?.asInt == 3)
    }

    @Test("an empty <avatar/> is null; a missing avatar is absent")
    func optionalVersusEmpty() throws {
        let siteHome = try Self.feed("sitehome.xml")
        #expect(siteHome.entries[1].author?.extensions["avatar"] == .null)
        let top48 = try Self.feed("top48.xml")
        #expect(top48.entries[0].author?.extensions["avatar"] == nil)
        #expect(top48.entries[0].extensions["blogapp"] == nil)
        #expect(top48.entries[1].author?.extensions["avatar"] == "http://pic.cnblogs.com/face/1102938/20240311.png")
    }

    @Test("an empty <summary type=\"text\"/> is an empty string, not nil")
    func emptySummary() throws {
        let top48 = try Self.feed("top48.xml")
        #expect(top48.entries[0].summary == "")
        #expect(top48.entries[1].summary == "分支不是越多越好。")
        #expect(top48.links.isEmpty)
    }

    @Test("a blogger's feed carries logo, author and postcount before its entries")
    func bloggerPosts() throws {
        let feed = try Self.feed("blogger-posts.xml")
        #expect(feed.logo == "http://pic.cnblogs.com/face/u20931.jpg")
        #expect(feed.authors == [FeedPerson(name: "林间小路", uri: "http://www.cnblogs.com/linjian/")])
        #expect(feed.extensions["postcount"] == "217")
        #expect(feed.entries.map(\.id) == ["19283746", "19190022"])
        #expect(feed.entries[1].published == (try Self.date("2026-11-02T13:17:00Z")))
        #expect(feed.entries.allSatisfy { $0.author?.extensions.isEmpty == true })
    }

    @Test("news entries have no author, and topic, topicIcon and sourceName as extensions")
    func news() throws {
        let feed = try Self.feed("news.xml")
        let first = feed.entries[0]
        #expect(first.authors.isEmpty)
        #expect(first.extensions["topic"] == "数据库")
        #expect(first.extensions["topicIcon"] == "http://images0.cnblogs.com/news_topic/数据库.png")
        #expect(first.extensions["sourceName"] == "开源中国")
        let second = feed.entries[1]
        #expect(second.extensions["topic"] == .null)
        #expect(second.extensions["topicIcon"] == .null)
        #expect(second.extensions["sourceName"] == "IT之家")
        #expect(second.link?.href == "http://news.cnblogs.com/n/801229/")
    }

    @Test("a cnblogs blogger's RSS feed decodes to the same model")
    func bloggerRSS() throws {
        let feed = try Self.feed("blogger-rss.xml")
        #expect(feed.format == .rss)
        #expect(feed.title == "林间小路")
        #expect(feed.subtitle == "慢慢写，写清楚。")
        #expect(feed.updated == (try Self.date("2026-11-30T04:10:27Z")))
        #expect(feed.links.first?.href == "https://www.cnblogs.com/linjian/")
        #expect(feed.extensions["language"] == "zh-cn")
        #expect(feed.extensions["ttl"] == "60")
        let entry = feed.entries[0]
        #expect(entry.id == "https://www.cnblogs.com/linjian/p/19283746")
        #expect(entry.title == "Swift 6 严格并发下的 &ldquo;数据竞争&rdquo; 排查笔记")
        #expect(entry.link?.href == "https://www.cnblogs.com/linjian/p/19283746")
        #expect(entry.authors.map(\.name) == ["林间小路", "林间小路"])
        #expect(entry.published == (try Self.date("2026-11-30T03:48:00Z")))
        #expect(entry.summary?.hasPrefix("<p>把一个老项目") == true)
        #expect(entry.extensions["slash:comments"] == "3")
        #expect(feed.entries[1].published == (try Self.date("2026-11-02T13:17:00Z")))
    }

    @Test("a general RSS 2.0 feed: e-mail authors, categories, content:encoded, atom:link, image, enclosure")
    func generalRSS() throws {
        let feed = try Self.feed("podcast-rss.xml")
        #expect(feed.subtitle == "Short notes on tides & coastlines.")
        #expect(feed.authors == [FeedPerson(name: "Ines Moreau", email: "editor@tide.example.org")])
        #expect(feed.logo == "https://tide.example.org/logo.png")
        #expect(
            feed.links == [
                FeedLink(href: "https://tide.example.org/"),
                FeedLink(href: "https://tide.example.org/feed.xml", rel: "self", type: "application/rss+xml"),
            ])
        #expect(feed.updated == (try Self.date("2026-11-29T23:00:00Z")))
        #expect(feed.extensions["sy:updatePeriod"] == "weekly")
        let item = feed.entries[0]
        #expect(item.id == "tide-2026-041")
        #expect(item.published == (try Self.date("2026-11-29T22:30:00Z")))
        #expect(item.authors == [FeedPerson(name: "Ines Moreau", email: "ines@tide.example.org")])
        #expect(item.categories == ["Astronomy", "Basics"])
        #expect(item.content == "<p>When the Sun, the Moon and the Earth line up&hellip;</p>")
        #expect(item.extensions["enclosure"]?["_url"] == "https://tide.example.org/audio/041.mp3")
        let second = feed.entries[1]
        #expect(second.id == nil)
        #expect(second.summary == nil)
        #expect(second.published == (try Self.date("2026-11-22T08:00:00Z")))
    }

    @Test(
        "documents that are not feeds are XMLError.notAFeed",
        arguments: ["<html><body/></html>", "<rss version=\"2.0\"/>", "<string>body</string>"])
    func notAFeed(xml: String) {
        do {
            _ = try Feed(parsing: Data(xml.utf8))
            Issue.record("\(xml) was read as a feed")
        } catch {
            #expect(error.kind == .notAFeed)
        }
    }

    @Test("a truncated feed is an XMLError with its line and column")
    func truncatedFeed() throws {
        let data = try TestPaths.fixtureData("blogger-rss.xml", target: "BasicXMLTests")
        do {
            _ = try Feed(parsing: data.prefix(900))
            Issue.record("a truncated feed was read")
        } catch {
            #expect(error.kind == .truncated, "\(error)")
            #expect(error.line > 1)
        }
    }

    @Test("the JSON form keeps every field and the extensions")
    func json() throws {
        let value = try Self.feed("sitehome.xml").jsonValue
        #expect(value["format"] == "atom")
        #expect(value["entries"]?[1]?["authors"]?[0]?["extensions"]?["avatar"] == .null)
        #expect(value["entries"]?[0]?["published"] == "2026-11-30T03:48:00Z")
        #expect(value["entries"]?[0]?["extensions"]?["views"] == "412")
    }
}
