import CnblogsClient
import Foundation
import Testing

/// One test per quirk of `../shared/cnblogs-api.md`, on the bundled recording.
@Suite struct CnblogsQuirkTests {
    @Test("both date styles: published with +08:00, updated in UTC with Z")
    func dateStyles() async throws {
        let post = try #require(try await CnblogsSamples.client().siteHome().first)
        // 2016-08-14T14:15:00+08:00 and 2016-08-14T06:30:12Z
        #expect(post.published == CnblogsSamples.date("2016-08-14T06:15:00Z"))
        #expect(post.updated == CnblogsSamples.date("2016-08-14T06:30:12Z"))
    }

    @Test("double-escaped titles and summaries are decoded once more: named, decimal and hex references")
    func doubleEscaped() async throws {
        let client = try CnblogsSamples.client()
        let home = try await client.siteHome()
        #expect(home[0].title == "\u{201C}面向协议\u{201D}的 Swift 网络层设计")  // &amp;ldquo;
        #expect(home[0].summary.hasSuffix("\u{2026}"))  // &amp;hellip;
        #expect(home[1].title == "MySQL 索引下推 & 覆盖索引：一次慢查询的排查")  // &amp;amp;
        #expect(home[2].title == "[译] 理解 JavaScript 的 'this'")  // &amp;#39;
        #expect(home[9].title == "正则表达式里的 <贪婪> 与 <懒惰>")  // &amp;lt;
        let top10 = try await client.top10Days()
        #expect(top10[0].title == "深入理解 Java 内存模型 \u{2014} happens-before")  // &amp;#8212;
        #expect(top10[2].title == "从零实现一个 \u{201C}迷你\u{201D} 虚拟 DOM")  // &amp;#x201C;
    }

    @Test("an empty <avatar/> on the site home is a nil avatar")
    func emptyAvatar() async throws {
        let post = try await CnblogsSamples.client().siteHome()[1]
        #expect(post.author.name == "老周的数据库笔记")
        #expect(post.author.avatar == nil)
    }

    @Test("a missing <avatar> in the 48-hour list is a nil avatar")
    func missingAvatar() async throws {
        let post = try await CnblogsSamples.client().top48Hours()[1]
        #expect(post.author.name == "网络小白")
        #expect(post.author.avatar == nil)
    }

    @Test("an empty <summary type=\"text\"/> is an empty summary")
    func emptySummary() async throws {
        let top10 = try await CnblogsSamples.client().top10Days()
        #expect(top10[1].summary == "")
    }

    @Test("empty <topic/> and <topicIcon/> are nil")
    func emptyTopic() async throws {
        let item = try await CnblogsSamples.client().recentNews()[2]
        #expect(item.topic == nil)
        #expect(item.topicIcon == nil)
        #expect(item.sourceName == "新浪科技")
    }

    @Test("without <blogapp>, the 48-hour and 10-day lists take it from the author's URI")
    func blogappFromAuthorURI() async throws {
        let client = try CnblogsSamples.client()
        #expect(try await client.top48Hours().map(\.blogapp) == ["laoma", "netbai", "kevinlau"])
        #expect(try await client.top10Days().map(\.blogapp) == ["wang-concurrency", "branchman", "aluo-fe"])
    }

    @Test("a blogger's feed: posts with no avatar, the blogapp from the author")
    func bloggerFeed() async throws {
        let posts = try await CnblogsSamples.client().posts(of: "nanshan-walker")
        #expect(posts.allSatisfy { $0.author.avatar == nil && $0.blogapp == "nanshan-walker" })
        #expect(posts.allSatisfy { $0.author.name == "南山行者" })
    }

    @Test("URLs: non-ASCII, doubled paths and protocol-relative ones are repaired; queries kept")
    func urlsRepaired() async throws {
        let client = try CnblogsSamples.client()
        let news = try await client.recentNews()
        #expect(news[0].topicIcon?.absoluteString == "http://images0.cnblogs.com/news_topic/%E5%B0%8F%E7%B1%B3.gif")
        #expect(news[1].topicIcon?.absoluteString == "http://images0.cnblogs.com/news_topic/microsoft.gif")
        #expect(news[3].topicIcon?.absoluteString == "http://images2015.cnblogs.com/news_topic/20160801/github.png")
        let hot = try await client.hotNews()
        #expect(hot[0].topicIcon?.absoluteString == "http://images0.cnblogs.com/news_topic/apple.gif?v=2")
        let top10 = try await client.top10Days()
        #expect(top10[2].author.avatar?.absoluteString == "http://pic.cnblogs.com/face/1004521/20160722101010.png")
        let home = try await client.siteHome()
        #expect(home[2].author.avatar?.absoluteString == "http://pic.cnblogs.com/face/u93512.jpg?id=08101522")
    }

    @Test("numbers come from element text")
    func numbersFromText() async throws {
        let hot = try await CnblogsSamples.client().hotNews()
        #expect((hot[0].diggs, hot[0].views, hot[0].comments) == (12, 9802, 88))
        #expect(hot.map(\.id) == [550_871, 551_198])
    }

    @Test("a news item's empty summary and &ndash; in a title, on the paged list")
    func pagedNewsQuirks() async throws {
        let items = try await CnblogsSamples.client().news(page: 2, size: 10)
        #expect(items[1].title == "Node.js 6.4 发布 \u{2013} 修复多个安全问题")
        #expect(items[1].summary == "")
        #expect(items[1].topic == nil)
    }
}
