import BasicCore
import Foundation
import TestSupport
import Testing

/// The plain client the test servers' control requests go through: what it sends, what it reads,
/// and that each failure is an error naming the port.
@Suite struct LoopbackHTTPTests {
    @Test("a POST arrives whole, with its length, type and Connection: close; the answer is read to its end")
    func post() async throws {
        let server = try await TestHTTPServer.shared()
        let body = Data(#"{"k":"博"}"#.utf8)
        let answer = try await LoopbackHTTP.send("POST", port: server.port, path: "/echo/sub?a=1", body: body)
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "application/json")
        // The server says it closes, as it does for every request that asked it to.
        #expect(answer.headers["connection"] == "close")
        let echo = try JSONValue(parsing: answer.body)
        #expect(echo["method"] == "POST")
        #expect(echo["path"] == "/echo/sub")
        #expect(echo["query"]?["a"] == "1")
        #expect(echo["headers"]?["Content-Length"] == .string("\(body.count)"))
        #expect(echo["headers"]?["Connection"] == "close")
        #expect(echo["body"] == #"{"k":"博"}"#)
    }

    @Test("a status other than 200 and a large body come back as they were sent")
    func statusAndBytes() async throws {
        let server = try await TestHTTPServer.shared()
        let missing = try await LoopbackHTTP.send("GET", port: server.port, path: "/status/404?body=gone")
        #expect(missing.status == 404)
        #expect(String(decoding: missing.body, as: UTF8.self) == "gone")
        let bytes = try await LoopbackHTTP.send("GET", port: server.port, path: "/bytes/300000")
        #expect(bytes.status == 200)
        #expect(bytes.body.count == 300_000)
    }

    @Test("the counters read through it are the server's")
    func counters() async throws {
        let server = try await TestHTTPServer.shared()
        let name = "loopback-\(UUID().uuidString.prefix(8))"
        _ = try await LoopbackHTTP.send("GET", port: server.port, path: "/echo?count=\(name)")
        _ = try await LoopbackHTTP.send("GET", port: server.port, path: "/echo?count=\(name)")
        #expect(try await server.counter(name) == 2)
        #expect(try await server.counters()[name] == 2)
    }

    @Test("a refused port, a silent server and an answer cut short are errors that name the port")
    func failures() async throws {
        let refused = RefusingPort.shared.port
        await #expect {
            try await LoopbackHTTP.send("GET", port: refused, path: "/")
        } throws: { "\($0)".contains("cannot connect to 127.0.0.1:\(refused)") }
        let server = try await TestHTTPServer.shared()
        await #expect {
            try await LoopbackHTTP.send("GET", port: server.port, path: "/delay/3000", timeout: 1)
        } throws: {
            "\($0)" == "127.0.0.1:\(server.port) said nothing for 1 s; check that the test server is answering"
        }
        await #expect {
            try await LoopbackHTTP.send("GET", port: server.port, path: "/drop")
        } throws: { "\($0)".contains("127.0.0.1:\(server.port) answered GET /drop with") }
    }
}
