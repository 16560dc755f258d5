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
        #expect(lines.count == 4)

        let missing = try await ProcessRunner.run(Self.bsl, ["feed", server.url("/fixtures/none.xml").absoluteString])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("404"), "\(missing.standardError)")
        #expect(!missing.standardError.contains("--replay"), "a 404 is no network problem")
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
