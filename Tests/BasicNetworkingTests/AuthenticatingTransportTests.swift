import BasicCore
import BasicNetworking
import Foundation
import Synchronization
import TestSupport
import Testing

/// ``AuthenticatingTransport`` and ``AuthenticationInterceptor`` against the test server: the
/// credential on every request, refresh before use and after a 401, one refresh for many
/// refused requests, one retry, and no token where it must not be.
@Suite struct AuthenticatingTransportTests {
    /// Refreshes by asking the server's counter `counter` (held on `hold` when given): the new
    /// token is `fresh-<count>`. Cannot refresh when `canRefresh` is false, as a personal token.
    struct CounterAuthenticator: Authenticator {
        let base: URL
        let counter: String
        var hold: String?
        var canRefresh = true
        let pool = RequestPool()

        func apply(_ credential: BearerCredential, to request: inout URLRequest) {
            credential.apply(to: &request)
        }

        func refresh(_ credential: BearerCredential) async throws(NetworkError) -> BearerCredential? {
            guard canRefresh else { return nil }
            var parameters: JSONObject = [:]
            if let hold { parameters["hold"] = .string(hold) }
            let endpoint = Endpoint(base: base, path: "count/\(counter)", parameters: parameters)
            let response = try await pool.send(Request(endpoint, policy: .allowDuplicates))
            let count = (try? response.json)?["count"]?.asInt ?? 0
            return BearerCredential(token: Secret("fresh-\(count)"), headers: ["Authorization-Type": "test"])
        }
    }

    static func pool(_ authenticator: CounterAuthenticator, credential: BearerCredential?, now: Date = Date())
        -> (RequestPool, AuthenticationInterceptor<CounterAuthenticator>)
    {
        let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: credential, now: { now })
        return (
            RequestPool(transport: AuthenticatingTransport(URLSessionTransport(), interceptor: interceptor)),
            interceptor
        )
    }

    static let old = BearerCredential(token: Secret("old-token"), headers: ["Authorization-Type": "pat"])

    @Test("every request carries the credential's Authorization and headers")
    func addsCredential() async throws {
        let base = try await Net.base()
        let (pool, _) = Self.pool(CounterAuthenticator(base: base, counter: Net.unique()), credential: Self.old)
        let echo = try await pool.send(Request(Endpoint(base: base, path: "echo")))
        let headers = try echo.json["headers"]
        #expect(headers?["Authorization"]?.asString == "Bearer old-token")
        #expect(headers?["Authorization-Type"]?.asString == "pat")
    }

    @Test("an expired credential is refreshed before it is sent")
    func refreshesBeforeUse() async throws {
        let base = try await Net.base()
        let counter = Net.unique("refresh")
        let expired = BearerCredential(token: Secret("old-token"), expiresAt: Date(timeIntervalSince1970: 1_000))
        let (pool, interceptor) = Self.pool(CounterAuthenticator(base: base, counter: counter), credential: expired)
        let echo = try await pool.send(Request(Endpoint(base: base, path: "echo")))
        #expect(try echo.json["headers"]?["Authorization"]?.asString == "Bearer fresh-1")
        #expect(interceptor.refreshCount == 1)
        #expect(try await Net.counter(counter) == 1)
        // The fresh token does not expire: the next request refreshes nothing.
        _ = try await pool.send(Request(Endpoint(base: base, path: "echo")))
        #expect(interceptor.refreshCount == 1)
    }

    @Test("a credential within its leeway of expiring counts as expired")
    func leeway() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let soon = BearerCredential(token: Secret("t"), expiresAt: now.addingTimeInterval(30))
        let later = BearerCredential(token: Secret("t"), expiresAt: now.addingTimeInterval(3600))
        #expect(soon.requiresRefresh(at: now))
        #expect(!later.requiresRefresh(at: now))
        #expect(!Self.old.requiresRefresh(at: .distantFuture))
    }

    @Test("20 requests refused at once share one refresh, and each is retried once")
    func oneRefreshForMany() async throws {
        let base = try await Net.base()
        let counter = Net.unique("refresh")
        let hold = Net.unique("hold")
        let hits = Net.unique("hits")
        let (pool, interceptor) = Self.pool(
            CounterAuthenticator(base: base, counter: counter, hold: hold), credential: Self.old)
        let names = (0..<20).map { _ in Net.unique("flaky") }
        // Given 20 requests whose first attempt the server refuses with 401
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for name in names {
                group.addTask {
                    let endpoint = Endpoint(
                        base: base, path: "flaky/\(name)",
                        parameters: ["failures": 1, "status": 401, "count": .string(hits)])
                    return try await pool.send(Request(endpoint, policy: .allowDuplicates)).status
                }
            }
            // When every one has been refused, the refresh (held by the server until now) ends
            let refused = try await eventually { try await Net.counter(hits) >= 20 }
            #expect(refused, "the server never saw 20 first attempts")
            try await TestHTTPServer.shared().release(hold)
            var statuses: [Int] = []
            for try await status in group { statuses.append(status) }
            return statuses
        }
        // Then all succeeded on their retry, after one refresh
        #expect(statuses == Array(repeating: 200, count: 20))
        #expect(try await Net.counter(counter) == 1)
        #expect(interceptor.refreshCount == 1)
        #expect(try await Net.counter(hits) == 40)
        #expect(interceptor.credential?.token.revealed == "fresh-1")
    }

    @Test("refused again after the refresh, the 401 is returned as it is: refreshed once, sent twice")
    func secondRefusal() async throws {
        let base = try await Net.base()
        let counter = Net.unique("refresh")
        let hits = Net.unique("hits")
        let (pool, interceptor) = Self.pool(CounterAuthenticator(base: base, counter: counter), credential: Self.old)
        let error = await Net.error {
            try await pool.send(Request(Endpoint(base: base, path: "status/401", parameters: ["count": .string(hits)])))
        }
        guard case .httpStatus(_, 401, _) = error else {
            Issue.record("expected HTTP 401, got \(String(describing: error))")
            return
        }
        #expect(interceptor.refreshCount == 1)
        #expect(try await Net.counter(hits) == 2)
        #expect(!(error?.description.contains("fresh-1") ?? true))
        #expect(!(error?.description.contains("old-token") ?? true))
    }

    @Test("a credential that cannot be refreshed is not retried: the 401 comes back at once")
    func cannotRefresh() async throws {
        let base = try await Net.base()
        let hits = Net.unique("hits")
        let (pool, _) = Self.pool(
            CounterAuthenticator(base: base, counter: Net.unique(), canRefresh: false), credential: Self.old)
        let response = try await pool.send(
            Request(Endpoint(base: base, path: "status/401", parameters: ["count": .string(hits)]), rule: .anyStatus))
        #expect(response.status == 401)
        #expect(try await Net.counter(hits) == 1)
    }

    @Test("without a credential the request is not sent, and the error says to log in")
    func noCredential() async throws {
        let base = try await Net.base()
        let hits = Net.unique("hits")
        let (pool, _) = Self.pool(CounterAuthenticator(base: base, counter: Net.unique()), credential: nil)
        let error = await Net.error {
            try await pool.send(Request(Endpoint(base: base, path: "count/\(hits)")))
        }
        guard case .invalidRequest(_, let reason) = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("log in"))
        #expect(try await Net.counter(hits) == 0)
    }

    @Test("a refresh that fails fails the request with the refresh's error")
    func failedRefresh() async throws {
        let base = try await Net.base()
        struct Failing: Authenticator {
            func apply(_ credential: BearerCredential, to request: inout URLRequest) { credential.apply(to: &request) }
            func refresh(_ credential: BearerCredential) async throws(NetworkError) -> BearerCredential? {
                throw .httpStatus(
                    url: "https://token.example/connect/token", status: 400, bodyExcerpt: "invalid_client")
            }
        }
        let interceptor = AuthenticationInterceptor(authenticator: Failing(), credential: Self.old)
        let pool = RequestPool(transport: AuthenticatingTransport(URLSessionTransport(), interceptor: interceptor))
        let error = await Net.error { try await pool.send(Request(Endpoint(base: base, path: "status/401"))) }
        #expect(error?.url == "https://token.example/connect/token")
        #expect(interceptor.refreshCount == 1)
        #expect(interceptor.credential?.token.revealed == "old-token")
    }

    @Test("a refreshed credential is handed to didRefresh, to be stored")
    func didRefresh() async throws {
        let base = try await Net.base()
        let handed = Mutex<[String]>([])
        let expired = BearerCredential(token: Secret("old-token"), expiresAt: Date(timeIntervalSince1970: 1_000))
        let interceptor = AuthenticationInterceptor(
            authenticator: CounterAuthenticator(base: base, counter: Net.unique()), credential: expired,
            didRefresh: { fresh in handed.withLock { $0.append(fresh.token.revealed) } })
        let pool = RequestPool(transport: AuthenticatingTransport(URLSessionTransport(), interceptor: interceptor))
        _ = try await pool.send(Request(Endpoint(base: base, path: "echo")))
        #expect(handed.withLock { $0 } == ["fresh-1"])
    }

    @Test("a cassette recorded through the authenticating transport holds no token")
    func noTokenInCassette() async throws {
        let base = try await Net.base()
        let directory = try TemporaryDirectory()
        let folder = directory.path("cassette")
        let interceptor = AuthenticationInterceptor(
            authenticator: CounterAuthenticator(base: base, counter: Net.unique()),
            credential: BearerCredential(token: Secret("tok-SECRET-77"), headers: ["Authorization-Type": "pat"]))
        let pool = RequestPool(
            transport: AuthenticatingTransport(try RecordingTransport(cassette: folder), interceptor: interceptor))
        _ = try await pool.send(Request(Endpoint(base: base, path: "count/\(Net.unique())")))
        var recorded = ""
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            recorded += String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
        }
        #expect(!recorded.contains("tok-SECRET-77"))
        #expect(recorded.contains("<redacted>"))
        #expect(recorded.contains("Authorization-Type"))
    }

    @Test("a secret never shows itself in descriptions, debug descriptions or dumps")
    func secretText() {
        let secret = Secret("hunter2")
        var dumped = ""
        dump(secret, to: &dumped)
        let credential = BearerCredential(token: secret, expiresAt: Date(timeIntervalSince1970: 1_800_000_000))
        var dumpedCredential = ""
        dump(credential, to: &dumpedCredential)
        for text in [
            "\(secret)", String(reflecting: secret), dumped, "\(credential)", String(reflecting: credential),
            dumpedCredential,
        ] {
            #expect(!text.contains("hunter2"), "\(text)")
        }
        #expect(secret.revealed == "hunter2")
        #expect("\(credential)".contains("2027-01-15T08:00:00Z"))
    }
}
