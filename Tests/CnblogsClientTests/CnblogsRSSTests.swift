import BasicNetworking
import CnblogsClient
import Foundation
import Testing

/// A blog's public feed (`www.cnblogs.com/{blogapp}/rss`), the source that still serves.
@Suite struct CnblogsRSSTests {
    @Test("the sample blog feed decodes into posts, field by field")
    func sampleFeed() async throws {
        let posts = try await CnblogsSamples.client().rssPosts(of: "nanshan-walker")
        #expect(posts.map(\.id) == [18_562_097, 18_533_410, 5_770_214])
        let first = try #require(posts.first)
        #expect(first.title == "Swift 6 的严格并发：把全局可变状态关进 Mutex")
        #expect(
            first.summary
                == "升级到 Swift 6 语言模式后，编译器第一件抱怨的事往往是 static var 。本文用 Synchronization 里的 Mutex 改写一个计数器。 "
                + "let counter = Mutex(0) counter.withLock { $0 += 1 } 结论：能用值类型就用值类型，不能的时候，“锁 + final class”比 actor 更省心。"
        )
        #expect(first.published == CnblogsSamples.date("2026-11-28T12:40:00Z"))
        #expect(first.author == BlogAuthor(name: "南山行者", uri: URL(string: "https://www.cnblogs.com/nanshan-walker/")))
        #expect(first.link == URL(string: "https://www.cnblogs.com/nanshan-walker/p/18562097"))
        #expect(first.blogapp == "nanshan-walker")
        #expect([first.diggs, first.views, first.comments] == [Int](repeating: 0, count: 3))
        // The oldest item's link ends in .html and its title carries real quotation marks
        #expect(posts[2].title == "“面向协议”的 Swift 网络层设计")
        // &nbsp; in a description is a space like any other
        #expect(posts[1].summary.hasSuffix("原因在 libcurl 的超时是按整秒传下去的。 解决办法见正文。"))
    }

    @Test("an unknown blog's feed answers 404: a not-found naming the blog")
    func unknownBlog() async throws {
        let error = try await #require(throws: CnblogsError.self) {
            try await CnblogsSamples.client().rssPosts(of: "nosuchblog")
        }
        guard case .notFound(let what, let url) = error else {
            Issue.record("expected notFound, got \(error)")
            return
        }
        #expect(what == "the blog 'nosuchblog'")
        #expect(url == "https://www.cnblogs.com/nosuchblog/rss")
        #expect(error.description.contains("check the spelling"))
    }

    @Test("an empty blog name is an invalid argument, sent nowhere")
    func emptyName() async throws {
        let error = try await #require(throws: CnblogsError.self) {
            try await CnblogsSamples.client().rssPosts(of: "  ")
        }
        guard case .invalidArgument(let name, _, _) = error else {
            Issue.record("expected invalidArgument, got \(error)")
            return
        }
        #expect(name == "blogapp")
    }

    @Test("an Atom feed works too, with the author from the entry")
    func atomFeed() throws {
        let atom = """
            <?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>博客园 - 晴川</title>\
            <entry><id>https://www.cnblogs.com/qingchuan/p/5770133.html</id><title type="text">perf 三板斧</title>\
            <summary type="html">&lt;p&gt;perf top&lt;/p&gt;</summary><published>2016-08-14T13:12:00+08:00</published>\
            <author><name>晴川</name></author><link rel="alternate" href="https://www.cnblogs.com/qingchuan/p/5770133.html"/>\
            </entry></feed>
            """
        let posts = try CnblogsFeedDecoder.rssPosts(
            from: Data(atom.utf8), url: "https://www.cnblogs.com/qingchuan/rss", blogapp: "qingchuan")
        #expect(posts.count == 1)
        #expect(posts.first?.id == 5_770_133)
        #expect(posts.first?.summary == "perf top")
        #expect(posts.first?.author.name == "晴川")
        #expect(posts.first?.published == CnblogsSamples.date("2016-08-14T05:12:00Z"))
    }

    @Test(
        "items the model cannot hold are malformed, naming the item",
        arguments: [
            (
                "<item><title>t</title><link>https://www.cnblogs.com/a/</link><pubDate>Sat, 28 Nov 2026 12:40:00 GMT</pubDate></item>",
                "item 1 has no post id"
            ),
            (
                "<item><link>https://www.cnblogs.com/a/p/12.html</link><pubDate>Sat, 28 Nov 2026 12:40:00 GMT</pubDate></item>",
                "item 1 (post 12) has no title"
            ),
            (
                "<item><title>t</title><link>https://www.cnblogs.com/a/p/12.html</link></item>",
                "item 1 (post 12) has no date"
            ),
        ])
    func malformedItems(item: String, expected: String) throws {
        let rss = "<rss version=\"2.0\"><channel><title>博客园 - a</title>\(item)</channel></rss>"
        let error = try #require(throws: CnblogsError.self) {
            try CnblogsFeedDecoder.rssPosts(from: Data(rss.utf8), url: "https://www.cnblogs.com/a/rss", blogapp: "a")
        }
        guard case .malformed(_, let reason) = error else {
            Issue.record("expected malformed, got \(error)")
            return
        }
        #expect(reason.contains(expected), "\(reason)")
    }

    @Test("a body that is not a feed (an HTML page) is malformed, saying so")
    func notAFeed() throws {
        let error = try #require(throws: CnblogsError.self) {
            try CnblogsFeedDecoder.rssPosts(
                from: Data("<html><body>维护中</body></html>".utf8), url: "https://www.cnblogs.com/a/rss", blogapp: "a")
        }
        #expect(error.description.contains("not an RSS or Atom feed"))
    }
}

/// Posts and news as articles: a body with its title, byline and images.
@Suite struct CnblogsArticleTests {
    @Test("a post's article takes its title and author from the site home list, and its images from the body")
    func postArticle() async throws {
        let article = try await CnblogsSamples.client().postArticle(id: 5_770_214)
        #expect(article.kind == .post)
        #expect(article.title == "“面向协议”的 Swift 网络层设计")
        #expect(article.author == "南山行者")
        #expect(article.source == nil)
        #expect(article.published == CnblogsSamples.date("2016-08-14T14:15:00+08:00"))
        #expect(article.link == URL(string: "http://www.cnblogs.com/nanshan-walker/p/5770214.html"))
        #expect(article.html.contains("<h2>1. 请求即值</h2>"))
        #expect(
            article.imageURLs == [
                URL(string: "http://images2015.cnblogs.com/blog/412873/201608/412873-20160814141502.png")!
            ])
        #expect(article.key == "post-5770214")
    }

    @Test("a post in no list is titled by its id, with the listing given it is not looked up")
    func postWithoutListing() async throws {
        let client = try CnblogsSamples.client()
        let listing = BlogPost(
            id: 5_770_198, title: "给定的标题", summary: "", published: Date(timeIntervalSince1970: 0),
            author: BlogAuthor(name: "某人"))
        let given = try await client.postArticle(id: 5_770_198, listing: listing)
        #expect(given.title == "给定的标题")
        #expect(given.author == "某人")
    }

    @Test("a news article carries its own title, source, China-time date and both image lists without repeats")
    func newsArticle() async throws {
        let article = try await CnblogsSamples.client().newsArticle(id: 551_203)
        #expect(article.kind == .news)
        #expect(article.title == "小米发布新款笔记本 “Air”，售价 3499 元起")
        #expect(article.source == "IT之家")
        #expect(article.byline == "IT之家")
        #expect(article.published == CnblogsSamples.date("2016-08-14T13:52:00+08:00"))
        #expect(article.link == URL(string: "https://news.cnblogs.com/n/551203/"))
        #expect(
            article.imageURLs == [
                URL(string: "http://images2015.cnblogs.com/news/66372/201608/66372-20160814135501-1.jpg")!,
                URL(string: "http://images2015.cnblogs.com/news/66372/201608/66372-20160814135502-2.jpg")!,
            ])
    }

    @Test("an unknown post id is not found, even though the lists load")
    func unknownPost() async throws {
        let error = try await #require(throws: CnblogsError.self) {
            try await CnblogsSamples.client().postArticle(id: 999_999_999)
        }
        guard case .notFound = error else {
            Issue.record("expected notFound, got \(error)")
            return
        }
    }
}
