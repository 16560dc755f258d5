import BasicNetworking
import CnblogsClient
import Foundation
import ReaderApp
import TestSupport
import Testing

/// The source against the bundled recording of today's cnblogs, through the real ReplayTransport.
@Suite struct ReaderSourceTests {
    static func source() throws -> ReaderSource {
        let cassette = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs-today")
        let client = CnblogsClient(transport: try ReplayTransport(cassette: cassette))
        return ReaderSource(client: client, source: .site)
    }

    @Test(
        "each list tab reads what the one-shot command reads",
        arguments: [
            (ReaderTab.home, 20, "Swift 6 的严格并发：把全局可变状态关进 Mutex"),
            (.picked, 20, "Swift 6 的严格并发：把全局可变状态关进 Mutex"),
            (.news, 20, "开源数据库 DuckDB 发布 1.3 版：查询外部 Parquet 文件提速一倍"),
            (.ranking, 20, "Swift 6 的严格并发：把全局可变状态关进 Mutex"),
        ])
    func lists(tab: ReaderTab, count: Int, firstTitle: String) async throws {
        let entries = try await Self.source().entries(for: tab).get()
        #expect(entries.count <= count && entries.count >= 6)
        #expect(entries.first?.title == firstTitle)
    }

    @Test("a post and a news item from the lists open; one the recording lacks fails with a message")
    func articles() async throws {
        let source = try Self.source()
        let posts = try await source.entries(for: .home).get()
        let post = try await source.article(for: posts[0]).get()
        #expect(post.html.contains("Mutex"))
        let news = try await source.entries(for: .news).get()
        let item = try await source.article(for: news[0]).get()
        #expect(!item.html.isEmpty)
        let missing = await source.article(for: posts[2])
        guard case .failure(let failure) = missing else {
            Issue.record("a post the recording lacks opened")
            return
        }
        #expect(failure.message.contains("18561702"))
    }
}

/// The 离线 tab's source on a real library in a temporary folder.
@Suite struct ReaderOfflineSourceTests {
    @Test("lists, reads and removes saved articles with no network; no library is an empty list")
    func library() async throws {
        let folder = try TemporaryDirectory(prefix: "ReaderOfflineSourceTests")
        let libraryFolder = folder.path("library")
        // A client whose every request fails: the offline tab must not need one.
        let offline = CnblogsClient(
            transport: try ReplayTransport(cassette: TestPaths.packageRoot.appendingPathComponent("Samples/budejie")))
        let source = ReaderSource(client: offline, source: .site, library: libraryFolder)
        #expect(try await source.entries(for: .offline).get().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: libraryFolder.path), "listing created nothing")

        let library = try OfflineLibrary(folder: libraryFolder)
        let article = Article(kind: .post, id: 42, title: "离线的文章", author: "南山行者", html: "<p>不用网络也能读。</p>")
        try await library.save(article)
        let entries = try await source.entries(for: .offline).get()
        #expect(entries.map(\.title) == ["离线的文章"])
        #expect(entries[0].isSaved)
        #expect(try await source.article(for: entries[0]).get().html.contains("不用网络也能读"))
        #expect(try await source.remove(entries[0]).get() == entries[0])
        #expect(try await source.entries(for: .offline).get().isEmpty)
        guard case .failure(let failure) = await source.remove(entries[0]) else {
            Issue.record("removed twice")
            return
        }
        #expect(failure.message.contains("post-42"))
    }
}
