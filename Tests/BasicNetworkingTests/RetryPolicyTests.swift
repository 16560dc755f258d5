import BasicCore
import BasicNetworking
import Foundation
import TestSupport
import Testing

@Suite struct RetryPolicyTests {
    static let fast = RetryPolicy(maxRetries: 3, initialDelay: .milliseconds(10), jitter: 0)
    static let url = URL(string: "http://h.test/x") ?? URL(fileURLWithPath: "/")

    @Test(
        "backs off exponentially up to the maximum",
        arguments: [(1, 100), (2, 200), (3, 400), (4, 500), (10, 500)])
    func backoff(retry: Int, milliseconds: Int) {
        let policy = RetryPolicy(maxRetries: 10, initialDelay: .milliseconds(100), maximumDelay: .milliseconds(500))
        #expect(policy.backoff(beforeRetry: retry) == .milliseconds(milliseconds))
    }

    @Test("jitter takes up to its fraction off the delay", arguments: [(0.0, 400), (0.5, 350), (1.0, 300)])
    func jitter(unit: Double, milliseconds: Int) {
        let policy = RetryPolicy(maxRetries: 3, initialDelay: .milliseconds(400), jitter: 0.25)
        let delay = policy.delay(beforeRetry: 1, unit: unit)
        #expect(abs((delay - .milliseconds(milliseconds)).seconds) < 1e-9)
    }

    @Test(
        "retries 408, 429, 500, 502, 503, 504 and transport failures, for idempotent methods only",
        arguments: [
            (HTTPMethod.get, 503, true), (.get, 500, true), (.get, 408, true), (.get, 429, true), (.get, 502, true),
            (.get, 504, true), (.put, 503, true), (.delete, 503, true), (.get, 404, false), (.get, 501, false),
            (.get, 200, false), (.post, 503, false), (.patch, 503, false),
        ])
    func statuses(method: HTTPMethod, status: Int, retries: Bool) {
        let outcome: Result<Response, NetworkError> = .success(Response(url: Self.url, status: status))
        #expect((Self.fast.delay(beforeRetry: 1, method: method, after: outcome) != nil) == retries)
    }

    @Test("retries transport failures and timeouts, never cancellation or other errors")
    func errors() {
        let policy = Self.fast
        let transport = NetworkError.transport(url: "u", reason: "refused", underlying: URLError(.cannotConnectToHost))
        #expect(policy.delay(beforeRetry: 1, method: .get, after: .failure(transport)) != nil)
        #expect(policy.delay(beforeRetry: 1, method: .get, after: .failure(.timedOut(url: "u", seconds: 1))) != nil)
        #expect(policy.delay(beforeRetry: 1, method: .get, after: .failure(.cancelled(url: "u"))) == nil)
        #expect(policy.delay(beforeRetry: 1, method: .post, after: .failure(transport)) == nil)
        #expect(policy.delay(beforeRetry: 4, method: .get, after: .failure(transport)) == nil)
        var posting = policy
        posting.retriesNonIdempotentMethods = true
        #expect(posting.delay(beforeRetry: 1, method: .post, after: .failure(transport)) != nil)
        #expect(RetryPolicy.none.delay(beforeRetry: 1, method: .get, after: .failure(transport)) == nil)
    }

    @Test("Retry-After in seconds or as a date sets a longer delay, and too long a wait is not retried")
    func retryAfter() {
        let policy = Self.fast
        let seconds = Response(url: Self.url, status: 503, headers: ["retry-after": "2"])
        #expect(policy.delay(beforeRetry: 1, method: .get, after: .success(seconds)) == .seconds(2))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = Response(
            url: Self.url, status: 429, headers: ["Retry-After": formatter.string(from: Date().addingTimeInterval(30))])
        let delay = policy.delay(beforeRetry: 1, method: .get, after: .success(date))
        #expect(delay.map { $0 > .seconds(25) && $0 <= .seconds(30) } == true)
        let tooLong = Response(url: Self.url, status: 503, headers: ["Retry-After": "3600"])
        #expect(policy.delay(beforeRetry: 1, method: .get, after: .success(tooLong)) == nil)
        var ignoring = policy
        ignoring.honoursRetryAfter = false
        #expect(ignoring.delay(beforeRetry: 1, method: .get, after: .success(seconds)) == .milliseconds(10))
    }

    @Test("a GET that fails twice with 503 succeeds on the third attempt")
    func retriesUntilSuccess() async throws {
        let name = Net.unique("flaky")
        let endpoint = Endpoint(base: try await Net.base(), path: "flaky/\(name)", parameters: ["failures": 2])
        let response = try await RequestPool().send(endpoint, retry: Self.fast)
        #expect(try response.json["attempt"] == 3)
        #expect(try await Net.counter(name) == 3)
    }

    @Test("gives up after its retries with the last status")
    func givesUp() async throws {
        let name = Net.unique("flaky")
        let endpoint = Endpoint(
            base: try await Net.base(), path: "flaky/\(name)", parameters: ["failures": 5, "status": 502])
        var policy = Self.fast
        policy.maxRetries = 1
        let error = await Net.error { try await RequestPool().send(endpoint, retry: policy) }
        guard case .httpStatus(_, let status, _) = error else {
            Issue.record("expected httpStatus, got \(String(describing: error))")
            return
        }
        #expect(status == 502)
        #expect(try await Net.counter(name) == 2)
    }

    @Test("never sends a POST twice")
    func postIsNotRetried() async throws {
        let name = Net.unique("flaky")
        let endpoint = Endpoint(
            base: try await Net.base(), path: "flaky/\(name)", method: .post, parameters: ["x": 1], encoding: .json)
        var withQuery = endpoint
        withQuery.body = .json(["x": 1])
        withQuery.parameters = ["failures": 1]
        let error = await Net.error { try await RequestPool().send(withQuery, retry: Self.fast) }
        #expect(error?.caseName == "httpStatus")
        #expect(try await Net.counter(name) == 1)
    }

    @Test("honours the server's Retry-After: the wait computed from it is its value, and the retry happens")
    func honoursRetryAfter() async throws {
        let base = try await Net.base()
        // Given the server's first answer, which asks for a wait of 1 s
        let probe = Endpoint(
            base: base, path: "flaky/\(Net.unique("flaky"))", parameters: ["failures": 1, "retry_after": 1])
        let answer = try await RequestPool().send(probe, rule: .anyStatus)
        #expect(answer.status == 503)
        // Then the pool, which sleeps for what the policy computes, waits exactly that
        #expect(Self.fast.delay(beforeRetry: 1, method: .get, after: .success(answer)) == .seconds(1))

        // When the request is sent with retries, the second attempt answers it
        let name = Net.unique("flaky")
        let endpoint = Endpoint(base: base, path: "flaky/\(name)", parameters: ["failures": 1, "retry_after": 1])
        let response = try await RequestPool().send(endpoint, retry: Self.fast)
        #expect(response.status == 200)
        #expect(try response.json["attempt"] == 2)
        #expect(try await Net.counter(name) == 2)

        // And the pool reads the header: a Retry-After longer than the policy allows is not
        // waited for, though the fast backoff alone would have retried
        var impatient = Self.fast
        impatient.maximumRetryAfter = .milliseconds(500)
        let other = Net.unique("flaky")
        let unretried = try await RequestPool().send(
            Endpoint(base: base, path: "flaky/\(other)", parameters: ["failures": 1, "retry_after": 1]),
            retry: impatient, rule: .anyStatus)
        #expect(unretried.status == 503)
        #expect(try await Net.counter(other) == 1)
    }
}

extension Duration {
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
