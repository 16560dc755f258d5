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
}
