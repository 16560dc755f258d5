import BasicCore
import BasicNetworking
import Foundation
import TestSupport
import Testing

@Suite struct CassetteTests {
    /// The requests of a small session: a GET with a query, a form POST, an error status, a
    /// counter read twice (two different answers to one request) and a header to redact.
    static func session(_ base: String, counter: String) -> [Endpoint] {
        var withSecret = Endpoint(base: base, path: "echo", parameters: ["q": "博客 园"])
        withSecret.headers["Authorization"] = "Bearer very-secret"
        return [
            withSecret,
            Endpoint(base: base, path: "login", method: .post, parameters: ["user": "alice", "password": "secret"]),
            Endpoint(base: base, path: "status/404"),
            Endpoint(base: base, path: "count/\(counter)"),
            Endpoint(base: base, path: "count/\(counter)"),
        ]
    }

    static func responses(_ endpoints: [Endpoint], through transport: any Transport) async throws -> [Response] {
        let pool = RequestPool(transport: transport)
        var responses: [Response] = []
        for endpoint in endpoints {
            responses.append(try await pool.send(endpoint, rule: .anyStatus))
        }
        return responses
    }

    @Test("record a session against the server, stop it, replay it: the same responses")
    func recordThenReplay() async throws {
        let folder = try TemporaryDirectory()
        let cassette = folder.path("session")
        let server = try await TestHTTPServer.start()
        let endpoints = Self.session(server.baseURL.absoluteString, counter: "c")
        let recorder = try RecordingTransport(cassette: cassette)
        let recorded = try await Self.responses(endpoints, through: recorder)
        server.stop()
        #expect(recorder.exchangeCount == 5)

        let replayed = try await Self.responses(endpoints, through: try ReplayTransport(cassette: cassette))
        #expect(replayed.map(\.status) == [200, 200, 404, 200, 200])
        #expect(replayed.map(\.status) == recorded.map(\.status))
        #expect(replayed.map(\.body) == recorded.map(\.body))
        #expect(replayed.map { $0.header("Content-Type") } == recorded.map { $0.header("Content-Type") })
        #expect(replayed.map(\.url) == recorded.map(\.url))
        #expect(try replayed[3].json["count"] == 1)
        #expect(try replayed[4].json["count"] == 2)
        #expect(try replayed[1].json.string(at: "data.token") == "tok-alice")

        // The network is really gone.
        let live = await Net.error { try await Self.responses(endpoints, through: URLSessionTransport()) }
        #expect(live?.caseName == "transport")
    }

    @Test("an unmatched request fails clearly, naming the request and the cassette")
    func unmatched() async throws {
        let folder = try TemporaryDirectory()
        let server = try await TestHTTPServer.shared()
        let recorder = try RecordingTransport(cassette: folder.url)
        _ = try await RequestPool(transport: recorder).send(Endpoint(url: server.url("/echo?a=1")))

        let pool = RequestPool(transport: try ReplayTransport(cassette: folder.url))
        let other = Endpoint(url: server.url("/echo?a=2"))
        let error = await Net.error { try await pool.send(other) }
        guard case .notRecorded(let method, let url, let path) = error else {
            Issue.record("expected notRecorded, got \(String(describing: error))")
            return
        }
        #expect(method == "GET")
        #expect(url == server.url("/echo?a=2").absoluteString)
        #expect(path == folder.url.path)
        #expect(error?.description.contains("no exchange for GET \(url) in the cassette \(folder.url.path)") == true)
        // Same URL, another method or body: no match either.
        let post = Endpoint(url: server.url("/echo?a=1"), method: .post, parameters: ["x": 1])
        #expect(await Net.error { try await pool.send(post) }?.caseName == "notRecorded")
    }

    @Test("the cassette is one readable index in recording order plus one file per body, secrets redacted")
    func format() async throws {
        let folder = try TemporaryDirectory()
        let server = try await TestHTTPServer.shared()
        let recorder = try RecordingTransport(cassette: folder.url)
        _ = try await Self.responses(
            Self.session(server.baseURL.absoluteString, counter: Net.unique()), through: recorder)

        let indexText = try String(contentsOf: folder.path("index.json"), encoding: .utf8)
        let index = try JSONValue(parsing: indexText)
        #expect(index["format"] == "BasicNetworking cassette")
        let exchanges = try #require(index["exchanges"]?.arrayValue)
        #expect(exchanges.map { $0["id"] } == [1, 2, 3, 4, 5])
        #expect(exchanges.map { $0["request"]?["method"] } == ["GET", "POST", "GET", "GET", "GET"])
        #expect(exchanges[0]["request"]?["headers"]?["Authorization"] == "<redacted>")
        #expect(!indexText.contains("very-secret"))
        #expect(exchanges[0]["response"]?["body"] == "001-echo.json")
        #expect(exchanges[1]["request"]?["body"] == "002-login.request.txt")
        #expect(exchanges[2]["response"]?["status"] == 404)
        // Keys in a fixed order, indented: diffs between recordings stay small.
        #expect(indexText.contains("\n    {\n      \"id\": 1,\n      \"request\": {\n        \"method\": \"GET\","))
        let form = try String(contentsOf: folder.path("002-login.request.txt"), encoding: .utf8)
        #expect(form == "user=alice&password=secret")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(files.count == 7)
    }

    @Test("recording again replaces what an earlier recording held for the same request, and keeps the rest")
    func rerecord() async throws {
        let folder = try TemporaryDirectory()
        let server = try await TestHTTPServer.shared()
        let name = Net.unique()
        let count = Endpoint(url: server.url("/count/\(name)"))
        let echo = Endpoint(url: server.url("/echo?keep=1"))
        _ = try await Self.responses([count, echo], through: try RecordingTransport(cassette: folder.url))
        _ = try await Self.responses([count], through: try RecordingTransport(cassette: folder.url))
        let replay = try ReplayTransport(cassette: folder.url)
        #expect(replay.exchangeCount == 2)
        let replayed = try await Self.responses([count, echo], through: replay)
        #expect(try replayed[0].json["count"] == 2)
        #expect(try replayed[1].json["query"]?["keep"] == "1")
    }

    @Test("a folder without a cassette, or with a broken index, is a clear error")
    func badCassette() throws {
        let folder = try TemporaryDirectory()
        let missing = #expect(throws: NetworkError.self) { try ReplayTransport(cassette: folder.url) }
        #expect(missing?.description.contains("has no index.json") == true)
        try Data("{\"format\":\"something else\"}".utf8).write(to: folder.path("index.json"))
        let wrong = #expect(throws: NetworkError.self) { try ReplayTransport(cassette: folder.url) }
        #expect(wrong?.caseName == "cassette")
    }
}
