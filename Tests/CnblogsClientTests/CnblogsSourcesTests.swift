import BasicNetworking
import CnblogsClient
import Foundation
import TestSupport
import Testing

/// Each command's method, per source, replayed from `Samples/cnblogs-today` (and, for legacy,
/// from `Samples/cnblogs`).
@Suite struct CnblogsSourcesTests {
    @Test("without a credential every list comes from the site; with one, from the API")
    func preferredSource() throws {
        #expect(try CnblogsToday.client().resolved(nil) == .site)
        #expect(try CnblogsToday.apiClient().resolved(nil) == .api)
        #expect(try CnblogsToday.apiClient().resolved(.legacy) == .legacy)
    }

    @Test("blogs from the site: the feed's first page, cut to the size asked for")
    func blogsFromSite() async throws {
        let listing = try await CnblogsToday.client().blogs(size: 5)
        #expect(listing.source == .site)
        #expect(listing.url == "https://feed.cnblogs.com/blog/sitehome/rss")
        #expect(listing.items.map(\.id) == [18_562_097, 18_561_875, 18_561_702, 18_561_533, 18_561_410])
        #expect(listing.items.allSatisfy { $0.viewCount == nil })
    }

    @Test("blogs page 2 from the site says a token is needed")
    func blogsPageTwoFromSite() async throws {
        let client = try CnblogsToday.client()
        let error = try #require(await CnblogsToday.error { try await client.blogs(page: 2) })
        guard case .credentialRequired(let what) = error else {
            Issue.record("expected credentialRequired, got \(error)")
            return
        }
        #expect(what.contains("page 2"))
        #expect(error.description.contains("bsl cnblogs login"))
        #expect(error.description.contains("account.cnblogs.com/settings/tokens"))
    }

    @Test("blogs from the API, pages 1 and 2, with counts")
    func blogsFromAPI() async throws {
        let client = try CnblogsToday.apiClient()
        let one = try await client.blogs(page: 1, size: 20)
        let two = try await client.blogs(page: 2, size: 20)
        #expect(one.source == .api)
        #expect(one.url == "https://api.cnblogs.com/api/blogposts/@sitehome?pageIndex=1&pageSize=20")
        #expect(one.items.count == 20 && two.items.count == 8)
        #expect(one.items.allSatisfy { $0.viewCount != nil })
        #expect(Set(one.items.map(\.id)).isDisjoint(with: two.items.map(\.id)))
    }

    @Test("the API without a credential says a token is needed")
    func apiWithoutCredential() async throws {
        let client = try CnblogsToday.client()
        let error = try #require(await CnblogsToday.error { try await client.blogs(from: .api) })
        guard case .credentialRequired = error else {
            Issue.record("expected credentialRequired, got \(error)")
            return
        }
    }

    @Test("picked, from the site and from the API")
    func picked() async throws {
        let site = try await CnblogsToday.client().picked()
        let api = try await CnblogsToday.apiClient().picked()
        #expect(site.items.map(\.id) == api.items.map(\.id))
        #expect(site.items.count == 6)
    }

    @Test("news: the site's feed has the latest only; the API has hot and recommended too")
    func news() async throws {
        let site = try CnblogsToday.client()
        #expect(try await site.newsItems().items.count == 8)
        let hot = try #require(await CnblogsToday.error { try await site.newsItems(.hot) })
        guard case .credentialRequired = hot else {
            Issue.record("expected credentialRequired, got \(hot)")
            return
        }
        let api = try CnblogsToday.apiClient()
        #expect(try await api.newsItems().items.count == 8)
        #expect(try await api.newsItems(.hot).items.count == 5)
        #expect(try await api.newsItems(.recommended).items.map(\.id) == [789_012, 789_006, 788_990])
    }

    @Test("a blog's posts: its feed from the site, its posts from the API")
    func userPosts() async throws {
        let site = try await CnblogsToday.client().blogPosts(of: "nanshan-walker")
        #expect(site.url == "https://www.cnblogs.com/nanshan-walker/rss")
        let api = try await CnblogsToday.apiClient().blogPosts(of: "nanshan-walker")
        #expect(api.url == "https://api.cnblogs.com/api/blogs/nanshan-walker/posts?pageIndex=1")
        #expect(site.items.map(\.id) == api.items.map(\.id))
        #expect(site.items.count == 5)
    }

    @Test("the rankings come from their pages, with counts, whatever the source")
    func rankings() async throws {
        let views = try await CnblogsToday.client().ranking(.mostRead48Hours)
        #expect(views.url == "https://www.cnblogs.com/aggsite/topviews")
        #expect(views.items.first?.viewCount == 5231)
        let diggs = try await CnblogsToday.apiClient().ranking(.mostRecommended10Days, size: 3)
        #expect(diggs.items.map(\.diggs) == [96, 88, 48])
    }

    @Test(
        "read a post by its address, by BLOGAPP/ID, or by an ID a list showed",
        arguments: ["https://www.cnblogs.com/nanshan-walker/p/18562097", "nanshan-walker/18562097"])
    func readPost(text: String) async throws {
        let article = try await CnblogsToday.client().article(try PostReference(parsing: text))
        #expect(article.title == "Swift 6 的严格并发：把全局可变状态关进 Mutex")
        #expect(article.author == "南山行者")
        #expect(article.imageURLs.count == 2)
    }

    @Test("an ID alone is read once a list in the same run has shown it, and not before")
    func readByID() async throws {
        let client = try CnblogsToday.client()
        let before = try #require(await CnblogsToday.error { try await client.article(PostReference(id: 18_562_097)) })
        guard case .postNotListed(18_562_097) = before else {
            Issue.record("expected postNotListed, got \(before)")
            return
        }
        #expect(before.description.contains("give it as BLOGAPP/18562097 or its address"))
        _ = try await client.blogs()
        let article = try await client.article(try PostReference(parsing: "18562097"))
        #expect(article.id == 18_562_097)
        #expect(article.published == CnblogsToday.china("2026-03-12 10:35"))
    }

    @Test("the API reads the body by id, its title from a list when one showed it")
    func readFromAPI() async throws {
        let client = try CnblogsToday.apiClient()
        let bare = try await client.article(PostReference(id: 18_562_097))
        #expect(bare.title == "Post 18562097")
        #expect(bare.html.hasPrefix("<p>升级到 Swift 6"))
        _ = try await client.blogs()
        let titled = try await client.article(PostReference(id: 18_562_097))
        #expect(titled.title == "Swift 6 的严格并发：把全局可变状态关进 Mutex")
        #expect(titled.author == "南山行者")
        #expect(titled.imageURLs.count == 2)
    }

    @Test("read news from its page and from the API")
    func readNews() async throws {
        let page = try await CnblogsToday.client().article(newsID: 789_012)
        #expect(page.title == "开源数据库 DuckDB 发布 1.3 版：查询外部 Parquet 文件提速一倍")
        let api = try CnblogsToday.apiClient()
        _ = try await api.newsItems()
        let body = try await api.article(newsID: 789_012)
        #expect(body.title == page.title)
        #expect(body.imageURLs == page.imageURLs)
        #expect(body.html.hasPrefix("<p>DuckDB 团队于 3 月 12 日发布了 1.3 版本。"))
    }

    @Test("comments: the post page's fragment, or the API; news comments need the API")
    func comments() async throws {
        let reference = PostReference(id: 18_562_097, blogapp: "nanshan-walker")
        let site = try await CnblogsToday.client().comments(on: reference)
        let api = try await CnblogsToday.apiClient().comments(on: reference)
        #expect(site.items.map(\.id) == api.items.map(\.id))
        #expect(site.items.map(\.authorName) == api.items.map(\.authorName))
        let news = try await CnblogsToday.apiClient().comments(onNews: 789_012)
        #expect(news.items.count == 2)
        let client = try CnblogsToday.client()
        let error = try #require(await CnblogsToday.error { try await client.comments(onNews: 789_012) })
        guard case .credentialRequired = error else {
            Issue.record("expected credentialRequired, got \(error)")
            return
        }
    }

    @Test("search, bookmarks and the current user through the API; search without a token says so")
    func tokenOnly() async throws {
        let api = try CnblogsToday.apiClient()
        #expect(try await api.search("并发").items.count == 3)
        #expect(try await api.search("开源", in: .news).items.first?.id == 789_012)
        #expect(try await api.bookmarks().items.count == 3)
        #expect(try await api.currentUser().displayName == "南山行者")
        let site = try CnblogsToday.client()
        let error = try #require(await CnblogsToday.error { try await site.search("并发") })
        guard case .credentialRequired("search") = error else {
            Issue.record("expected credentialRequired(search), got \(error)")
            return
        }
    }

    @Test("bloggers come only from the legacy API, and say so with the hint")
    func bloggers() async throws {
        let client = try CnblogsToday.client()
        let error = try #require(await CnblogsToday.error { try await client.bloggers() })
        guard case .legacyOnly = error else {
            Issue.record("expected legacyOnly, got \(error)")
            return
        }
        #expect(error.description.contains("--source legacy"))
        let samples = try CnblogsSamples.client()
        let legacy = try await samples.bloggers(from: .legacy)
        #expect(!legacy.items.isEmpty)
        #expect(legacy.items == (try await samples.recommendedBloggers()))
    }

    @Test("the legacy source gives what the legacy methods give")
    func legacySource() async throws {
        let client = try CnblogsSamples.client()
        #expect(try await client.blogs(page: 1, size: 10, from: .legacy).items == client.siteHome(page: 1, size: 10))
        #expect(
            try await client.ranking(.mostRead48Hours, size: 10, from: .legacy).items == client.top48Hours(count: 10))
        #expect(try await client.newsItems(.hot, size: 10, from: .legacy).items == client.hotNews(count: 10))
        let article = try await client.article(PostReference(id: 5_770_214), from: .legacy)
        #expect(article == (try await client.postArticle(id: 5_770_214)))
    }

    @Test(
        "post references parse from addresses, BLOGAPP/ID and ids",
        arguments: [
            (
                "https://www.cnblogs.com/nanshan-walker/p/18562097",
                PostReference(id: 18_562_097, blogapp: "nanshan-walker")
            ),
            (
                "https://www.cnblogs.com/nanshan-walker/p/18562097.html",
                PostReference(id: 18_562_097, blogapp: "nanshan-walker")
            ),
            (
                "https://www.cnblogs.com/old-blogger/archive/2012/12/13/2815473.html",
                PostReference(id: 2_815_473, blogapp: "old-blogger")
            ),
            ("nanshan-walker/18562097", PostReference(id: 18_562_097, blogapp: "nanshan-walker")),
            (" 18562097 ", PostReference(id: 18_562_097)),
        ])
    func references(text: String, expected: PostReference) throws {
        #expect(try PostReference(parsing: text) == expected)
    }

    @Test(
        "anything else is not a post reference",
        arguments: [
            "", "0", "abc", "https://example.com/a/p/1", "a/b/1", "../1", "https://www.cnblogs.com/nanshan-walker/",
        ])
    func badReferences(text: String) {
        #expect(throws: CnblogsError.self) { try PostReference(parsing: text) }
    }
}
