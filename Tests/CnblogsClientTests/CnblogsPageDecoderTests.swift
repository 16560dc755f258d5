import CnblogsClient
import Foundation
import Testing

/// Today's HTML pages, read through the HTML tree by ``CnblogsPageDecoder``.
@Suite struct CnblogsPageDecoderTests {
    static let postURL = "https://www.cnblogs.com/nanshan-walker/p/18562097"
    static let reference = PostReference(id: 18_562_097, blogapp: "nanshan-walker")

    @Test("a post page: title, author and date from the page, the body of #cnblogs_post_body with its images")
    func postPage() throws {
        let article = try CnblogsPageDecoder.postArticle(
            from: try CnblogsToday.body("007-nanshan-walker-p-18562097.html"), url: Self.postURL,
            reference: Self.reference)
        #expect(article.kind == .post)
        #expect(article.id == 18_562_097)
        #expect(article.title == "Swift 6 的严格并发：把全局可变状态关进 Mutex")
        #expect(article.author == "南山行者")
        #expect(article.published == CnblogsToday.china("2026-03-12 10:35"))
        #expect(article.link?.absoluteString == Self.postURL)
        #expect(article.html.hasPrefix("<p>升级到 Swift 6 语言模式后"))
        #expect(article.html.contains("<pre><code class=\"language-swift\">enum Stats {"))
        #expect(!article.html.contains("MySignature"))
        #expect(!article.html.contains("好文要顶"))
        // The second is protocol-relative (`//img2024…`): ArticleHTML's repair gives it a scheme.
        #expect(
            article.imageURLs.map { "\($0.host ?? "")\($0.path)" } == [
                "img2024.cnblogs.com/blog/412873/202603/412873-20260312103512345-1186652432.png",
                "img2024.cnblogs.com/blog/412873/202603/412873-20260312103548210-2099471135.png",
            ])
    }

    @Test("a news page: the title of #news_title, the date of #news_info .time, the body of #news_body")
    func newsPage() throws {
        let url = "https://news.cnblogs.com/n/789012/"
        let article = try CnblogsPageDecoder.newsArticle(
            from: try CnblogsToday.body("008-n-789012.html"), url: url, id: 789_012)
        #expect(article.kind == .news)
        #expect(article.title == "开源数据库 DuckDB 发布 1.3 版：查询外部 Parquet 文件提速一倍")
        #expect(article.published == CnblogsToday.china("2026-03-12 09:48"))
        #expect(article.html.hasPrefix("<p>DuckDB 团队于 3 月 12 日发布了 1.3 版本。"))
        #expect(!article.html.contains("news_summary"))
        #expect(article.imageURLs.count == 1)
        #expect(article.author == nil)
    }

    @Test("the 48-hour ranking page: posts with their counts and dates")
    func topViews() throws {
        let listing = try CnblogsPageDecoder.ranking(
            from: try CnblogsToday.body("005-aggsite-topviews.html"), url: "https://www.cnblogs.com/aggsite/topviews")
        #expect(listing.items.count == 6)
        #expect(listing.droppedCount == 0)
        let first = try #require(listing.items.first)
        #expect(first.id == 18_562_097)
        #expect(first.title == "Swift 6 的严格并发：把全局可变状态关进 Mutex")
        #expect(first.author.name == "南山行者")
        #expect(first.author.uri?.absoluteString == "https://www.cnblogs.com/nanshan-walker/")
        #expect(first.author.avatar?.absoluteString == "https://pic.cnblogs.com/face/62097/20240101120000.png")
        #expect(first.blogapp == "nanshan-walker")
        #expect(first.published == CnblogsToday.china("2026-03-12 10:35"))
        #expect(first.diggCount == 48 && first.commentCount == 12 && first.viewCount == 5231)
        #expect(first.summary.hasPrefix("升级到 Swift 6"))
    }

    @Test("the 10-day ranking page keeps the page's order")
    func topDiggs() throws {
        let listing = try CnblogsPageDecoder.ranking(
            from: try CnblogsToday.body("006-aggsite-topdiggs.html"), url: "https://www.cnblogs.com/aggsite/topdiggs")
        #expect(listing.items.map(\.id) == [18_561_533, 18_560_431, 18_562_097, 18_559_688, 18_561_150])
        #expect(listing.items.map(\.diggs) == [96, 88, 48, 45, 41])
        #expect(listing.items[0].title == "读《重构》第二版：\"小步快跑\"的真正含义")
    }

    @Test("a ranking item without counts has nil counts, one without a title link is dropped")
    func rankingLeniency() throws {
        let page = """
            <html><body><div id="post_list">
            <article class="post-item" data-post-id="11"><a class="post-item-title" href="https://www.cnblogs.com/a/p/11">甲</a>
              <footer class="post-item-foot"><a class="post-item-author" href="https://www.cnblogs.com/a/"><span>作者甲</span></a>
              <span class="post-meta-item"><span>2026-03-12 10:20</span></span></footer></article>
            <article class="post-item"><p class="post-item-summary">没有标题</p></article>
            </div></body></html>
            """
        let listing = try CnblogsPageDecoder.ranking(from: Data(page.utf8), url: "u")
        #expect(listing.items.map(\.id) == [11])
        #expect(listing.items[0].viewCount == nil && listing.items[0].diggCount == nil)
        #expect(listing.droppedCount == 1)
    }

    @Test("the comment fragment: id, author, date and body of each .feedbackItem")
    func commentFragment() throws {
        let listing = try CnblogsPageDecoder.comments(
            from: try CnblogsToday.body("009-ajax-getcomments-aspx.html"),
            url: "https://www.cnblogs.com/nanshan-walker/ajax/GetComments.aspx?postId=18562097&pageIndex=1")
        #expect(listing.items.map(\.id) == [5_123_456, 5_123_471, 5_123_502])
        let first = try #require(listing.items.first)
        #expect(first.authorName == "读者甲")
        #expect(first.authorURI?.absoluteString == "https://home.cnblogs.com/u/1234567/")
        #expect(first.published == CnblogsToday.china("2026-03-12 11:02"))
        #expect(first.html == "<p>写得清楚，Mutex 那段对比很有说服力。</p>")
        #expect(listing.items[2].html.contains("@swift-fan"))
    }

    @Test("a post without comments answers an empty fragment: no comments, no error")
    func noComments() throws {
        let listing = try CnblogsPageDecoder.comments(
            from: Data("<div id=\"comments_pager_bottom\"></div>".utf8), url: "u")
        #expect(listing.items.isEmpty)
        #expect(try CnblogsPageDecoder.comments(from: Data(), url: "u").items.isEmpty)
    }

    @Test(
        "a page without its element is layoutChanged naming the URL and the element, never an empty article",
        arguments: [
            (
                "<html><body><div id=\"topics\"><a id=\"cb_post_title_url\">T</a></div></body></html>",
                "#cnblogs_post_body"
            ),
            ("<html><body><div id=\"cnblogs_post_body\"><p>正文</p></div></body></html>", "#cb_post_title_url"),
        ])
    func postLayoutChanged(page: String, element: String) throws {
        let error = try #require(throws: CnblogsError.self) {
            try CnblogsPageDecoder.postArticle(from: Data(page.utf8), url: Self.postURL, reference: Self.reference)
        }
        guard case .layoutChanged(let url, let missing, .sitePage) = error else {
            Issue.record("expected layoutChanged, got \(error)")
            return
        }
        #expect(url == Self.postURL)
        #expect(missing == element)
        #expect(error.description.contains("the page layout changed"))
        #expect(error.description.contains(Self.postURL) && error.description.contains(element))
    }

    @Test("news and ranking pages without their elements name them too")
    func otherLayoutChanges() throws {
        let empty = Data("<html><body><p>改版了</p></body></html>".utf8)
        let news = try #require(throws: CnblogsError.self) {
            try CnblogsPageDecoder.newsArticle(from: empty, url: "https://news.cnblogs.com/n/1/", id: 1)
        }
        #expect(news.description.contains("#news_body"))
        let ranking = try #require(throws: CnblogsError.self) {
            try CnblogsPageDecoder.ranking(from: empty, url: "https://www.cnblogs.com/aggsite/topviews")
        }
        #expect(ranking.description.contains("#post_list"))
    }

    @Test("a captcha page instead of a post is blocked; a sign-in page is a login redirect")
    func challengePages() throws {
        let captcha = Data(
            "<html><head><title>安全验证 - 博客园</title></head><body><div class=\"geetest_captcha\"></div></body></html>".utf8
        )
        let blocked = try #require(throws: CnblogsError.self) {
            try CnblogsPageDecoder.postArticle(from: captcha, url: Self.postURL, reference: Self.reference)
        }
        guard case .blocked(_, "a captcha page", .sitePage) = blocked else {
            Issue.record("expected blocked, got \(blocked)")
            return
        }
        let signIn = Data(
            "<html><body><form action=\"/signin\"><input name=\"user\"><input type=\"password\" name=\"pw\"></form></body></html>"
                .utf8)
        let login = try #require(throws: CnblogsError.self) {
            try CnblogsPageDecoder.postArticle(from: signIn, url: Self.postURL, reference: Self.reference)
        }
        guard case .loginRedirect = login else {
            Issue.record("expected loginRedirect, got \(login)")
            return
        }
    }
}
