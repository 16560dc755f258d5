import BasicNetworking
import CnblogsClient
import Foundation
import ReaderApp
import TestSupport
import Testing

/// The article pager's jobs through the source: comments from the bundled recording, saving into
/// a real library and writing the page to a real file, in a temporary folder.
@Suite struct ReaderSourceJobsTests {
    @Test("a post's comments come from the site; a news item's need a token, which the failure says")
    func comments() async throws {
        let source = try ReaderSourceTests.source()
        let posts = try await source.entries(for: .home).get()
        let comments = try await source.comments(for: posts[0]).get()
        #expect(!comments.isEmpty)
        #expect(comments.allSatisfy { !$0.authorName.isEmpty && !$0.html.isEmpty })
        let news = try await source.entries(for: .news).get()
        guard case .failure(let failure) = await source.comments(for: news[0]) else {
            Issue.record("the site gave a news item's comments")
            return
        }
        #expect(failure.message.contains("token"), "\(failure.message)")
    }

    @Test("s saves into the library, which 离线 then lists; saving again says so; no library is a line")
    func save() async throws {
        let folder = try TemporaryDirectory(prefix: "ReaderSourceJobsTests")
        let client = CnblogsClient(
            transport: try ReplayTransport(cassette: TestPaths.packageRoot.appendingPathComponent("Samples/budejie")))
        let source = ReaderSource(client: client, source: .site, library: folder.path("library"))
        let article = Article(kind: .post, id: 7, title: "存下来读", author: "南山行者", html: "<p>离线也能读。</p>")
        #expect(try await source.save(article) { _, _ in }.get() == "Saved post-7 for reading offline.")
        #expect(try await source.entries(for: .offline).get().map(\.title) == ["存下来读"])
        #expect(try await source.save(article) { _, _ in }.get() == "Saved again post-7 for reading offline.")
        let nowhere = ReaderSource(client: client, source: .site)
        guard case .failure(let failure) = await nowhere.save(article, progress: { _, _ in }) else {
            Issue.record("saved with no library")
            return
        }
        #expect(failure.message == "Could not save it: no offline library was given")
    }

    @Test("w writes the sanitized phone-sized page to <folder>/<key>.html, creating the folder; a bad folder is a line")
    func writePage() async throws {
        let folder = try TemporaryDirectory(prefix: "ReaderSourceJobsTests")
        let client = CnblogsClient(
            transport: try ReplayTransport(cassette: TestPaths.packageRoot.appendingPathComponent("Samples/budejie")))
        let pages = folder.path("cache/custom/pages")
        let source = ReaderSource(client: client, source: .site, pageFolder: pages)
        let article = Article(
            kind: .news, id: 9, title: "写成网页", author: "cnblogs", link: URL(string: "https://news.cnblogs.com/n/9/"),
            html: "<p>正文<script>alert(1)</script><img src=\"/a.png\" onerror=\"x()\"></p>")
        let line = try await source.writePage(article).get()
        let file = pages.appendingPathComponent("news-9.html")
        #expect(line == "Wrote \(file.path)")
        let page = try String(contentsOf: file, encoding: .utf8)
        #expect(page.contains("写成网页") && page.contains("正文"))
        #expect(!page.contains("alert(1)") && !page.contains("onerror"))
        #expect(page.contains("https://news.cnblogs.com/a.png"), "relative images resolved against the link")

        try Data("a file".utf8).write(to: folder.path("blocked"))
        let blocked = ReaderSource(client: client, source: .site, pageFolder: folder.path("blocked/pages"))
        guard case .failure(let failure) = await blocked.writePage(article) else {
            Issue.record("wrote under a file")
            return
        }
        #expect(failure.message.hasPrefix("Could not write \(folder.path("blocked/pages/news-9.html").path): "))
    }

    @Test("with a token the source searches the token API: posts with their blog read from the address, or news")
    func search() async throws {
        let cassette = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs-today")
        let client = CnblogsClient(
            credential: .personalAccessToken(Secret("recorded")), transport: try ReplayTransport(cassette: cassette))
        let source = ReaderSource(client: client)
        #expect(source.searchesAPI)
        let posts = try await source.search("并发", news: false).get()
        #expect(posts.first?.title == "Swift 6 的严格并发：把全局可变状态关进 Mutex")
        #expect(posts.first?.blogapp == "nanshan-walker" && posts.first?.kind == .post)
        #expect(posts.first?.counts == "5231/12")
        let news = try await source.search("开源", news: true).get()
        #expect(!news.isEmpty && news.allSatisfy { $0.kind == .news && $0.blogapp == nil })
        let site = try ReaderSourceTests.source()
        #expect(!site.searchesAPI)
        guard case .failure(let failure) = await site.search("并发", news: false) else {
            Issue.record("the site searched")
            return
        }
        #expect(failure.message.contains("token"))
    }
}
