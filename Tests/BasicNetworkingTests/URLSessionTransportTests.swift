import BasicCore
import BasicNetworking
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite struct URLSessionTransportTests {
    /// What the sends of a test ended with, by ``NetworkError`` case (or "success").
    final class Outcomes: Sendable {
        private let names = Mutex<[String]>([])
        func add(_ name: String) { names.withLock { $0.append(name) } }
        var all: [String] { names.withLock { $0 } }
    }

    /// swift-corelibs-foundation #5412: `URLSession.data(for:)` cancels its `URLSessionTask`
    /// inside the Swift task's cancellation handler, which holds the task's status lock, while
    /// URLSession's work queue, ending the same task (here: connection refused), waits for that
    /// lock to resume it. Before the fix some of these sends never ended.
    ///
    /// The sends run on threads of their own and each is cancelled from a thread of its own, so
    /// that a deadlock blocks only those threads, never Swift's cooperative pool (two threads on
    /// this machine, which a deadlock once blocked both of): the test then fails by its count
    /// instead of hanging the test process.
    @Test(
        "sends cancelled while URLSession ends them all end, as cancelled or refused (corelibs #5412)",
        .timeLimit(.minutes(2)))
    func cancelWhileEnding() async throws {
        for round in 0..<Self.rounds {
            let transport = URLSessionTransport()
            let outcomes = Outcomes()
            for index in 0..<Self.sendsPerRound {
                let request = URLRequest(url: RefusingPort.shared.url("/body/\(round)-\(index)"))
                let task = Task(executorPreference: ThreadPerJobExecutor.shared) {
                    do throws(NetworkError) {
                        _ = try await transport.send(request)
                        outcomes.add("success")
                    } catch {
                        outcomes.add(error.caseName)
                    }
                }
                // Spread the cancels over the first 200 µs, when the refusal arrives.
                let delay = useconds_t(index % 100 * 2)
                Thread {
                    usleep(delay)
                    task.cancel()
                }.start()
            }
            let ended = try await eventually(timeout: 30) { outcomes.all.count == Self.sendsPerRound }
            #expect(ended, "round \(round): \(Self.sendsPerRound - outcomes.all.count) sends never ended")
            #expect(outcomes.all.allSatisfy { $0 == "cancelled" || $0 == "transport" }, "\(Set(outcomes.all))")
            if !ended { return }
        }
    }

    @Test(
        "the configuration's timeout ends a request the server never answers, or answers only in part",
        arguments: ["hang", "stall"])
    func deadline(mode: String) async throws {
        let server = try await TestHTTPServer.shared()
        let transport = URLSessionTransport(configuration: .init(timeout: .milliseconds(300)))
        let url = server.url("/hostile/\(mode)/x")
        let error = await Net.error { try await transport.send(URLRequest(url: url)) }
        guard case .timedOut(let failed, let seconds) = error else {
            Issue.record("expected timedOut, got \(String(describing: error))")
            return
        }
        #expect(failed == url.absoluteString)
        #expect(seconds == 0.3)
    }

    @Test(
        "one transport's timeout ends each of many silent requests started over time, and lets quick ones through",
        .timeLimit(.minutes(3)))
    func manyDeadlines() async throws {
        let server = try await TestHTTPServer.shared()
        // Long enough that a quick answer on a loaded machine (or under ThreadSanitizer) still
        // comes in time: the test is about every deadline firing, not about how soon.
        let transport = URLSessionTransport(configuration: .init(timeout: .seconds(5)))
        let outcomes = try await withThrowingTaskGroup(of: (Bool, String).self) { group in
            for index in 0..<24 {
                let silent = index % 3 != 0
                let url = server.url(silent ? "/hostile/hang/\(index)" : "/bytes/\(index)")
                group.addTask {
                    do throws(NetworkError) {
                        let response = try await transport.send(URLRequest(url: url))
                        return (silent, response.body.count == index ? "answered" : "short")
                    } catch {
                        return (silent, error.caseName)
                    }
                }
                // Deadlines spread over time, as requests start one after another.
                try await Task.sleep(for: .milliseconds(15))
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count == 24)
        #expect(outcomes.filter { $0.0 }.allSatisfy { $0.1 == "timedOut" }, "\(outcomes)")
        #expect(outcomes.filter { !$0.0 }.allSatisfy { $0.1 == "answered" }, "\(outcomes)")
    }

    /// The server answers the first request and keeps the connection, then drops it when the
    /// next request arrives on it (`?drop_next=1`), as a server that gives up on a kept-alive
    /// connection just as the client reuses it does. libcurl sends the request again on a new
    /// connection; on Linux a body given as `httpBody` is not rewound for that, and the POST used
    /// to wait for the transport's timeout (README, Linux differences).
    @Test(
        "a request the server drops on a kept-alive connection is sent again whole: a POST's body too",
        arguments: ["GET", "POST", "PUT"])
    func sentAgainAfterDrop(method: String) async throws {
        let server = try await TestHTTPServer.shared()
        let transport = URLSessionTransport(configuration: .init(timeout: .seconds(30)))
        for round in 0..<3 {
            let first = try await transport.send(URLRequest(url: server.url("/echo/first?drop_next=1")))
            #expect(first.status == 200)
            var request = URLRequest(url: server.url("/echo/second?round=\(round)"))
            request.httpMethod = method
            if method != "GET" { request.httpBody = Data(#"{"round":\#(round)}"#.utf8) }
            let echo = try JSONValue(parsing: try await transport.send(request).body)
            #expect(echo["method"] == .string(method))
            #expect(echo["body"] == .string(method == "GET" ? "" : #"{"round":\#(round)}"#))
        }
    }

    @Test("a recording transport sends a POST the server drops on a kept-alive connection again whole, and records it")
    func recordedAfterDrop() async throws {
        let server = try await TestHTTPServer.shared()
        let directory = try TemporaryDirectory()
        let recorder = try RecordingTransport(
            cassette: directory.path("cassette"), configuration: .init(timeout: .seconds(30)))
        for round in 0..<3 {
            _ = try await recorder.send(URLRequest(url: server.url("/echo/first?drop_next=1&round=\(round)")))
            var request = URLRequest(url: server.url("/echo/second?round=\(round)"))
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"round":\#(round)}"#.utf8)
            let echo = try JSONValue(parsing: try await recorder.send(request).body)
            #expect(echo["body"] == .string(#"{"round":\#(round)}"#))
        }
        #expect(recorder.exchangeCount == 6)
    }

    @Test("a timeout of zero ends a request at once with timedOut")
    func zeroTimeout() async throws {
        let url = try await TestHTTPServer.shared().url("/hostile/hang/zero")
        let transport = URLSessionTransport(configuration: .init(timeout: .zero))
        let error = await Net.error { try await transport.send(URLRequest(url: url)) }
        #expect(error?.caseName == "timedOut")
    }

    @Test("a transport over a session of yours takes a timeout too")
    func deadlineOnOwnSession() async throws {
        let server = try await TestHTTPServer.shared()
        let session = URLSession(configuration: URLSessionTransport.Configuration().sessionConfiguration())
        defer { session.finishTasksAndInvalidate() }
        let transport = URLSessionTransport(session: session, timeout: .milliseconds(200))
        let error = await Net.error { try await transport.send(URLRequest(url: server.url("/hostile/hang/x"))) }
        #expect(error?.caseName == "timedOut")
        #expect(try await transport.send(URLRequest(url: server.url("/bytes/5"))).body.count == 5)
    }

    @Test("cancelling a request the server never answers ends it at once as cancelled, and the transport goes on")
    func cancelHanging() async throws {
        let server = try await TestHTTPServer.shared()
        let transport = URLSessionTransport()
        let url = server.url("/hostile/hang/x")
        let task = Task { try await transport.send(URLRequest(url: url)) }
        // Cancelled at once or after the request went out: both must end as cancelled.
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let outcome = await task.result
        guard case .failure(let error) = outcome, case .cancelled(let cancelled)? = error as? NetworkError else {
            Issue.record("expected cancelled, got \(outcome)")
            return
        }
        #expect(cancelled == url.absoluteString)
        #expect(try await transport.send(URLRequest(url: server.url("/bytes/3"))).body.count == 3)
    }

    @Test("a task cancelled before it sends gets cancelled without a request")
    func cancelledBeforeSending() async throws {
        let name = Net.unique("never")
        let url = try await TestHTTPServer.shared().url("/count/\(name)")
        let transport = URLSessionTransport()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(URLRequest(url: url))
        }
        let outcome = await task.result
        guard case .failure(let error) = outcome, case .cancelled? = error as? NetworkError else {
            Issue.record("expected cancelled, got \(outcome)")
            return
        }
        #expect(try await Net.counter(name) == 0)
    }

    @Test(
        "transport failures say what happened in libcurl's words, and what to do",
        arguments: [
            ("drop", "the transfer failed: transfer closed with 900 bytes remaining to read (URLError -1); try again"),
            (
                "close",
                "the server's answer could not be read as HTTP (Empty reply from server); check that the URL is an "
                    + "HTTP server's"
            ),
            (
                "garbage",
                "the server's answer is not HTTP (Received HTTP/0.9 when not allowed); check that the URL is an HTTP "
                    + "server's"
            ),
        ])
    func failureWords(mode: String, reason: String) async throws {
        let url = try await TestHTTPServer.shared().url("/hostile/\(mode)/x")
        let error = await Net.error { try await URLSessionTransport().send(URLRequest(url: url)) }
        #expect(error?.description == "request to \(url.absoluteString) failed: \(reason)")
    }

    @Test("a recording transport ends a silent exchange at its configuration's timeout")
    func recordingDeadline() async throws {
        let folder = try TemporaryDirectory()
        let recorder = try RecordingTransport(cassette: folder.url, configuration: .init(timeout: .milliseconds(300)))
        let url = try await TestHTTPServer.shared().url("/hostile/hang/x")
        let error = await Net.error { try await recorder.send(URLRequest(url: url)) }
        #expect(error?.caseName == "timedOut")
        #expect(recorder.exchangeCount == 0)
    }

    /// Enough to deadlock before the fix: one round in three did, on two cores.
    static let rounds = 6
    static let sendsPerRound = 500
}

/// Runs every job on a new thread, outside Swift's cooperative pool.
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread { job.runSynchronously(on: executor) }.start()
    }
}
