import CnblogsClient
import Foundation
import Testing

/// The token API's PascalCase v1 JSON, decoded leniently by ``CnblogsAPIDecoder``.
@Suite struct CnblogsAPIDecoderTests {
    static let sitehome = "https://api.cnblogs.com/api/blogposts/@sitehome?pageIndex=1&pageSize=20"

    @Test("site home page 1: every field, counts included, dates with seven fractional digits")
    func pageOne() throws {
        let listing = try CnblogsAPIDecoder.posts(
            from: try CnblogsToday.body("010-blogposts-sitehome.json"), url: Self.sitehome)
        #expect(listing.items.count == 20)
        #expect(listing.droppedCount == 0)
        #expect(listing.source == .api)
        let first = try #require(listing.items.first)
        let expected = BlogPost(
            id: 18_562_097, title: "Swift 6 的严格并发：把全局可变状态关进 Mutex",
            summary: "升级到 Swift 6 语言模式后，编译器第一件抱怨的事往往是 static var。本文用 Synchronization 里的 Mutex 改写一个计数器，并对比 actor 的写法。",
            published: .distantPast,
            author: BlogAuthor(
                name: "南山行者", uri: URL(string: "https://www.cnblogs.com/nanshan-walker/"),
                avatar: URL(string: "https://pic.cnblogs.com/face/62097/20240101120000.png")),
            link: URL(string: "https://www.cnblogs.com/nanshan-walker/p/18562097"), blogapp: "nanshan-walker",
            diggCount: 18_562_097 % 29, viewCount: 400 + 18_562_097 % 4000, commentCount: 18_562_097 % 13)
        let fraction = first.published.timeIntervalSince(CnblogsToday.date("2026-03-12T02:35:00Z"))
        #expect(abs(fraction - 0.972_535_6) < 0.000_001)
        var sameDate = expected
        sameDate.published = first.published
        #expect(first == sameDate)
        #expect(listing.items[3].title == "读《重构》第二版：\"小步快跑\"的真正含义")
        #expect(listing.items[7].summary.hasPrefix("编译之后 List<String> 和 List<Integer> 是同一个类"))
    }

    @Test("page 2: a row without ViewCount has a nil count, an empty avatar is nil, neither drops the row")
    func pageTwo() throws {
        let listing = try CnblogsAPIDecoder.posts(
            from: try CnblogsToday.body("011-blogposts-sitehome.json"),
            url: "https://api.cnblogs.com/api/blogposts/@sitehome?pageIndex=2&pageSize=20")
        #expect(listing.items.count == 8)
        #expect(listing.droppedCount == 0)
        #expect(listing.items[3].viewCount == nil)
        #expect(listing.items[3].views == 0)
        #expect(listing.items[3].commentCount != nil)
        #expect(listing.items[5].author.avatar == nil)
    }

    @Test("rows without an id, a title or a date are dropped and counted; wrong types are nil")
    func lenientRows() throws {
        let json = """
            [
              {"Id": 1, "Title": "好", "PostDate": "2026-03-12T10:35:00.1234567+08:00", "ViewCount": "12", "DiggCount": "n/a"},
              {"Title": "没有 Id", "PostDate": "2026-03-12T10:35:00+08:00"},
              {"Id": 3, "PostDate": "2026-03-12T10:35:00+08:00"},
              {"Id": 4, "Title": "日期坏了", "PostDate": "昨天"},
              "not an object",
              {"Id": "5", "Title": "无时区", "PostDate": "2026-03-12T10:35:00"}
            ]
            """
        let listing = try CnblogsAPIDecoder.posts(from: Data(json.utf8), url: "u")
        #expect(listing.items.map(\.id) == [1, 5])
        #expect(listing.droppedCount == 4)
        #expect(listing.items[0].viewCount == 12)
        #expect(listing.items[0].diggCount == nil)
        #expect(listing.items[0].author.name == "")
        #expect(listing.items[1].published == CnblogsToday.date("2026-03-12T02:35:00Z"))
    }

    @Test("a body that is not a JSON array is malformed, naming the URL")
    func notAnArray() throws {
        let error = try #require(throws: CnblogsError.self) {
            try CnblogsAPIDecoder.posts(from: Data("{\"Message\":\"An error has occurred.\"}".utf8), url: Self.sitehome)
        }
        #expect(error.description.contains(Self.sitehome))
        #expect(throws: CnblogsError.self) { try CnblogsAPIDecoder.news(from: Data("<html>".utf8), url: "u") }
    }

    @Test("a body is a JSON string of HTML, with \\r\\n written as \\n")
    func body() throws {
        let html = try CnblogsAPIDecoder.body(
            from: try CnblogsToday.body("017-blogposts-18562097-body.json"),
            url: "https://api.cnblogs.com/api/blogposts/18562097/body")
        #expect(html.hasPrefix("<p>升级到 Swift 6 语言模式后"))
        #expect(!html.contains("\r"))
        #expect(html.contains("hits.withLock { $0 += 1 }"))
        #expect(throws: CnblogsError.self) { try CnblogsAPIDecoder.body(from: Data("[1]".utf8), url: "u") }
    }

    @Test("news: Summary, TopicIcon, counts and DateAdded; a null TopicIcon is nil")
    func news() throws {
        let listing = try CnblogsAPIDecoder.news(
            from: try CnblogsToday.body("013-api-newsitems.json"),
            url: "https://api.cnblogs.com/api/NewsItems?pageIndex=1&pageSize=20")
        #expect(listing.items.count == 8)
        let first = try #require(listing.items.first)
        #expect(first.id == 789_012)
        #expect(first.link?.absoluteString == "https://news.cnblogs.com/n/789012/")
        #expect(first.topicIcon?.absoluteString == "https://images0.cnblogs.com/news_topic/202601011200000.png")
        #expect(first.viewCount == 300 + 789_012 % 900)
        #expect(listing.items[5].topicIcon == nil)
        #expect(listing.items[5].title == "\"全栈\"还是\"专精\"？一项开发者调查给出答案")
    }

    @Test("post and news comments")
    func comments() throws {
        let post = try CnblogsAPIDecoder.postComments(
            from: try CnblogsToday.body("019-posts-18562097-comments.json"), url: "u")
        #expect(post.items.map(\.id) == [5_123_456, 5_123_471, 5_123_502])
        #expect(post.items[0].authorName == "读者甲")
        let written = post.items[0].published.timeIntervalSince(CnblogsToday.date("2026-03-12T03:02:14Z"))
        #expect(abs(written - 0.187_340_2) < 0.000_001)
        let news = try CnblogsAPIDecoder.newsComments(
            from: try CnblogsToday.body("020-news-789012-comments.json"), url: "u")
        #expect(news.items.map(\.id) == [1_730_551, 1_730_568])
        #expect(news.items[0].authorName == "数据搬运工")
        #expect(news.items[0].authorURI?.absoluteString == "https://home.cnblogs.com/u/3456789/")
        #expect(news.items[1].html == "TRY 表达式这个好，省了很多 CASE WHEN。")
    }

    @Test("search hits lose their highlighting, take their id from the address")
    func search() throws {
        let listing = try CnblogsAPIDecoder.searchResults(
            from: try CnblogsToday.body("021-zzkdocuments-blog.json"), url: "u")
        #expect(listing.items.count == 3)
        let first = try #require(listing.items.first)
        #expect(first.title == "Swift 6 的严格并发：把全局可变状态关进 Mutex")
        #expect(first.id == 18_562_097)
        #expect(first.author == "南山行者")
        #expect((first.diggCount, first.viewCount, first.commentCount) == (48, 5231, 12))
        #expect(listing.items[2].id == 18_254_410)
    }

    @Test("bookmarks: tags, an empty or null summary is nil")
    func bookmarks() throws {
        let listing = try CnblogsAPIDecoder.bookmarks(from: try CnblogsToday.body("023-api-bookmarks.json"), url: "u")
        #expect(listing.items.map(\.id) == [7_012_345, 6_998_120, 6_871_455])
        #expect(listing.items[0].tags == ["Swift", "并发"])
        #expect(listing.items[0].summary == nil)
        #expect(listing.items[1].summary == "周末试一下 pg_combinebackup")
        #expect(listing.items[2].summary == nil)
        #expect(listing.items[2].tags.isEmpty)
    }

    @Test("the current user")
    func user() throws {
        let user = try CnblogsAPIDecoder.user(from: try CnblogsToday.body("024-api-users.json"), url: "u")
        #expect(user.displayName == "南山行者")
        #expect(user.blogapp == "nanshan-walker")
        #expect(user.blogID == 412_873)
        #expect(user.followerCount == 386)
        #expect(user.avatar?.absoluteString == "https://pic.cnblogs.com/avatar/412873/20160302152147.png")
        #expect(throws: CnblogsError.self) { try CnblogsAPIDecoder.user(from: Data("[]".utf8), url: "u") }
    }
}
