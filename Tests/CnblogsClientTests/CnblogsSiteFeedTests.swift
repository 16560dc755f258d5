import BasicNetworking
import CnblogsClient
import Foundation
import Testing

/// Today's feeds (feed.cnblogs.com and a blog's feed), decoded by ``CnblogsSiteFeedDecoder``.
@Suite struct CnblogsSiteFeedTests {
    static let siteHomeURL = "https://feed.cnblogs.com/blog/sitehome/rss"

    @Test("the site home feed: 20 posts, titles without the author suffix, no counts")
    func siteHome() throws {
        let listing = try CnblogsSiteFeedDecoder.posts(
            from: try CnblogsToday.body("001-blog-sitehome-rss.xml"), url: Self.siteHomeURL)
        #expect(listing.items.count == 20)
        #expect(listing.droppedCount == 0)
        #expect(listing.source == .site)
        let first = try #require(listing.items.first)
        #expect(first.id == 18_562_097)
        #expect(first.title == "Swift 6 的严格并发：把全局可变状态关进 Mutex")
        #expect(first.author.name == "南山行者")
        #expect(first.author.uri?.absoluteString == "https://www.cnblogs.com/nanshan-walker/")
        #expect(first.blogapp == "nanshan-walker")
        #expect(first.link?.absoluteString == "https://www.cnblogs.com/nanshan-walker/p/18562097")
        #expect(first.published == CnblogsToday.date("2026-03-12T02:35:00Z"))
        #expect(
            first.summary
                == "升级到 Swift 6 语言模式后，编译器第一件抱怨的事往往是 static var。本文用 Synchronization 里的 Mutex 改写一个计数器，并对比 actor 的写法。")
        #expect(first.diggCount == nil && first.viewCount == nil && first.commentCount == nil)
        #expect(first.author.avatar == nil)
    }

    @Test("a title holding ' - ' of its own keeps it; only the author's suffix goes")
    func titleWithDash() throws {
        let listing = try CnblogsSiteFeedDecoder.posts(
            from: try CnblogsToday.body("001-blog-sitehome-rss.xml"), url: Self.siteHomeURL)
        let titles = Dictionary(uniqueKeysWithValues: listing.items.map { ($0.id, $0.title) })
        #expect(titles[18_561_875] == "Rust 与 C++ - 内存模型对照")
        #expect(titles[18_559_688] == "手写递归下降解析器 - 从表达式开始")
    }

    @Test("double-escaped entities in titles and summaries decode to characters")
    func doubleEscaped() throws {
        let listing = try CnblogsSiteFeedDecoder.posts(
            from: try CnblogsToday.body("001-blog-sitehome-rss.xml"), url: Self.siteHomeURL)
        let byID = Dictionary(uniqueKeysWithValues: listing.items.map { ($0.id, $0) })
        #expect(byID[18_561_533]?.title == "读《重构》第二版：\"小步快跑\"的真正含义")
        #expect(byID[18_561_533]?.summary.hasPrefix("Martin Fowler 反复强调的\"小步\"") == true)
        #expect(byID[18_560_999]?.title == "Java 泛型擦除：List<T> 在运行时是什么")
        #expect(byID[18_559_540]?.title == "Flink CDC 同步 MySQL 到 Doris 的实践 & 踩坑")
    }

    @Test("an older /archive/…/ID.html link gives the id and the blog")
    func archiveLink() throws {
        let listing = try CnblogsSiteFeedDecoder.posts(
            from: try CnblogsToday.body("001-blog-sitehome-rss.xml"), url: Self.siteHomeURL)
        let old = try #require(listing.items.last)
        #expect(old.id == 2_815_473)
        #expect(old.blogapp == "old-blogger")
        #expect(old.link?.absoluteString == "https://www.cnblogs.com/old-blogger/archive/2012/12/13/2815473.html")
    }

    @Test(
        "the author suffix goes only when it is exactly the entry's author",
        arguments: [
            ("Swift - 入门 - 南山行者", "南山行者", "Swift - 入门"),
            ("Swift 入门 - 南山行者", "南山行者", "Swift 入门"),
            ("Swift - 入门", "南山行者", "Swift - 入门"),
            ("Swift - 南山", "南山行者", "Swift - 南山"),
            ("Swift - 南山行者 - 第二篇", "南山行者", "Swift - 南山行者 - 第二篇"),
            ("Swift - 南山行者", "", "Swift - 南山行者"),
            ("南山行者", "南山行者", "南山行者"),
        ])
    func suffixRule(title: String, author: String, expected: String) {
        #expect(CnblogsSiteFeedDecoder.title(title, author: author) == expected)
    }

    @Test("a summary loses 【摘要】 and the 阅读全文 link, and decodes its entities once more")
    func summary() {
        let html = "【摘要】用 &quot;Mutex&quot; 改写 &lt;T&gt; <a href=\"https://www.cnblogs.com/a/p/1\">阅读全文</a>"
        #expect(CnblogsSiteFeedDecoder.summary(fromHTML: html) == "用 \"Mutex\" 改写 <T>")
        #expect(CnblogsSiteFeedDecoder.summary(fromHTML: "") == "")
    }

    @Test("the picked and news feeds, and a blog's feed")
    func otherFeeds() throws {
        let picked = try CnblogsSiteFeedDecoder.posts(
            from: try CnblogsToday.body("002-blog-picked-rss.xml"), url: "https://feed.cnblogs.com/blog/picked/rss")
        #expect(picked.items.map(\.id) == [18_562_097, 18_561_533, 18_560_874, 18_560_431, 18_559_803, 18_559_688])
        let news = try CnblogsSiteFeedDecoder.news(
            from: try CnblogsToday.body("003-news-rss.xml"), url: "https://feed.cnblogs.com/news/rss")
        #expect(news.items.count == 8)
        let item = try #require(news.items.first)
        #expect(item.id == 789_012)
        #expect(item.title == "开源数据库 DuckDB 发布 1.3 版：查询外部 Parquet 文件提速一倍")
        #expect(item.link?.absoluteString == "https://news.cnblogs.com/n/789012/")
        #expect(item.viewCount == nil && item.sourceName == nil)
        #expect(news.items[5].title == "\"全栈\"还是\"专精\"？一项开发者调查给出答案")
        let blog = try CnblogsSiteFeedDecoder.posts(
            from: try CnblogsToday.body("004-nanshan-walker-rss.xml"), url: "https://www.cnblogs.com/nanshan-walker/rss"
        )
        #expect(blog.items.count == 5)
        #expect(blog.items.allSatisfy { $0.author.name == "南山行者" && $0.blogapp == "nanshan-walker" })
        #expect(blog.items[1].title == "用 Swift Testing 重写 XCTest 用例的体会")
    }

    @Test("an entry without a post id, a title or a date is dropped and counted, not a failure")
    func droppedEntries() throws {
        let feed = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>博客园_首页</title>
            <entry><id>https://www.cnblogs.com/a/p/11</id><title>好的 - 甲</title><published>2026-03-12T02:00:00Z</published>
              <author><name>甲</name></author><link rel="alternate" href="https://www.cnblogs.com/a/p/11"/></entry>
            <entry><id>uuid:1</id><title>没有链接 - 乙</title><published>2026-03-12T02:00:00Z</published></entry>
            <entry><id>https://www.cnblogs.com/c/p/13</id><published>2026-03-12T02:00:00Z</published></entry>
            <entry><id>https://www.cnblogs.com/d/p/14</id><title>没有日期</title></entry>
            </feed>
            """
        let listing = try CnblogsSiteFeedDecoder.posts(from: Data(feed.utf8), url: Self.siteHomeURL)
        #expect(listing.items.map(\.id) == [11])
        #expect(listing.items.first?.title == "好的")
        #expect(listing.droppedCount == 3)
    }

    @Test("a feed address answering an HTML page is notAFeed, naming the URL")
    func htmlFeed() throws {
        let page = "<!DOCTYPE html><html><head><title>出错了 - 博客园</title></head><body><p>服务暂时不可用</p></body></html>"
        let error = try #require(throws: CnblogsError.self) {
            try CnblogsSiteFeedDecoder.posts(from: Data(page.utf8), url: Self.siteHomeURL)
        }
        guard case .notAFeed(let url, let found) = error else {
            Issue.record("expected notAFeed, got \(error)")
            return
        }
        #expect(url == Self.siteHomeURL)
        #expect(found == "an HTML page")
        #expect(error.description.contains(Self.siteHomeURL))
        #expect(!error.description.contains("\n"))
    }

    @Test("a feed address answering a captcha page is blocked, not a parse error")
    func captchaFeed() throws {
        let page = """
            <!DOCTYPE html><html><head><title>人机验证</title></head>
            <body><div id="captcha-container"></div><script src="https://turing.captcha.qcloud.com/TCaptcha.js"></script></body></html>
            """
        let error = try #require(throws: CnblogsError.self) {
            try CnblogsSiteFeedDecoder.posts(from: Data(page.utf8), url: Self.siteHomeURL)
        }
        guard case .blocked(_, let reason, .sitePage) = error else {
            Issue.record("expected blocked, got \(error)")
            return
        }
        #expect(reason == "a captcha page")
    }

    @Test("a body that is not XML at all says so")
    func notXML() throws {
        let error = try #require(throws: CnblogsError.self) {
            try CnblogsSiteFeedDecoder.news(from: Data("{\"error\":1}".utf8), url: "https://feed.cnblogs.com/news/rss")
        }
        guard case .notAFeed(_, let found) = error else {
            Issue.record("expected notAFeed, got \(error)")
            return
        }
        #expect(found.hasPrefix("a body that is not XML"))
    }
}
