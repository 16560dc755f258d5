import BasicCore
import BasicNetworking
import Foundation
import TestSupport
import Testing

@Suite struct CassetteTests {
    /// The requests of a small session: a GET with a query, a form POST, an error status, a
    /// counter read twice (two different answers to one request) and a header to redact.
    static func session(_ base: URL, counter: String) -> [Endpoint] {
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
        let endpoints = Self.session(server.baseURL, counter: "c")
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

    /// Cancellation may land before the pool's call starts, while the transport answers, or
    /// after: each ends one of two ways. (When replays went through URLSession, an answer to a
    /// stopped load trapped in FoundationNetworking; the recorder's loads still do, and
    /// CassetteURLProtocolTests holds them to never answering one.)
    @Test("replayed requests cancelled at any moment end answered or cancelled, never trapping")
    func cancelDuringReplay() async throws {
        // Given a cassette with one exchange
        let folder = try TemporaryDirectory()
        let server = try await TestHTTPServer.shared()
        let endpoint = Endpoint(url: server.url("/echo?race=1"))
        _ = try await RequestPool(transport: try RecordingTransport(cassette: folder.url)).send(endpoint)
        let pool = RequestPool(transport: try ReplayTransport(cassette: folder.url))
        var generator = SeededGenerator(seed: 6)

        // When 300 replays are each cancelled after 0 to 400 microseconds
        var outcomes: [String: Int] = [:]
        for _ in 0..<300 {
            let task = Task { try await pool.send(endpoint, policy: .allowDuplicates) }
            try await Task.sleep(for: .microseconds(Int.random(in: 0...400, using: &generator)))
            task.cancel()
            switch await task.result {
            case .success(let response): outcomes["answered", default: 0] += response.status == 200 ? 1 : 0
            case .failure(let error as NetworkError): outcomes[error.caseName, default: 0] += 1
            case .failure(let error): outcomes["\(error)", default: 0] += 1
            }
        }

        // Then every one ended as answered or cancelled
        #expect(Set(outcomes.keys).isSubset(of: ["answered", "cancelled"]), "\(outcomes)")
        #expect(outcomes.values.reduce(0, +) == 300)
        // and the cancellations did land, some before the answer (else nothing was raced)
        #expect(outcomes["cancelled", default: 0] > 0, "\(outcomes)")
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
            Self.session(server.baseURL, counter: Net.unique()), through: recorder)

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
        #expect(form == "user=alice&password=<redacted>")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(files.count == 7)
    }

    @Test("secret parameters are redacted in the query, a form body and a JSON body, and replays still match")
    func redactedParameters() async throws {
        // Given requests carrying secrets in each place a request can
        let folder = try TemporaryDirectory()
        let server = try await TestHTTPServer.shared()
        let base = server.baseURL
        let query = Endpoint(base: base, path: "echo", parameters: ["q": "swift", "access_token": "query-secret"])
        let form = Endpoint(
            base: base, path: "echo", method: .post, parameters: ["user": "alice", "passwd": "form-secret"])
        let json = Endpoint(
            base: base, path: "echo", method: .post,
            parameters: [
                "user": "alice", "Token": "json-secret",
                "auth": ["sign": "nested-secret", "keys": [["API_KEY": "deep-secret", "name": "k1"]]],
            ],
            encoding: .json)
        let nested = Endpoint(base: base, path: "echo", parameters: ["user": ["password": "bracket-secret"]])
        let endpoints = [query, form, json, nested]

        // When they are recorded
        let recorded = try await Self.responses(endpoints, through: try RecordingTransport(cassette: folder.url))

        // Then no request the cassette holds has a secret, and the rest is kept
        let index = try String(contentsOf: folder.path("index.json"), encoding: .utf8)
        let requests = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .filter { $0.contains(".request.") }.sorted()
        let requestBodies = try requests.map { try String(contentsOf: folder.path($0), encoding: .utf8) }
        for secret in ["query-secret", "form-secret", "json-secret", "nested-secret", "deep-secret", "bracket-secret"] {
            #expect(!index.contains(secret), "\(secret) is in index.json")
            #expect(!requestBodies.contains { $0.contains(secret) }, "\(secret) is in a request body")
        }
        let urls = try JSONValue(parsing: Data(index.utf8))["exchanges"]?.arrayValue?.map { $0["request"]?["url"] }
        #expect(urls?[0]?.asString?.hasSuffix("/echo?q=swift&access_token=<redacted>") == true)
        #expect(urls?[3]?.asString?.hasSuffix("/echo?user%5Bpassword%5D=<redacted>") == true)
        #expect(requestBodies.first == "user=alice&passwd=<redacted>")
        let body = try JSONValue(parsing: Data(try #require(requestBodies.last).utf8))
        #expect(body["user"] == "alice")
        #expect(body["Token"] == "<redacted>")
        #expect(body["auth"]?["sign"] == "<redacted>")
        #expect(body["auth"]?["keys"]?[0]?["API_KEY"] == "<redacted>")
        #expect(body["auth"]?["keys"]?[0]?["name"] == "k1")

        // And the same requests, secrets and all, are answered from the cassette
        let replayed = try await Self.responses(endpoints, through: try ReplayTransport(cassette: folder.url))
        #expect(replayed.map(\.body) == recorded.map(\.body))
    }

    @Test("the redacted parameters can be chosen: only those are redacted")
    func chosenRedactedParameters() async throws {
        let folder = try TemporaryDirectory()
        let server = try await TestHTTPServer.shared()
        let endpoint = Endpoint(
            base: server.baseURL, path: "echo", parameters: ["q": "a", "token": "t"])
        let recorder = try RecordingTransport(cassette: folder.url, redactedParameters: ["Q"])
        let recorded = try await Self.responses([endpoint], through: recorder)
        let index = try JSONValue(parsing: try Data(contentsOf: folder.path("index.json")))
        let url = try #require(index["exchanges"]?[0]?["request"]?["url"]?.asString)
        #expect(url.hasSuffix("/echo?q=<redacted>&token=t"))
        let replay = try ReplayTransport(cassette: folder.url, redactedParameters: ["q"])
        #expect(try await Self.responses([endpoint], through: replay).map(\.body) == recorded.map(\.body))
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
