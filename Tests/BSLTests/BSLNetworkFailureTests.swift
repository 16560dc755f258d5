import Foundation
import TestSupport
import Testing

/// Runs every `bsl` command that goes to the network against servers that fail in every way a
/// server can: each run must end, within its time limit, with one `Error:` line and exit 1.
///
/// Before the transport's fix, `bsl cnblogs read` against a server that refused, answered 500
/// or sent a body that could not be read hung for ever in about a third of the runs
/// (swift-corelibs-foundation #5412); the runner kills a run that outlives its limit, and the
/// test fails instead of hanging.
@Suite(.serialized) struct BSLNetworkFailureTests {
    static let bsl = TestPaths.builtProduct("bsl")

    /// A way a server fails: the test server's `/hostile/<mode>/…`, or a port that refuses.
    enum Failure: String, CaseIterable, Sendable {
        case refused
        case status500 = "500"
        case status404 = "404"
        case invalidUTF8 = "invalid-utf8"
        case truncated
        case drop
        case close
        case garbage
        case hang
        case stall

        /// The base URL a command is pointed at.
        func base(on server: TestHTTPServer) -> String {
            self == .refused
                ? RefusingPort.shared.baseURL.absoluteString : server.url("/hostile/\(rawValue)").absoluteString
        }

        /// Words of which the `Error:` line must hold one: what went wrong, said plainly.
        var words: [String] {
            switch self {
            case .refused: ["connection refused"]
            // The cnblogs client reads a failing body or comment page as an id it does not know.
            case .status500: ["HTTP 500", "does not exist"]
            case .status404: ["HTTP 404", "does not exist"]
            case .invalidUTF8: ["not proper UTF-8", "not JSON"]
            case .truncated: ["Premature end", "incomplete", "not JSON"]
            case .drop: ["transfer closed with 900 bytes remaining", "connection was lost"]
            case .close: ["Empty reply from server", "connection was lost"]
            case .garbage: ["not HTTP"]
            case .hang, .stall: ["timed out after 1 s"]
            }
        }

        /// Whether the server's answer is a whole HTTP answer with a 2xx status, which `bsl http`
        /// writes out as it is rather than failing.
        var isWholeSuccess: Bool { self == .invalidUTF8 || self == .truncated }
    }

    /// Every command that goes to the network; `BASE` stands for the failing server's base URL
    /// and `LIBRARY` for a temporary folder of the run (an offline library, a cassette).
    static let commands: [[String]] = [
        ["http", "get", "BASE/news"], ["http", "post", "BASE/login", "--param", "user=alice"],
        ["feed", "BASE/feed.xml"], ["budejie", "squares", "--api", "BASE"],
        ["cnblogs", "news", "--api", "BASE"], ["cnblogs", "news", "--page", "2", "--api", "BASE"],
        ["cnblogs", "hot", "--api", "BASE"], ["cnblogs", "recommend", "--api", "BASE"],
        ["cnblogs", "blogs", "--api", "BASE"], ["cnblogs", "top48", "--api", "BASE"],
        ["cnblogs", "top10", "--api", "BASE"], ["cnblogs", "user", "walker", "--api", "BASE"],
        ["cnblogs", "user", "walker", "--rss", "--site", "BASE"], ["cnblogs", "comments", "5770214", "--api", "BASE"],
        ["cnblogs", "comments", "551203", "--news", "--api", "BASE"], ["cnblogs", "bloggers", "--api", "BASE"],
        ["cnblogs", "bloggers", "walker", "--api", "BASE"], ["cnblogs", "read", "5770214", "--api", "BASE"],
        ["cnblogs", "read", "551203", "--news", "--api", "BASE"],
        ["cnblogs", "save", "5770214", "--images", "--library", "LIBRARY", "--api", "BASE"],
        ["cnblogs", "save", "551203", "--news", "--library", "LIBRARY", "--api", "BASE"],
        // Recording goes through URLSession twice (a URLProtocol in front of the network).
        ["http", "get", "BASE/news", "--record", "LIBRARY"],
        ["cnblogs", "read", "5770214", "--record", "LIBRARY", "--api", "BASE"],
    ]

    /// Runs per command: each failure twice.
    static let runs = 20
    /// Commands running at once.
    static let width = 6

    @Test(
        "every network command, run 20 times against failing servers, ends with one Error: line and exit 1",
        arguments: commands)
    func failingServers(command: [String]) async throws {
        let server = try await TestHTTPServer.shared()
        let failures = (0..<Self.runs).map { Failure.allCases[$0 % Failure.allCases.count] }
        let results = try await Self.inParallel(failures) { failure in
            let base = failure.base(on: server)
            // A folder for each run: runs at once must not share a library or a cassette.
            let library = try TemporaryDirectory()
            let arguments =
                command.map { $0.replacingOccurrences(of: "BASE", with: base) }
                .map { $0 == "LIBRARY" ? library.url.path : $0 } + ["--timeout", "1"]
            // A limit for a hang, not a speed: far above the 1 s each request may take.
            return try await ProcessRunner.run(Self.bsl, arguments, timeout: 60)
        }
        let isHTTP = command[0] == "http"
        for (failure, result) in zip(failures, results) {
            let what = "\(command.joined(separator: " ")) against \(failure.rawValue)"
            if isHTTP && failure.isWholeSuccess {
                // bsl http downloads: a whole 200 answer is written out byte for byte.
                #expect(result.status == 0, "\(what): \(result.standardError)")
                continue
            }
            #expect(result.status == 1, "\(what): exit \(result.status), \(result.standardError)")
            let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2 && lines[1].isEmpty, "\(what): not one line: \(result.standardError)")
            #expect(result.standardError.hasPrefix("Error: "), "\(what): \(result.standardError)")
            #expect(
                failure.words.contains { result.standardError.contains($0) },
                "\(what): \(result.standardError) says none of \(failure.words)")
            if !isHTTP || failure == .refused || failure.words.contains("timed out after 1 s") {
                #expect(result.standardOutput.isEmpty, "\(what): \(result.standardOutput)")
            }
        }
    }

    @Test(
        "every network command shows --timeout, default 15 s, in its help",
        arguments: [
            ["http", "get"], ["http", "post"], ["feed"], ["budejie", "squares"], ["cnblogs"], ["cnblogs", "news"],
            ["cnblogs", "hot"], ["cnblogs", "recommend"], ["cnblogs", "blogs"], ["cnblogs", "top48"],
            ["cnblogs", "top10"], ["cnblogs", "user"], ["cnblogs", "comments"], ["cnblogs", "bloggers"],
            ["cnblogs", "read"], ["cnblogs", "save"],
        ])
    func timeoutInHelp(command: [String]) async throws {
        // Wide enough that the help's lines are not wrapped.
        let result = try await ProcessRunner.run(Self.bsl, command + ["--help"], environment: ["COLUMNS": "200"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("--timeout <seconds>"), "\(command)")
        #expect(
            result.standardOutput.contains("Time limit of each request, such as 0.5 (default 15, at most 86400)."),
            "\(command): \(result.standardOutput)")
    }

    @Test(
        "a --timeout that is not a number of seconds above 0 and at most a day is a usage error (exit 64)",
        arguments: ["0", "-1", "-0.5", "nan", "inf", "-inf", "1e300", "86400.5", "abc", ""])
    func badTimeouts(seconds: String) async throws {
        let results = try await Self.inParallel(Self.commands) { command in
            let arguments =
                command.map { $0.replacingOccurrences(of: "BASE", with: RefusingPort.shared.baseURL.absoluteString) }
                .map { $0 == "LIBRARY" ? "/nonexistent-bsl-library" : $0 } + ["--timeout", seconds]
            return (arguments, try await ProcessRunner.run(Self.bsl, arguments))
        }
        for (arguments, result) in results {
            let what = arguments.joined(separator: " ")
            #expect(result.status == 64, "\(what): exit \(result.status), \(result.standardError)")
            // "-inf" reads as an option, so the parser finds --timeout without a value.
            let message =
                seconds == "-inf"
                ? "Error: the option --timeout needs a value"
                : "Error: --timeout needs a number of seconds above 0 and at most 86400 (a day), not \(seconds)"
            #expect(result.standardError.hasPrefix(message), "\(what): \(result.standardError)")
        }
    }

    /// Runs `body` on every item, `width` at a time, and returns the results in order.
    static func inParallel<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ body: @escaping @Sendable (Item) async throws -> Result
    ) async throws -> [Result] {
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            var next = 0
            var results: [Int: Result] = [:]
            for _ in 0..<min(width, items.count) {
                let (index, item) = (next, items[next])
                group.addTask { (index, try await body(item)) }
                next += 1
            }
            while let (index, result) = try await group.next() {
                results[index] = result
                if next < items.count {
                    let (index, item) = (next, items[next])
                    group.addTask { (index, try await body(item)) }
                    next += 1
                }
            }
            return (0..<items.count).compactMap { results[$0] }
        }
    }
}
