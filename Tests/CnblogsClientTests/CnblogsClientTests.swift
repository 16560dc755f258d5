import BasicNetworking
import CnblogsClient
import Foundation
import TestSupport
import Testing

@Suite struct CnblogsClientTests {
    /// Each list endpoint the recording holds, with how many entries it answers.
    enum List: String, CaseIterable, CustomStringConvertible {
        case siteHome, recentPosts, top48Hours, top10Days, blogger, recentNews, pagedNews, hotNews, recommendedNews

        var description: String { rawValue }

        var expectedCount: Int {
            switch self {
            case .siteHome: 10
            case .recentPosts: 5
            case .top48Hours, .top10Days, .blogger: 3
            case .recentNews: 4
            case .hotNews, .pagedNews: 2
            case .recommendedNews: 1
            }
        }

        /// The entries' ids, fetched through the client.
        func ids(_ client: CnblogsClient) async throws -> [Int] {
            switch self {
            case .siteHome: try await client.siteHome(page: 1, size: 10).map(\.id)
            case .recentPosts: try await client.recentPosts(count: 5).map(\.id)
            case .top48Hours: try await client.top48Hours(count: 10).map(\.id)
            case .top10Days: try await client.top10Days(count: 10).map(\.id)
            case .blogger: try await client.posts(of: "nanshan-walker", page: 1, size: 10).map(\.id)
            case .recentNews: try await client.recentNews(count: 10).map(\.id)
            case .pagedNews: try await client.news(page: 2, size: 10).map(\.id)
            case .hotNews: try await client.hotNews(count: 10).map(\.id)
            case .recommendedNews: try await client.recommendedNews(page: 1, size: 10).map(\.id)
            }
        }
    }

    @Test("every sample list decodes through its endpoint", arguments: List.allCases)
    func sampleDecodes(list: List) async throws {
        let ids = try await list.ids(try CnblogsSamples.client())
        #expect(ids.count == list.expectedCount)
        #expect(Set(ids).count == ids.count)
    }

    @Test("a site home post decodes field by field")
    func siteHomePost() async throws {
        let post = try #require(try await CnblogsSamples.client().siteHome().first)
        let expected = BlogPost(
            id: 5_770_214, title: "\u{201C}面向协议\u{201D}的 Swift 网络层设计",
            summary: "在 Swift 里写网络层，很多人第一反应是继承一个基类。本文换一个思路：用协议描述请求，用泛型描述响应，再把重试、缓存这些横切的事情做成可组合的值\u{2026}",
            published: CnblogsSamples.date("2016-08-14T06:15:00Z"),
            updated: CnblogsSamples.date("2016-08-14T06:30:12Z"),
            author: BlogAuthor(
                name: "南山行者", uri: URL(string: "http://www.cnblogs.com/nanshan-walker/"),
                avatar: URL(string: "http://pic.cnblogs.com/face/412873/20160302152147.png")),
            link: URL(string: "http://www.cnblogs.com/nanshan-walker/p/5770214.html"), blogapp: "nanshan-walker",
            diggs: 3, views: 87, comments: 1)
        #expect(post == expected)
    }

    @Test("a 48-hour post decodes field by field, its blogapp taken from the author's URI")
    func top48Post() async throws {
        let post = try #require(try await CnblogsSamples.client().top48Hours().first)
        #expect(post.id == 5_765_532)
        #expect(post.title == "程序员的\u{201C}35岁危机\u{201D}是真的吗？")
        #expect(post.summary == "")
        #expect(post.published == CnblogsSamples.date("2016-08-13T01:12:00Z"))
        #expect(post.updated == CnblogsSamples.date("2016-08-14T06:31:40Z"))
        #expect(post.author.name == "老码识途")
        #expect(post.author.uri?.absoluteString == "http://www.cnblogs.com/laoma/")
        #expect(post.author.avatar?.absoluteString == "http://pic.cnblogs.com/face/208761/20151023164401.png")
        #expect(post.link?.absoluteString == "http://www.cnblogs.com/laoma/p/5765532.html")
        #expect(post.blogapp == "laoma")
        #expect((post.diggs, post.views, post.comments) == (48, 5231, 96))
    }

    @Test("a blogger's post decodes field by field, without avatar or blogapp elements")
    func bloggerPost() async throws {
        let posts = try await CnblogsSamples.client().posts(of: "nanshan-walker")
        let post = try #require(posts.last)
        #expect(post.id == 5_702_256)
        #expect(post.title == "用 GCD 写一个带超时的信号量")
        #expect(post.published == CnblogsSamples.date("2016-07-21T01:05:00Z"))
        #expect(post.author == BlogAuthor(name: "南山行者", uri: URL(string: "http://www.cnblogs.com/nanshan-walker/")))
        #expect(post.blogapp == "nanshan-walker")
        #expect((post.diggs, post.views, post.comments) == (7, 1203, 3))
    }

    @Test("a news item decodes field by field")
    func newsItem() async throws {
        let item = try #require(try await CnblogsSamples.client().recentNews().first)
        let expected = NewsItem(
            id: 551_203, title: "小米发布新款笔记本 \u{201C}Air\u{201D}，售价 3499 元起",
            summary: "小米今天在北京发布了旗下首款笔记本电脑，13.3 英寸版本售价 4999 元，12.5 英寸版本售价 3499 元\u{2026}",
            published: CnblogsSamples.date("2016-08-14T06:20:00Z"),
            updated: CnblogsSamples.date("2016-08-14T06:34:02Z"),
            link: URL(string: "http://news.cnblogs.com/n/551203/"), diggs: 2, views: 318, comments: 7, topic: "小米",
            topicIcon: URL(string: "http://images0.cnblogs.com/news_topic/%E5%B0%8F%E7%B1%B3.gif"),
            sourceName: "IT之家")
        #expect(item == expected)
    }

    @Test("an unknown blog answers 500, which is a not-found error naming it")
    func unknownBlogIsNotFound() async throws {
        let client = try CnblogsSamples.client()
        let error = try await #require(throws: CnblogsError.self) { try await client.posts(of: "nosuchblog") }
        guard case .notFound(let what, let url) = error else {
            Issue.record("expected notFound, got \(error)")
            return
        }
        #expect(what == "the blog 'nosuchblog'")
        #expect(url == "http://wcf.open.cnblogs.com/blog/u/nosuchblog/posts/1/10")
        #expect(error.description.hasPrefix("not found: the blog 'nosuchblog'"))
        #expect(!error.description.contains("\n"))
    }

    @Test("a request the recording does not hold is a network error, not a not-found")
    func notRecordedIsNetwork() async throws {
        let client = try CnblogsSamples.client()
        let error = try await #require(throws: CnblogsError.self) { try await client.siteHome(page: 2, size: 10) }
        guard case .network(.notRecorded) = error else {
            Issue.record("expected network(notRecorded), got \(error)")
            return
        }
    }

    @Test(
        "pages, sizes and counts outside what the API takes are refused before sending",
        arguments: [(0, 10, "page"), (1, 0, "size"), (1, 101, "size")])
    func invalidPaging(page: Int, size: Int, name: String) async throws {
        let client = try CnblogsSamples.client()
        let error = try await #require(throws: CnblogsError.self) { try await client.siteHome(page: page, size: size) }
        guard case .invalidArgument(let errorName, _, _) = error else {
            Issue.record("expected invalidArgument, got \(error)")
            return
        }
        #expect(errorName == name)
    }

    @Test("the 10-day list takes at most 50, and a blog name must not be empty")
    func invalidCountAndBlogapp() async throws {
        let client = try CnblogsSamples.client()
        await #expect(throws: CnblogsError.self) { try await client.top10Days(count: 51) }
        await #expect(throws: CnblogsError.self) { try await client.posts(of: "  ") }
    }
}
