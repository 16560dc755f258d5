import BasicCore
import Foundation
import TestSupport
import Testing

/// Runs the built `bsl http` against the test server and checks its output and exit status.
@Suite struct BSLHTTPCommandTests {
    static let sample = TestPaths.packageRoot.appendingPathComponent("Samples/http/news").path

    func bsl(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.run(TestPaths.builtProduct("bsl"), arguments)
    }

    @Test("http get prints the body, with repeatable --param in the query and --header sent")
    func get() async throws {
        let server = try await TestHTTPServer.shared()
        let result = try await bsl([
            "http", "get", server.url("/echo").absoluteString, "--param", "q=a b+c", "--param", "tag=x", "--param",
            "tag=y", "--header", "X-Client: bsl",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasSuffix("}"), "written as the server sent it, with no newline added")
        let echo = try JSONValue(parsing: result.standardOutput)
        #expect(echo["method"] == "GET")
        #expect(echo["query"] == ["q": "a b+c", "tag": ["x", "y"]])
        #expect(echo["headers"]?["X-Client"] == "bsl")
    }

    @Test("http post sends --param as a form body, or in the query when --body gives the body")
    func post() async throws {
        let server = try await TestHTTPServer.shared()
        let form = try await bsl(["http", "post", server.url("/echo").absoluteString, "--param", "user=小明"])
        #expect(form.status == 0, "\(form.standardError)")
        let formEcho = try JSONValue(parsing: form.standardOutput)
        #expect(formEcho["body"] == "user=%E5%B0%8F%E6%98%8E")
        #expect(formEcho["query"] == [:])

        let json = try await bsl([
            "http", "post", server.url("/echo").absoluteString, "--param", "v=2", "--body", #"{"title":"hi"}"#,
        ])
        let jsonEcho = try JSONValue(parsing: json.standardOutput)
        #expect(jsonEcho["body"] == #"{"title":"hi"}"#)
        #expect(jsonEcho["headers"]?["Content-Type"] == "application/json")
        #expect(jsonEcho["query"]?["v"] == "2")
    }

    @Test("--include prints the status line and the headers first")
    func include() async throws {
        let server = try await TestHTTPServer.shared()
        let result = try await bsl(["http", "get", server.url("/bytes/3").absoluteString, "--include"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("HTTP 200 OK\n"))
        #expect(result.standardOutput.contains("\nContent-Length: 3\n"))
        #expect(result.standardOutput.contains("\nContent-Type: application/octet-stream\n"))
        #expect(result.standardOutput.hasSuffix("\n\n\u{0}\u{1}\u{2}"))
    }

    @Test(
        "errors exit 1 with the NetworkError's message",
        arguments: [
            (["/delay/30000", "--timeout", "0.2"], "timed out after 0.2 s"),
            (["/drop"], "transfer closed with 900 bytes remaining to read"),
        ])
    func errors(arguments: [String], message: String) async throws {
        let server = try await TestHTTPServer.shared()
        let url = server.url(arguments[0]).absoluteString
        let result = try await bsl(["http", "get", url] + arguments.dropFirst())
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.contains(url))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test(
        "a 4xx or 5xx answer writes its body as curl does, then exits 1 with one Error: line",
        arguments: [(500, "internal server error"), (404, "not found"), (429, "too many requests")])
    func errorAnswer(status: Int, reason: String) async throws {
        let server = try await TestHTTPServer.shared()
        let url = server.url("/status/\(status)?body=went%20wrong").absoluteString
        let result = try await bsl(["http", "get", url])
        #expect(result.status == 1)
        #expect(result.standardOutput == "went wrong")
        #expect(
            result.standardError
                == "Error: \(url) answered HTTP \(status) (\(reason)); its body (10 bytes) is on standard output\n")
    }

    @Test("--include shows an error answer's status line, headers and body")
    func includeErrorAnswer() async throws {
        let server = try await TestHTTPServer.shared()
        let url = server.url("/status/503?body=busy&retry_after=7").absoluteString
        let result = try await bsl(["http", "get", url, "--include"])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("HTTP 503 Service Unavailable\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("\nContent-Length: 4\n"))
        #expect(result.standardOutput.contains("\nRetry-After: 7\n"))
        #expect(result.standardOutput.hasSuffix("\n\nbusy"))
        #expect(result.standardError.hasPrefix("Error: \(url) answered HTTP 503 (service unavailable)"))
    }

    @Test("a body without a final newline is written as it is, not with one added")
    func bodyAsItIs() async throws {
        let server = try await TestHTTPServer.shared()
        let result = try await bsl(["http", "get", server.url("/status/200?body=no%20newline").absoluteString])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "no newline")
    }

    @Test("-o FILE writes the body byte for byte: 1,024 bytes stay 1,024; --include puts the head first")
    func outputFile() async throws {
        let server = try await TestHTTPServer.shared()
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("bytes.bin")
        let expected = Data((0..<1024).map { UInt8($0 % 251) })
        let result = try await bsl(["http", "get", server.url("/bytes/1024").absoluteString, "-o", file.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(try Data(contentsOf: file) == expected)

        let included = try await bsl([
            "http", "get", server.url("/bytes/1024").absoluteString, "--output", file.path, "--include",
        ])
        #expect(included.status == 0, "\(included.standardError)")
        let written = try Data(contentsOf: file)
        let head = Data("HTTP 200 OK\n".utf8)
        #expect(written.prefix(head.count) == head)
        #expect(written.suffix(1026) == Data("\n\n".utf8) + expected)
    }

    @Test("-o FILE of an error answer keeps its body in the file and says so")
    func outputFileOfErrorAnswer() async throws {
        let server = try await TestHTTPServer.shared()
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("error.txt")
        let result = try await bsl(["http", "get", server.url("/status/404?body=gone").absoluteString, "-o", file.path])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8) == "gone")
        #expect(result.standardError.hasSuffix("its body (4 bytes) is in \(file.path)\n"))
    }

    @Test(
        "-o into a missing folder, or onto a folder, exits 1 saying why",
        arguments: [("missing/out.bin", "the folder"), (".", "it is a folder; name a file")])
    func outputFileNotWritable(path: String, reason: String) async throws {
        let server = try await TestHTTPServer.shared()
        let folder = try TemporaryDirectory()
        let target = folder.url.appendingPathComponent(path).path
        let result = try await bsl(["http", "get", server.url("/bytes/10").absoluteString, "-o", target])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: cannot write \(target): \(reason)"), "\(result.standardError)")
    }

    @Test("the User-Agent carries the version bsl --version shows; --header User-Agent replaces it")
    func userAgent() async throws {
        let server = try await TestHTTPServer.shared()
        let version = try await bsl(["--version"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version == "bsl 0.1.0")
        let echo = try await bsl(["http", "get", server.url("/echo").absoluteString])
        #expect(try JSONValue(parsing: echo.standardOutput)["headers"]?["User-Agent"] == .string("bsl/0.1.0"))
        let custom = try await bsl(["http", "get", server.url("/echo").absoluteString, "--header", "User-Agent: me/2"])
        #expect(try JSONValue(parsing: custom.standardOutput)["headers"]?["User-Agent"] == "me/2")
    }

    @Test("--retry N allows N retries after the first attempt")
    func retry() async throws {
        let server = try await TestHTTPServer.shared()
        let name = "cli-\(UUID().uuidString.prefix(8))"
        let url = server.url("/flaky/\(name)?failures=2").absoluteString
        let result = try await bsl(["http", "get", url, "--retry", "2"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try JSONValue(parsing: result.standardOutput)["attempt"] == 3)
        let short = try await bsl([
            "http", "get", server.url("/flaky/\(name)-b?failures=2").absoluteString, "--retry", "1",
        ])
        #expect(short.status == 1)
        #expect(short.standardError.contains("HTTP 503"))
    }

    @Test("--record then --replay gives the same output once the server is gone")
    func recordReplay() async throws {
        let folder = try TemporaryDirectory()
        let server = try await TestHTTPServer.start()
        let url = server.url("/echo?from=cli").absoluteString
        let recorded = try await bsl(["http", "get", url, "--record", folder.url.path])
        server.stop()
        #expect(recorded.status == 0, "\(recorded.standardError)")
        let replayed = try await bsl(["http", "get", url, "--replay", folder.url.path])
        #expect(replayed.status == 0, "\(replayed.standardError)")
        #expect(replayed.standardOutput == recorded.standardOutput)
        let missing = try await bsl(["http", "get", url + "&other=1", "--replay", folder.url.path])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no exchange for GET \(url)&other=1 in the cassette \(folder.url.path)"))
    }

    @Test("the README's offline example replays the sample cassette")
    func sample() async throws {
        let news = try await bsl([
            "http", "get", "https://news.example.com/api/v1/news/recent", "--param", "page=1", "--param", "size=3",
            "--replay", Self.sample,
        ])
        #expect(news.status == 0, "\(news.standardError)")
        #expect(
            try JSONValue(parsing: news.standardOutput).string(at: "data.list[1].title")
                == "在 Linux 上用 URLSession 写一个请求池")
        let login = try await bsl([
            "http", "post", "https://news.example.com/api/v1/login", "--param", "user=alice", "--param",
            "password=secret", "--replay", Self.sample,
        ])
        #expect(try JSONValue(parsing: login.standardOutput).string(at: "data.token") == "tok-alice")
    }

    @Test(
        "usage errors exit 64",
        arguments: [
            ["--param", "novalue"], ["--header", "NoColon"], ["--body", "{bad"], ["--json", "{}"], ["--retry", "-1"],
            ["--timeout", "0"], ["--timeout", "-1"], ["--timeout", "nan"], ["--output", ""],
            ["--record", "/tmp/a", "--replay", "/tmp/b"], ["--retry", "x"], ["--retry", "1", "--retry", "2"],
        ])
    func usage(arguments: [String]) async throws {
        let result = try await bsl(["http", "get", "http://127.0.0.1:9/x"] + arguments)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains("Usage: bsl http get <url>"))
    }

    @Test(
        "a timeout above a day, or too large to count in milliseconds, is a usage error, not a trap",
        arguments: ["1e300", "86400.5", "1e19"])
    func hugeTimeout(seconds: String) async throws {
        let result = try await bsl(["http", "get", "http://127.0.0.1:9/x", "--timeout", seconds])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--timeout needs a number of seconds above 0 and at most 86400"))
        #expect(result.standardError.contains("not \(seconds)"))
    }

    @Test("a timeout of a day is accepted: the request is sent (and here refused)")
    func dayTimeout() async throws {
        let result = try await bsl(["http", "get", "http://127.0.0.1:9/x", "--timeout", "86400"])
        #expect(result.status == 1)
        #expect(!result.standardError.contains("--timeout"))
    }

    @Test("the request body is --body <json>, --json <json> as curl's, or --data <data>; a bad one is a usage error")
    func bodyOption() async throws {
        let help = try await bsl(["http", "post", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("--body <json>"))
        #expect(help.standardOutput.contains("--json <json>"))
        #expect(help.standardOutput.contains("-d, --data <data>"))
        #expect(help.standardOutput.contains("-X, --request <method>"))
        let wrong = try await bsl(["http", "post", "http://127.0.0.1:9/x", "--body", "[1,"])
        #expect(wrong.status == 64)
        #expect(wrong.standardError.contains("--body needs valid JSON"))
    }

    @Test(
        "a bad URL is a usage error (exit 64) saying how to write one",
        arguments: ["example.com/path", "ht tp://x", "ftp://host/x"])
    func badURL(url: String) async throws {
        let result = try await bsl(["http", "get", url])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix("Error: the argument <url> needs an http or https URL"),
            "\(result.standardError)")
        #expect(result.standardError.contains("write it as https://host/path"))
        #expect(result.standardError.contains("Usage: bsl http get <url>"))
    }
}
