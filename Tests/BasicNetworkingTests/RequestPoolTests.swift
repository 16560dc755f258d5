import BasicCore
@testable import BasicNetworking
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite struct RequestPoolTests {
    @Test(
        "coalesce: 50 concurrent identical GETs make one hit, and all 50 callers get its body (each way a call is made: ended by the exchange itself, in a task started at once, in an ordinary task)",
        arguments: RequestPool.CallStart.allCases)
    func coalesce(calls: RequestPool.CallStart) async throws {
        let pool = RequestPool(transport: URLSessionTransport(), calls: calls)
        let name = Net.unique("coalesce")
        // The server holds the answer until all 50 callers wait, however loaded the machine.
        let endpoint = Endpoint(base: try await Net.base(), path: "count/\(name)", parameters: ["hold": .string(name)])
        let bodies = try await withThrowingTaskGroup(of: Data?.self) { group in
            for _ in 0..<50 {
                group.addTask { try await pool.send(endpoint, policy: .coalesce).body }
            }
            group.addTask {
                try await Net.release(name, when: pool, has: 50)
                return nil
            }
            return try await group.reduce(into: [Data]()) { if let body = $1 { $0.append(body) } }
        }
        #expect(bodies.count == 50)
        #expect(Set(bodies).count == 1)
        #expect(try JSONValue(parsing: try #require(bodies.first))["count"] == 1)
        #expect(try await Net.counter(name) == 1)
        #expect(await pool.inFlightCount == 0)
    }

    @Test(
        "received runs once per call, before any caller has the response, and not after a failure (each way a call is made: ended by the exchange itself, in a task started at once, in an ordinary task)",
        arguments: RequestPool.CallStart.allCases)
    func received(calls: RequestPool.CallStart) async throws {
        final class Runs: Sendable {
            let count = Mutex(0)
            var value: Int { count.withLock { $0 } }
        }
        let pool = RequestPool(transport: URLSessionTransport(), calls: calls)
        let runs = Runs()
        let name = Net.unique("received")
        let endpoint = Endpoint(base: try await Net.base(), path: "echo", parameters: ["hold": .string(name)])
        let coalesced = Request(endpoint, policy: .coalesce) { response in
            if response.status == 200 { runs.count.withLock { $0 += 1 } }
        }
        // Ten coalesced callers: each sees the one run already done when its response arrives.
        let seen = try await withThrowingTaskGroup(of: Int?.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    _ = try await pool.send(coalesced)
                    return runs.value
                }
            }
            group.addTask {
                try await Net.release(name, when: pool, has: 10)
                return nil
            }
            return try await group.reduce(into: [Int]()) { if let seen = $1 { $0.append(seen) } }
        }
        #expect(seen == Array(repeating: 1, count: 10))

        // Three calls let through as duplicates run it three times; a failed call never does.
        var duplicates = coalesced
        duplicates.policy = .allowDuplicates
        for _ in 0..<3 { _ = try await pool.send(duplicates) }
        #expect(runs.value == 4)
        let failing = Request(Endpoint(base: try #require(URL(string: "http://127.0.0.1:9")), path: "x")) { _ in
            runs.count.withLock { $0 += 100 }
        }
        _ = await Net.error { try await pool.send(failing) }
        #expect(runs.value == 4)
    }

    @Test(
        "cancelPrevious: the older call ends cancelled, and the newer one is what the server answers (each way a call is made: ended by the exchange itself, in a task started at once, in an ordinary task)",
        arguments: RequestPool.CallStart.allCases)
    func cancelPrevious(calls: RequestPool.CallStart) async throws {
        let pool = RequestPool(transport: URLSessionTransport(), calls: calls)
        let name = Net.unique("previous")
        let older = Endpoint(
            base: try await Net.base(), path: "echo", parameters: ["hold": .string(name), "q": "same"])
        let newer = older
        let first = Task { try await pool.send(older, policy: .cancelPrevious) }
        try await Net.waitForInFlight(pool, count: 1)
        let second = Task { try await pool.send(newer, policy: .cancelPrevious) }
        // The server answers nothing until the older call has ended, cancelled.
        let firstError = await Net.error { try await first.value }
        #expect(firstError?.caseName == "cancelled")
        try await Net.release(name, when: pool, has: 1)
        #expect(try await second.value.json["query"]?["q"] == "same")
    }

    @Test(
        "requests differing only in Authorization are not coalesced nor cancelled: 2 hits, each its own answer",
        arguments: [DuplicatePolicy.coalesce, .cancelPrevious])
    func authorizationSeparates(policy: DuplicatePolicy) async throws {
        let pool = RequestPool()
        let name = Net.unique("auth")
        var alice = Endpoint(
            base: try await Net.base(), path: "echo", parameters: ["count": .string(name), "hold": .string(name)])
        alice.headers["Authorization"] = "Bearer alice"
        var bob = alice
        bob.headers["Authorization"] = "Bearer bob"
        // Both wait on the server at once, so that one could be shared or cancelled for the other.
        let first = Task { try await pool.send(alice, policy: policy) }
        try await Net.waitForInFlight(pool, count: 1)
        let second = Task { try await pool.send(bob, policy: policy) }
        try await Net.release(name, when: pool, has: 2)
        let alices = try await first.value.json["headers"]?["Authorization"]
        let bobs = try await second.value.json["headers"]?["Authorization"]
        #expect(alices == "Bearer alice")
        #expect(bobs == "Bearer bob")
        #expect(try await Net.counter(name) == 2)
    }

    @Test("allowDuplicates: N identical GETs make N hits", arguments: [1, 5])
    func allowDuplicates(count: Int) async throws {
        let pool = RequestPool()
        let name = Net.unique("dup")
        let endpoint = Endpoint(base: try await Net.base(), path: "count/\(name)", parameters: ["delay": 100])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask { _ = try await pool.send(endpoint, policy: .allowDuplicates) }
            }
            try await group.waitForAll()
        }
        #expect(try await Net.counter(name) == count)
    }

    @Test("counts the network calls in flight")
    func inFlight() async throws {
        let pool = RequestPool()
        let base = try await Net.base()
        #expect(await pool.inFlightCount == 0)
        let name = Net.unique("in-flight")
        let a = Task { try await pool.send(Endpoint(base: base, path: "echo/a", parameters: ["hold": .string(name)])) }
        let b = Task { try await pool.send(Endpoint(base: base, path: "echo/b", parameters: ["hold": .string(name)])) }
        try await Net.waitForInFlight(pool, count: 2)
        #expect(await pool.waitingCount == 2)
        try await Net.release(name, when: pool, has: 2)
        _ = try await (a.value, b.value)
        #expect(await pool.inFlightCount == 0)
        #expect(await pool.waitingCount == 0)
    }

    // The server would answer after 30 s: an answer instead of the cancellation fails the test,
    // without measuring time, which a loaded machine stretches.
    @Test("cancelling the task of a request on /delay/30000 ends it cancelled, not answered")
    func cancelTask() async throws {
        let pool = RequestPool()
        let endpoint = Endpoint(base: try await Net.base(), path: "delay/30000")
        let task = Task { try await pool.send(endpoint) }
        try await Net.waitForInFlight(pool, count: 1)
        task.cancel()
        let error = await Net.error { try await task.value }
        guard case .cancelled(let url) = error else {
            Issue.record("expected cancelled, got \(String(describing: error))")
            return
        }
        #expect(url.hasSuffix("/delay/30000"))
        #expect(await pool.inFlightCount == 0)
    }

    @Test(
        "cancelAll(owner:) cancels that owner's requests and no one else's (each way a call is made: ended by the exchange itself, in a task started at once, in an ordinary task)",
        arguments: RequestPool.CallStart.allCases)
    func cancelOwner(calls: RequestPool.CallStart) async throws {
        let pool = RequestPool(transport: URLSessionTransport(), calls: calls)
        let base = try await Net.base()
        let screen = RequestOwner("screen")
        let other = RequestOwner("other")
        let a = Task { try await pool.send(Endpoint(base: base, path: "delay/30000"), owner: screen) }
        let b = Task { try await pool.send(Endpoint(base: base, path: "delay/30001"), owner: screen) }
        let name = Net.unique("other")
        let c = Task {
            try await pool.send(Endpoint(base: base, path: "echo", parameters: ["hold": .string(name)]), owner: other)
        }
        try await Net.waitForInFlight(pool, count: 3)
        await pool.cancelAll(owner: screen)
        #expect(await Net.error { try await a.value }?.caseName == "cancelled")
        #expect(await Net.error { try await b.value }?.caseName == "cancelled")
        try await Net.release(name, when: pool, has: 1)
        #expect(try await c.value.status == 200)
    }

    @Test(
        "RequestOwner.current tags what a task sends, and what its unstructured tasks send, unless a request names its own"
    )
    func currentOwner() async throws {
        let pool = RequestPool()
        let base = try await Net.base()
        let screen = RequestOwner("screen")
        let name = Net.unique("own")
        let (tagged, detached, named) = RequestOwner.$current.withValue(screen) {
            // The unstructured task inherits the task-local, not the cancellation: the owner reaches it.
            let tagged = Task { try await pool.send(Endpoint(base: base, path: "delay/30000")) }
            let detached = Task {
                try await Task { try await pool.send(Endpoint(base: base, path: "delay/30001")) }.value
            }
            let held = Endpoint(base: base, path: "echo", parameters: ["hold": .string(name)])
            let named = Task { try await pool.send(held, owner: RequestOwner("other")) }
            return (tagged, detached, named)
        }
        let untagged = Task { try await pool.send(Endpoint(base: base, path: "delay/30002")) }
        try await Net.waitForInFlight(pool, count: 4)
        await pool.cancelAll(owner: screen)
        #expect(await Net.error { try await tagged.value }?.caseName == "cancelled")
        #expect(await Net.error { try await detached.value }?.caseName == "cancelled")
        #expect(await pool.inFlightCount == 2, "the request naming its own owner, and the one with none, go on")
        untagged.cancel()
        #expect(await Net.error { try await untagged.value }?.caseName == "cancelled")
        try await Net.release(name, when: pool, has: 1)
        #expect(try await named.value.status == 200)
    }

    @Test("an owner token cancels its requests when it is released")
    func ownerToken() async throws {
        let pool = RequestPool()
        let endpoint = Endpoint(base: try await Net.base(), path: "delay/30000")
        var token: OwnerToken? = pool.makeOwnerToken()
        let owner = try #require(token?.owner)
        let task = Task { try await pool.send(endpoint, owner: owner) }
        try await Net.waitForInFlight(pool, count: 1)
        token = nil
        #expect(await Net.error { try await task.value }?.caseName == "cancelled")
        _ = token
    }

    @Test(
        "a coalesced call goes on while one of its callers remains, and ends when none does (each way a call is made: ended by the exchange itself, in a task started at once, in an ordinary task)",
        arguments: RequestPool.CallStart.allCases)
    func coalescedCancellation(calls: RequestPool.CallStart) async throws {
        let pool = RequestPool(transport: URLSessionTransport(), calls: calls)
        let name = Net.unique("shared")
        let endpoint = Endpoint(base: try await Net.base(), path: "count/\(name)", parameters: ["hold": .string(name)])
        let leaving = Task { try await pool.send(endpoint, policy: .coalesce) }
        let staying = Task { try await pool.send(endpoint, policy: .coalesce) }
        try await Net.waitForInFlight(pool, count: 1)
        while await pool.waitingCount < 2 { try await Task.sleep(for: .milliseconds(5)) }
        leaving.cancel()
        #expect(await Net.error { try await leaving.value }?.caseName == "cancelled")
        try await Net.release(name, when: pool, has: 1)
        #expect(try await staying.value.json["count"] == 1)
    }

    @Test("a timeout of 200 ms on /delay/30000 gives timedOut, not the answer")
    func timeout() async throws {
        let endpoint = Endpoint(base: try await Net.base(), path: "delay/30000", timeout: .milliseconds(200))
        let error = await Net.error { try await RequestPool().send(endpoint) }
        guard case .timedOut(let url, let seconds) = error else {
            Issue.record("expected timedOut, got \(String(describing: error))")
            return
        }
        #expect(url.hasSuffix("/delay/30000"))
        #expect(seconds == 0.2)
        // URLSession on Linux would fire a 0.2 s timeout at once: the request it gets carries
        // whole seconds, and the pool's own clock enforces the 0.2 s (reported above).
        #expect(try endpoint.urlRequest().timeoutInterval == 1)
    }

    @Test("connection refused is a transport failure saying so")
    func connectionRefused() async throws {
        let server = try await TestHTTPServer.start()
        let base = server.baseURL
        server.stop()
        let error = await Net.error { try await RequestPool().send(Endpoint(base: base, path: "echo")) }
        guard case .transport(let url, let reason, _) = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
        #expect(url == base.absoluteString + "/echo")
        #expect(reason.contains("could not connect"))
    }

    @Test("a connection dropped in the middle of the body is a transport failure")
    func drop() async throws {
        let error = await Net.error { try await RequestPool().send(Endpoint(base: try await Net.base(), path: "drop")) }
        #expect(error?.caseName == "transport")
        #expect(error.map { String(describing: $0) }?.contains("/drop") == true)
    }

    @Test("HTTP 500 is an httpStatus error with the body's start")
    func status500() async throws {
        let error = await Net.error {
            try await RequestPool().send(Endpoint(base: try await Net.base(), path: "status/500"))
        }
        guard case .httpStatus(let url, let status, let excerpt) = error else {
            Issue.record("expected httpStatus, got \(String(describing: error))")
            return
        }
        #expect(url.hasSuffix("/status/500"))
        #expect(status == 500)
        #expect(excerpt == #"{"status": 500}"#)
    }

    @Test("a 200 carrying a server error code is a server error with the message from the key path")
    func serverErrorCode() async throws {
        let endpoint = Endpoint(
            base: try await Net.base(), path: "status/200", parameters: ["body": #"{"code":401,"msg":"token expired"}"#]
        )
        let rule = ResponseRule.successCode(at: "code", equals: 0, message: "msg")
        let error = await Net.error { try await RequestPool().send(endpoint, rule: rule) }
        guard case .server(let url, let code, let message) = error else {
            Issue.record("expected server, got \(String(describing: error))")
            return
        }
        #expect(url.contains("/status/200"))
        #expect(code == 401)
        #expect(message == "token expired")
        #expect(error.map(String.init(describing:))?.hasSuffix("reported error 401: token expired") == true)
    }
}
