import BasicNetworking
import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `bsl-bench network`: GETs on loopback against the project's test server, through
/// `RequestPool` + `URLSessionTransport` and through raw `URLSession.data(for:)` in the same run,
/// and through `curl` (one process) as an outside peer; sequential and with 16 in flight.
struct NetworkSuite {
    var repetitions = 5
    var requests = 2_000
    var concurrency = 16

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let option = rest.popFirst() {
            guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
                throw BenchError("usage: bsl-bench network [--repetitions N] [--requests N] [--concurrency N]")
            }
            switch option {
            case "--repetitions": repetitions = value
            case "--requests": requests = value
            case "--concurrency": concurrency = value
            default: throw BenchError("unknown option \(option)")
            }
        }
    }

    func run() async throws {
        let server = try BenchServer()
        defer { server.stop() }
        let urls = (0..<requests).map { server.url("/bytes/100?i=\($0)") }
        let configuration = URLSessionTransport.Configuration(maximumConnectionsPerHost: concurrency)
        let session = URLSession(configuration: configuration.sessionConfiguration())
        let pool = RequestPool(transport: URLSessionTransport(configuration: configuration))
        let endpoints = urls.map { Endpoint(url: $0) }

        // Warm up connections and code paths.
        try await rawSequential(session, Array(urls.prefix(200)))
        try await poolSequential(pool, Array(endpoints.prefix(200)))

        print(
            "\(requests) GETs of 100 bytes on loopback, median of \(repetitions) runs (each the mean of an ABBA pair); "
                + "server: Tests/TestServer/test_server.py\n"
        )
        var rawSeq: [Double] = []
        var poolSeq: [Double] = []
        var rawPar: [Double] = []
        var poolPar: [Double] = []
        for _ in 0..<repetitions {
            // Ours and the peer in ABBA order, so that drift in the machine's load (it is shared)
            // weighs on both alike.
            var raw = 0.0
            var ours = 0.0
            raw += try await Self.time { try await rawSequential(session, urls) }
            ours += try await Self.time { try await poolSequential(pool, endpoints) }
            ours += try await Self.time { try await poolSequential(pool, endpoints) }
            raw += try await Self.time { try await rawSequential(session, urls) }
            rawSeq.append(raw / 2)
            poolSeq.append(ours / 2)
            raw = 0
            ours = 0
            raw += try await Self.time { try await rawParallel(session, urls) }
            ours += try await Self.time { try await poolParallel(pool, endpoints) }
            ours += try await Self.time { try await poolParallel(pool, endpoints) }
            raw += try await Self.time { try await rawParallel(session, urls) }
            rawPar.append(raw / 2)
            poolPar.append(ours / 2)
        }
        let curlSeq = try (0..<repetitions).map { _ in try Self.curl(urls, parallel: nil) }
        let curlPar = try (0..<repetitions).map { _ in try Self.curl(urls, parallel: concurrency) }

        let sequential = "\(requests) sequential"
        let parallel = "\(requests), \(concurrency) in flight"
        Bench.printTable([
            .init(name: sequential, ours: median(poolSeq), peer: median(rawSeq), peerName: "URLSession.data(for:)"),
            .init(name: sequential, ours: median(poolSeq), peer: median(curlSeq), peerName: "curl (one process)"),
            .init(name: parallel, ours: median(poolPar), peer: median(rawPar), peerName: "URLSession.data(for:)"),
            .init(
                name: parallel, ours: median(poolPar), peer: median(curlPar),
                peerName: "curl --parallel-max \(concurrency)"),
        ])
        print("")
        for (name, seconds) in [
            ("pool, sequential", median(poolSeq)), ("URLSession, sequential", median(rawSeq)),
            ("curl, sequential", median(curlSeq)), ("pool, \(concurrency) in flight", median(poolPar)),
            ("URLSession, \(concurrency) in flight", median(rawPar)),
            ("curl, \(concurrency) in flight", median(curlPar)),
        ] {
            print("\(name): \(Int(Double(requests) / seconds)) requests/s")
        }
    }

    // MARK: The work

    private func rawSequential(_ session: URLSession, _ urls: [URL]) async throws {
        for url in urls {
            let (data, _) = try await session.data(for: URLRequest(url: url))
            guard data.count == 100 else { throw BenchError("short body from \(url)") }
        }
    }

    private func poolSequential(_ pool: RequestPool, _ endpoints: [Endpoint]) async throws {
        for endpoint in endpoints {
            let response = try await pool.send(endpoint)
            guard response.body.count == 100 else { throw BenchError("short body from \(endpoint.displayURL)") }
        }
    }

    private func rawParallel(_ session: URLSession, _ urls: [URL]) async throws {
        try await Self.inParallel(urls, width: concurrency) { url in
            let (data, _) = try await session.data(for: URLRequest(url: url))
            guard data.count == 100 else { throw BenchError("short body from \(url)") }
        }
    }

    private func poolParallel(_ pool: RequestPool, _ endpoints: [Endpoint]) async throws {
        try await Self.inParallel(endpoints, width: concurrency) { endpoint in
            let response = try await pool.send(endpoint)
            guard response.body.count == 100 else { throw BenchError("short body from \(endpoint.displayURL)") }
        }
    }

    /// Runs `body` on every item with `width` in flight at a time.
    private static func inParallel<Item: Sendable>(
        _ items: [Item], width: Int, _ body: @escaping @Sendable (Item) async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            for _ in 0..<min(width, items.count) {
                let item = items[next]
                next += 1
                group.addTask { try await body(item) }
            }
            while try await group.next() != nil {
                if next < items.count {
                    let item = items[next]
                    next += 1
                    group.addTask { try await body(item) }
                }
            }
        }
    }

    /// One `curl` process fetching every URL (reusing its connections), `parallel` at a time.
    private static func curl(_ urls: [URL], parallel: Int?) throws -> Double {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bsl-bench-curl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        let lines = urls.map { "url = \"\($0.absoluteString)\"\noutput = \"/dev/null\"\n" }.joined()
        try Data(lines.utf8).write(to: config)
        var arguments = ["curl", "--silent", "--show-error", "--no-progress-meter", "--fail", "--config", config.path]
        if let parallel { arguments += ["--parallel", "--parallel-max", String(parallel)] }
        let clock = ContinuousClock()
        let start = clock.now
        let process = try Subprocess(
            URL(fileURLWithPath: "/usr/bin/env"), arguments, standardOutput: .inherit, standardError: .inherit)
        let status = process.waitUntilExit()
        let elapsed = clock.now - start
        guard status == 0 else {
            throw BenchError("curl failed with status \(status)")
        }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    private static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    private func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted[sorted.count / 2]
    }
}

/// The project's test server, started for a benchmark (network, startup): `python3 Tests/TestServer/test_server.py`.
final class BenchServer {
    let process: Subprocess
    let port: Int

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/TestServer/test_server.py")
        process = try Subprocess(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path], standardInput: .pipe,
            standardError: .inherit)
        // The first line is "PORT <n>".
        var line = Data()
        while true {
            guard let byte = process.standardOutput?.readData(ofLength: 1) else { break }
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            process.send(SIGTERM)
            throw BenchError("the test server did not report its port (got \"\(text)\")")
        }
        self.port = port
    }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Closes the server's input (it exits then), and kills it if it is still there after 2 s.
    func stop() {
        try? process.standardInput?.close()
        if process.wait(timeout: 2) == nil {
            process.send(SIGKILL)
            process.waitUntilExit()
        }
    }
}
