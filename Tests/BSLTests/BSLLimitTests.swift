import Foundation
import TestSupport
import Testing

/// Every number a command takes has a limit, and a value past it is a usage error (exit 64) that
/// says the limit; URLs are checked when the options are parsed.
@Suite struct BSLLimitTests {
    static let bsl = TestPaths.builtProduct("bsl")
    static let sample = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs").path

    static func run(_ arguments: [String], environment: [String: String?] = [:]) async throws -> ProcessResult {
        try await ProcessRunner.run(Self.bsl, arguments, environment: environment)
    }

    @Test(
        "numbers past their limits are usage errors that name the limit",
        arguments: [
            (
                ["cnblogs", "read", "551203", "--news", "--width", "19"],
                "--width needs a whole number of columns from 20 to 1000"
            ),
            (
                ["cnblogs", "read", "551203", "--news", "--width", "1001"],
                "--width needs a whole number of columns from 20 to 1000"
            ),
            (["cnblogs", "offline", "read", "news-1", "--width", "100000000"], "from 20 to 1000, not '100000000'"),
            (
                ["cache", "clean", "/nonexistent-bsl", "--older-than", "36501d", "--dry-run"],
                "at most 100 years (36500d)"
            ),
            (["cache", "clean", "/nonexistent-bsl", "--older-than", "1e300d", "--dry-run"], "at most 100 years"),
            (
                ["cache", "clean", "/nonexistent-bsl", "--older-than", "infd", "--dry-run"],
                "needs a number with s, m, h or d"
            ),
            (
                ["kv", "--db", "/nonexistent-bsl/x", "--iterations", "10000001", "count"],
                "--iterations takes 1 to 10000000"
            ),
            (["kv", "--db", "/nonexistent-bsl/x", "--iterations", "0", "count"], "--iterations takes 1 to 10000000"),
            (["http", "get", "http://127.0.0.1:9/x", "--retry", "11"], "--retry takes 0 to 10 retries, not 11"),
            (["cnblogs", "news", "--size", "101"], "invalid size 101: the API takes 1 to 100"),
            (["cnblogs", "top10", "--source", "legacy", "--size", "51"], "invalid size 51: the API takes 1 to 50"),
        ])
    func limits(arguments: [String], message: String) async throws {
        // Each is refused before anything is read, sent or removed.
        let result = try await Self.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: "), "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test(
        "a cnblogs page or size the client refuses is a usage error before any request: nothing reaches the server",
        arguments: [
            (["blogs", "--page", "0"], "invalid page 0: pages start at 1"),
            (["news", "hot", "--page", "0"], "invalid page 0: pages start at 1"),
            (["recommend", "--size", "0"], "invalid size 0: the API takes 1 to 100"),
            (["hot", "--size", "101"], "invalid size 101: the API takes 1 to 100"),
            (["top48", "--size", "0"], "invalid size 0: the API takes 1 to 100"),
            (["user", "walker", "--page", "0"], "invalid page 0: pages start at 1"),
            (["user", "walker", "--rss", "--size", "0"], "invalid size 0: the API takes 1 to 100"),
            (["comments", "18562097", "--page", "0"], "invalid page 0: pages start at 1"),
            (["comments", "789012", "--news", "--size", "101"], "invalid size 101: the API takes 1 to 100"),
            (["search", "swift", "--page", "0"], "invalid page 0: pages start at 1"),
            (["bookmarks", "--page", "0"], "invalid page 0: pages start at 1"),
            (["bloggers", "--size", "0"], "invalid size 0: the API takes 1 to 100"),
        ] as [([String], String)])
    func cnblogsPagingRefusedFirst(arguments: [String], message: String) async throws {
        // Given the test server behind every service, with each exchange recorded: a request
        // sent would leave an exchange in the cassette folder (an empty one is removed at exit).
        let site = try await CnblogsTestSite.start()
        let data = try TemporaryDirectory(prefix: "BSLLimit")
        for (source, token) in [("site", nil), ("api", "t0ken"), ("legacy", nil)] as [(String, String?)] {
            let cassette = data.path("cassette-\(source)")
            let services = source == "legacy" ? ["--api", site.mirror] : ["--mirror", site.mirror]
            let result = try await Self.run(
                ["cnblogs"] + arguments + ["--source", source, "--record", cassette.path] + services,
                environment: ["CNBLOGS_TOKEN": token, "XDG_DATA_HOME": data.path("data").path, "COLUMNS": nil])
            let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(result.status == 64, "\(arguments) \(source): \(result.standardError)")
            #expect(
                lines.first.map(String.init) == "Error: \(message)", "\(arguments) \(source): \(result.standardError)")
            #expect(lines.count > 2 && lines[1].hasPrefix("Usage: bsl cnblogs "), "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            let recorded = (try? FileManager.default.contentsOfDirectory(atPath: cassette.path)) ?? []
            #expect(recorded.isEmpty, "\(arguments) \(source) sent \(recorded)")
        }
    }

    @Test("the limits themselves are accepted", arguments: [["--width", "20"], ["--width", "1000"]])
    func atTheLimit(width: [String]) async throws {
        let result = try await Self.run(
            ["cnblogs", "read", "551203", "--news", "--source", "legacy", "--replay", Self.sample] + width)
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test(
        "COLUMNS outside 20 to 1000 is a usage error for article text; a COLUMNS that is no number is ignored",
        arguments: [("5", true), ("1001", true), ("100000000", true), ("abc", false), ("", false)])
    func columnsVariable(columns: String, refused: Bool) async throws {
        let result = try await Self.run(
            ["cnblogs", "read", "551203", "--news", "--source", "legacy", "--replay", Self.sample],
            environment: ["COLUMNS": columns])
        if refused {
            #expect(result.status == 64, "\(result.standardError)")
            #expect(
                result.standardError.hasPrefix(
                    "Error: COLUMNS is \(columns), and text wraps to 20 to 1000 columns: set COLUMNS within that, or give --width N"
                ), "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        } else {
            #expect(result.status == 0, "\(result.standardError)")
        }
        // --width wins over COLUMNS.
        let given = try await Self.run(
            ["cnblogs", "read", "551203", "--news", "--width", "40", "--source", "legacy", "--replay", Self.sample],
            environment: ["COLUMNS": columns])
        #expect(given.status == 0, "\(given.standardError)")
    }

    @Test(
        "a malformed --api, --site or http URL is a usage error when the options are parsed, with no --replay hint",
        arguments: [
            (["cnblogs", "news", "--api", "notaurl"], "the option --api"),
            (["cnblogs", "news", "--api", "ht tp://x"], "the option --api"),
            (["cnblogs", "news", "--api", "file:///tmp/api"], "the option --api"),
            (["cnblogs", "--api", "https://", "news"], "the option --api"),
            (["cnblogs", "user", "walker", "--rss", "--site", "www.cnblogs.com"], "the option --site"),
            (["budejie", "squares", "--api", "example.com/api"], "the option --api"),
            (["http", "get", "example.com/path"], "the argument <url>"),
            (["http", "post", "mailto:someone@example.com"], "the argument <url>"),
        ])
    func malformedURL(arguments: [String], subject: String) async throws {
        let result = try await Self.run(arguments)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(
            result.standardError.hasPrefix(
                "Error: \(subject) needs an http or https URL with a host (write it as https://host/path), not '"),
            "\(result.standardError)")
        #expect(!result.standardError.contains("--replay Samples"), "\(result.standardError)")
        #expect(result.standardError.contains("\nUsage: bsl "))
    }
}
