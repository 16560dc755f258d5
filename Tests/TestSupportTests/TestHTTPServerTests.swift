import BasicCore
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP test server that later suites rely on: each endpoint does what it promises.
@Suite struct TestHTTPServerTests {
    let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        return URLSession(configuration: configuration)
    }()

    func get(_ server: TestHTTPServer, _ path: String) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.data(from: server.url(path))
        return (data, try #require(response as? HTTPURLResponse))
    }

    @Test("echo returns the method, query, headers and body as JSON")
    func echo() async throws {
        let server = try await TestHTTPServer.shared()
        var request = URLRequest(url: server.url("/echo/sub?a=1&b=x%20y&b=2"))
        request.httpMethod = "POST"
        request.setValue("yes", forHTTPHeaderField: "X-Test")
        request.httpBody = Data(#"{"k":"博"}"#.utf8)
        let (data, response) = try await session.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let echo = try JSONValue(parsing: data)
        #expect(echo["method"] == "POST")
        #expect(echo["path"] == "/echo/sub")
        #expect(echo["query"]?["a"] == "1")
        #expect(echo["query"]?["b"] == ["x y", "2"])
        #expect(echo["headers"]?["X-Test"] == "yes")
        #expect(echo["body"] == #"{"k":"博"}"#)
        #expect(echo["bodyLength"] == .integer(Int64(Data(#"{"k":"博"}"#.utf8).count)))
    }

    @Test("status answers with the code asked for, and an optional body")
    func status() async throws {
        let server = try await TestHTTPServer.shared()
        let (data, response) = try await get(server, "/status/503")
        #expect(response.statusCode == 503)
        #expect(try JSONValue(parsing: data)["status"] == 503)
        let (text, teapot) = try await get(server, "/status/418?body=short%20and%20stout")
        #expect(teapot.statusCode == 418)
        #expect(String(decoding: text, as: UTF8.self) == "short and stout")
    }

    @Test("delay answers no sooner than asked")
    func delay() async throws {
        let server = try await TestHTTPServer.shared()
        let start = ContinuousClock.now
        let (data, _) = try await get(server, "/delay/150")
        let elapsed = ContinuousClock.now - start
        #expect(try JSONValue(parsing: data)["delayed"] == 150)
        #expect(elapsed >= .milliseconds(150))
    }

    @Test("count counts hits per name, peeks without counting, and resets")
    func counters() async throws {
        let server = try await TestHTTPServer.shared()
        let name = "c-\(UUID().uuidString)"
        _ = try await get(server, "/count/\(name)")
        _ = try await get(server, "/count/\(name)")
        let (third, _) = try await get(server, "/count/\(name)")
        #expect(try JSONValue(parsing: third)["count"] == 3)
        let (peek, _) = try await get(server, "/count/\(name)?peek=1")
        #expect(try JSONValue(parsing: peek)["count"] == 3)
        // Any endpoint bumps a counter named by ?count=.
        _ = try await get(server, "/echo?count=\(name)")
        let (all, _) = try await get(server, "/counts")
        #expect(try JSONValue(parsing: all)[name] == 4)
        var reset = URLRequest(url: server.url("/count/\(name)/reset"))
        reset.httpMethod = "POST"
        _ = try await session.data(for: reset)
        let (after, _) = try await get(server, "/count/\(name)?peek=1")
        #expect(try JSONValue(parsing: after)["count"] == 0)
    }

    @Test("drop closes the connection in the middle of the body")
    func drop() async throws {
        let server = try await TestHTTPServer.shared()
        await #expect(throws: (any Error).self) {
            _ = try await session.data(from: server.url("/drop"))
        }
    }

    @Test("fixtures are served from the fixtures folder, and nothing outside it")
    func fixtures() async throws {
        let server = try await TestHTTPServer.shared()
        let (data, response) = try await get(server, "/fixtures/hello.json")
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let expected = try Data(
            contentsOf: TestPaths.testsFolder.appendingPathComponent("TestServer/Fixtures/hello.json"))
        #expect(data == expected)
        let (_, missing) = try await get(server, "/fixtures/nope.json")
        #expect(missing.statusCode == 404)
        let (_, escape) = try await get(server, "/fixtures/..%2F..%2FPackage.swift")
        #expect(escape.statusCode == 404)
    }

    @Test("bytes returns exactly the number of bytes asked for")
    func bytes() async throws {
        let server = try await TestHTTPServer.shared()
        let (data, _) = try await get(server, "/bytes/3000")
        #expect(data.count == 3000)
        #expect(data[252] == 1)
    }

    @Test("400 connections opened at once are all answered: the listen backlog is not socketserver's 5")
    func manyConnectionsAtOnce() async throws {
        // Its own server, so the burst does not slow the suites that share one.
        let server = try await TestHTTPServer.start()
        defer { server.stop() }
        let failures = await withTaskGroup(of: String?.self) { group in
            for index in 0..<400 {
                group.addTask {
                    // A session each: a connection each, all opened in the same moment.
                    let session = URLSession(configuration: .ephemeral)
                    defer { session.finishTasksAndInvalidate() }
                    var request = URLRequest(url: server.url("/echo?n=\(index)"))
                    request.httpMethod = "POST"
                    request.httpBody = Data("body \(index)".utf8)
                    do {
                        let (data, _) = try await session.data(for: request)
                        let echoed = try JSONValue(parsing: data)["body"]?.asString
                        return echoed == "body \(index)" ? nil : "\(index): echoed \(echoed ?? "no body")"
                    } catch {
                        return "\(index): \(error)"
                    }
                }
            }
            return await group.reduce(into: [String]()) { if let failure = $1 { $0.append(failure) } }
        }
        #expect(failures.isEmpty, "\(failures.count) failed, first: \(failures.first ?? "")")
    }

    @Test("hold keeps an answer back until release, which also lets later ones through")
    func holdAndRelease() async throws {
        final class Flag: Sendable {
            let raised = Mutex(false)
        }
        let server = try await TestHTTPServer.shared()
        let name = "hold-\(UUID().uuidString)"
        let answered = Flag()
        let held = Task {
            let result = try await get(server, "/echo?count=\(name)&hold=\(name)")
            answered.raised.withLock { $0 = true }
            return result
        }
        // The request has arrived (it counted) and stays unanswered.
        let arrived = try await eventually {
            try JSONValue(parsing: try await get(server, "/count/\(name)?peek=1").0)["count"] == 1
        }
        #expect(arrived)
        try await Task.sleep(for: .milliseconds(200))
        #expect(!answered.raised.withLock { $0 })
        try await server.release(name)
        let (data, response) = try await held.value
        #expect(response.statusCode == 200)
        #expect(try JSONValue(parsing: data)["query"]?["hold"] == .string(name))
        let (later, _) = try await get(server, "/echo?hold=\(name)")
        #expect(try JSONValue(parsing: later)["query"]?["hold"] == .string(name))
    }

    @Test("a server of its own starts on a free port and stops when told")
    func startStop() async throws {
        let server = try await TestHTTPServer.start()
        let other = try await TestHTTPServer.shared()
        #expect(server.port != other.port)
        let (data, _) = try await get(server, "/count/x")
        #expect(try JSONValue(parsing: data)["count"] == 1)
        #expect(server.isRunning)
        server.stop()
        #expect(!server.isRunning)
        await #expect(throws: (any Error).self) {
            _ = try await session.data(from: server.url("/echo"))
        }
    }
}

/// The endpoints BasicNetworking's tests add: Retry-After, a flaky endpoint, and login/ticket.
@Suite struct TestHTTPServerNetworkingEndpointTests {
    let session = URLSession(configuration: .ephemeral)

    func send(_ url: URL, method: String = "GET", body: String? = nil) async throws -> (JSONValue, HTTPURLResponse) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.data(for: request)
        return (try JSONValue(parsing: data), try #require(response as? HTTPURLResponse))
    }

    @Test("status adds a Retry-After header on request")
    func retryAfter() async throws {
        let server = try await TestHTTPServer.shared()
        let (_, response) = try await send(server.url("/status/503?retry_after=2"))
        #expect(response.statusCode == 503)
        #expect(response.value(forHTTPHeaderField: "Retry-After") == "2")
        let (_, plain) = try await send(server.url("/status/503"))
        #expect(plain.value(forHTTPHeaderField: "Retry-After") == nil)
    }

    @Test("flaky fails the first n hits with the status asked for, then answers 200")
    func flaky() async throws {
        let server = try await TestHTTPServer.shared()
        let name = "flaky-\(UUID().uuidString)"
        let url = server.url("/flaky/\(name)?failures=2&status=502")
        let (first, firstResponse) = try await send(url)
        let (_, secondResponse) = try await send(url)
        let (third, thirdResponse) = try await send(url)
        #expect(firstResponse.statusCode == 502)
        #expect(first["attempt"] == 1)
        #expect(secondResponse.statusCode == 502)
        #expect(thirdResponse.statusCode == 200)
        #expect(third["attempt"] == 3)
    }

    @Test("login gives a token for the right password, and ticket accepts only such tokens")
    func loginAndTicket() async throws {
        let server = try await TestHTTPServer.shared()
        let (login, _) = try await send(server.url("/login"), method: "POST", body: "user=alice&password=secret")
        #expect(login["code"] == 0)
        #expect(login["data"]?["token"] == "tok-alice")
        let (wrong, _) = try await send(server.url("/login"), method: "POST", body: "user=alice&password=nope")
        #expect(wrong["code"] == 1001)
        let (ticket, _) = try await send(server.url("/ticket?token=tok-alice"))
        #expect(ticket["data"]?["ticket"] == "TK-alice")
        let (expired, response) = try await send(server.url("/ticket?token=bogus"))
        #expect(response.statusCode == 200)
        #expect(expired["code"] == 401)
        #expect(expired["msg"] == "token expired")
    }
}
