import BasicCore
import Foundation
import TestSupport
import Testing

/// `bsl http` speaks curl where it does curl's job: `--json BODY` (curl 7.82), `-d/--data` with
/// `@FILE` and `@-`, and `-X METHOD`.
@Suite struct BSLHTTPBodyTests {
    static let bsl = TestPaths.builtProduct("bsl")

    static func run(_ arguments: [String], input: String? = nil) async throws -> ProcessResult {
        try await ProcessRunner.run(Self.bsl, arguments, input: input.map { Data($0.utf8) })
    }

    /// What the test server's `/echo` saw.
    static func echo(_ result: ProcessResult) throws -> JSONValue {
        #expect(result.status == 0, "\(result.standardError)")
        return try JSONValue(parsing: result.standardOutput)
    }

    @Test(
        "post --json BODY sends the body as given, with Content-Type and Accept application/json; --param goes to the query"
    )
    func json() async throws {
        let server = try await TestHTTPServer.shared()
        let body = #"{"title": "hi",  "tags": ["a"]}"#
        let echo = try Self.echo(
            try await Self.run(["http", "post", server.url("/echo").absoluteString, "--json", body, "--param", "v=2"]))
        #expect(echo["method"] == "POST")
        #expect(echo["body"] == .string(body), "byte for byte, spaces kept")
        #expect(echo["headers"]?["Content-Type"] == "application/json")
        #expect(echo["headers"]?["Accept"] == "application/json")
        #expect(echo["query"]?["v"] == "2")
        // A --header wins over the Accept --json adds.
        let custom = try Self.echo(
            try await Self.run([
                "http", "post", server.url("/echo").absoluteString, "--json", "[]", "--header", "accept: text/plain",
            ]))
        #expect(custom["headers"]?["Accept"] == "text/plain")
    }

    @Test("-d/--data sends the body as given as a form; @FILE reads a file and @- standard input, byte for byte")
    func data() async throws {
        let server = try await TestHTTPServer.shared()
        let url = server.url("/echo").absoluteString
        let inline = try Self.echo(try await Self.run(["http", "post", url, "-d", "a=1&b=two"]))
        #expect(inline["body"] == "a=1&b=two")
        #expect(inline["headers"]?["Content-Type"] == "application/x-www-form-urlencoded")

        let folder = try TemporaryDirectory()
        let file = folder.path("body.txt")
        try Data("line one\r\nline two\n".utf8).write(to: file)
        let fromFile = try Self.echo(try await Self.run(["http", "post", url, "--data", "@" + file.path]))
        #expect(fromFile["body"] == "line one\r\nline two\n")
        #expect(fromFile["bodyLength"] == 19)

        let fromInput = try Self.echo(try await Self.run(["http", "post", url, "--data", "@-"], input: "中文=是"))
        #expect(fromInput["body"] == "中文=是")

        let jsonFile = folder.path("body.json")
        try Data(#"{"from": "file"}"#.utf8).write(to: jsonFile)
        let json = try Self.echo(try await Self.run(["http", "post", url, "--json", "@" + jsonFile.path]))
        #expect(json["body"] == #"{"from": "file"}"#)
        #expect(json["headers"]?["Content-Type"] == "application/json")
        let jsonInput = try Self.echo(try await Self.run(["http", "post", url, "--json", "@-"], input: "[1,2]"))
        #expect(jsonInput["body"] == "[1,2]")
    }

    @Test(
        "-X METHOD sends another method: HEAD, DELETE or OPTIONS with get, PUT, PATCH or DELETE with post",
        arguments: [
            (["get", "-X", "DELETE"], "DELETE"), (["get", "--request", "options"], "OPTIONS"),
            (["post", "-X", "PUT", "--json", "{}"], "PUT"), (["post", "-X", "patch", "-d", "x=1"], "PATCH"),
            (["post", "--request=DELETE"], "DELETE"), (["get"], "GET"), (["post"], "POST"),
        ])
    func method(arguments: [String], method: String) async throws {
        let server = try await TestHTTPServer.shared()
        let command = ["http", arguments[0], server.url("/echo").absoluteString] + arguments.dropFirst()
        let echo = try Self.echo(try await Self.run(command))
        #expect(echo["method"] == .string(method))
    }

    @Test("get -X HEAD prints the status line and headers with --include, and no body")
    func head() async throws {
        let server = try await TestHTTPServer.shared()
        let result = try await Self.run(["http", "get", "-X", "HEAD", server.url("/echo").absoluteString, "-i"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("HTTP 200 OK\n"))
        #expect(result.standardOutput.hasSuffix("\n\n"))
    }

    @Test(
        "bodies and methods that do not fit are usage errors (exit 64)",
        arguments: [
            (["post", "--json", "{bad"], "--json needs valid JSON, or @FILE"),
            (["post", "--json", "{}", "--body", "{}"], "--body and --json each give the body; use one of them"),
            (["post", "--data", "a", "--json", "{}"], "--json and --data each give the body"),
            (["post", "-X", "GET"], "the option --request takes POST, PUT, PATCH or DELETE, not 'GET'"),
            (["get", "-X", "PUT"], "the option --request takes GET, HEAD, DELETE or OPTIONS, not 'PUT'"),
            (["get", "--json", "{}"], "unknown option '--json'"),
            (["get", "-d", "x"], "unknown option '-d'"),
        ])
    func refused(arguments: [String], message: String) async throws {
        let result = try await Self.run(["http", arguments[0], "http://127.0.0.1:9/x"] + arguments.dropFirst())
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: " + message), "\(result.standardError)")
    }

    @Test("a body file that is missing, or not JSON for --json, fails (exit 1) naming the file; nothing is sent")
    func badFiles() async throws {
        let server = try await TestHTTPServer.shared()
        let folder = try TemporaryDirectory()
        let bad = folder.path("bad.json")
        try Data("{bad".utf8).write(to: bad)
        let url = server.url("/count/\(UUID().uuidString)").absoluteString
        let missing = try await Self.run(["http", "post", url, "--data", "@" + folder.path("none").path])
        #expect(missing.status == 1)
        #expect(missing.standardError == "Error: cannot read \(folder.path("none").path): no such file\n")
        let notJSON = try await Self.run(["http", "post", url, "--json", "@" + bad.path])
        #expect(notJSON.status == 1)
        #expect(notJSON.standardError.hasPrefix("Error: \(bad.path): not JSON: "), "\(notJSON.standardError)")
        let count = try await Self.run(["http", "get", url + "?peek=1"])
        #expect(try JSONValue(parsing: count.standardOutput)["count"] == 0, "no request reached the server")
    }
}
