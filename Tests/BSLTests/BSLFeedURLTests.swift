import Foundation
import TestSupport
import Testing

/// `bsl feed URL`: a feed downloaded, from a live server or a recording.
@Suite struct BSLFeedURLTests {
    static let bsl = TestPaths.builtProduct("bsl")
    static let sample = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs").path

    @Test("a feed URL on a live server is downloaded and listed; a missing one fails with the status")
    func liveURL() async throws {
        let directory = try TemporaryDirectory()
        let feed = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs/021-rss-nanshan-walker.xml")
        try FileManager.default.copyItem(at: feed, to: directory.path("rss.xml"))
        let server = try await TestHTTPServer.start(fixtures: directory.url)
        defer { server.stop() }

        let result = try await ProcessRunner.run(
            Self.bsl, ["feed", server.url("/fixtures/rss.xml").absoluteString], environment: ["TZ": "UTC"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines[0] == "博客园 - 南山行者")
        #expect(lines[1].hasPrefix("Swift 6 的严格并发"))
        #expect(lines[1].hasSuffix("南山行者  2026-11-28 12:40"))
        #expect(lines[2] == "  https://www.cnblogs.com/nanshan-walker/p/18562097", "each entry's link below it")
        #expect(lines.count == 7)

        let missing = try await ProcessRunner.run(Self.bsl, ["feed", server.url("/fixtures/none.xml").absoluteString])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("404"), "\(missing.standardError)")
        #expect(!missing.standardError.contains("--replay"), "a 404 is no network problem")
    }

    @Test("a feed URL's relative links resolve against it, and its charset reads bytes that do not say theirs")
    func relativeLinksAndCharset() async throws {
        let server = try await FeedTestServer.shared()
        let path = "/feed-url/" + UUID().uuidString.lowercased() + "/rss.xml"
        // "中文" in GBK, in a document without an encoding declaration: only the header says GBK.
        var body = Data(#"<?xml version="1.0"?><rss version="2.0"><channel><title>"#.utf8)
        body += Data([0xD6, 0xD0, 0xCE, 0xC4])
        body += Data(
            #"</title><item><title>A</title><link>../posts/1.html</link></item><item><title>B</title><link>/2</link></item></channel></rss>"#
                .utf8)
        try await server.set(.init(path: path, bodyData: body, contentType: "application/rss+xml; charset=gbk"))
        let address = server.url(path)

        let result = try await ProcessRunner.run(
            Self.bsl, ["feed", address.absoluteString], environment: ["TZ": "UTC", "COLUMNS": nil])
        #expect(result.status == 0, "\(result.standardError)")
        let resolved = try #require(URL(string: "../posts/1.html", relativeTo: address)?.absoluteString)
        let root = try #require(URL(string: "/2", relativeTo: address)?.absoluteString)
        #expect(result.standardOutput == "中文\nA  -  -\n  \(resolved)\nB  -  -\n  \(root)\n")
        #expect(resolved.hasSuffix("/feed-url/posts/1.html"))
    }

    @Test("plain `bsl feed` keeps the ' - AUTHOR' suffix of cnblogs titles; only the cnblogs client strips it")
    func cnblogsTodayTitlesKeepTheirSuffix() async throws {
        let today = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs-today").path
        let result = try await ProcessRunner.run(
            Self.bsl, ["feed", "https://feed.cnblogs.com/blog/sitehome/rss", "--replay", today],
            environment: ["TZ": "UTC", "COLUMNS": nil])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "博客园_首页")
        #expect(lines.count > 2)
        #expect(lines[1].hasPrefix("Swift 6 的严格并发：把全局可变状态关进 Mutex - 南山行者 "), "\(lines[1])")
        #expect(lines[1].hasSuffix("  2026-03-12 02:35"))
        #expect(lines[2] == "  https://www.cnblogs.com/nanshan-walker/p/18562097")
    }

    @Test("--replay with a file, not a URL, is a usage error")
    func replayWithFile() async throws {
        let result = try await ProcessRunner.run(Self.bsl, ["feed", "feed.xml", "--replay", Self.sample])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--record and --replay go with a feed URL, not a file"))
    }

    @Test("a feed URL replays from a recording")
    func replayedURL() async throws {
        let result = try await ProcessRunner.run(
            Self.bsl, ["feed", "https://www.cnblogs.com/nanshan-walker/rss", "--replay", Self.sample, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\"format\": \"rss\""))
    }
}
