import BasicNetworking
import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `bsl-bench network`: GETs on loopback against the project's test server, through
/// `RequestPool` + `URLSessionTransport` and through raw `URLSession` (`data(for:)`, and a data
/// task with a completion handler) in the same run,
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
        // The pool's transport on its own, sent the requests the pool would build.
        let transport = URLSessionTransport(configuration: configuration)
        let endpoints = urls.map { Endpoint(url: $0) }
        let built = try endpoints.map { try $0.urlRequest() }

        // Warm up connections and code paths.
        try await rawSequential(session, urls.prefix(200))
        try await poolSequential(pool, endpoints.prefix(200))
        try await handlerSequential(session, urls.prefix(200))
        try await transportSequential(transport, built.prefix(200))

        print(
            "\(requests) GETs of 100 bytes on loopback, median of \(repetitions) runs; in each run the four Swift "
                + "sides take turns, \(Self.sequentialBlock) requests (\(Self.parallelBlock) with \(concurrency) in flight) "
                + "at a time; server: Tests/TestServer/test_server.py\n"
        )
        var sequential = Sides()
        var parallel = Sides()
        for _ in 0..<repetitions {
            // The sides take turns in small blocks, so that the drift in the machine's load (it is
            // shared, and two cores serve the server too) weighs on all alike.
            try await sequential.measure(count: requests, block: Self.sequentialBlock) { side, range in
                switch side {
                case .raw: try await rawSequential(session, urls[range])
                case .handler: try await handlerSequential(session, urls[range])
                case .transport: try await transportSequential(transport, built[range])
                case .pool: try await poolSequential(pool, endpoints[range])
                }
            }
            try await parallel.measure(count: requests, block: Self.parallelBlock) { side, range in
                switch side {
                case .raw: try await rawParallel(session, Array(urls[range]))
                case .handler: try await handlerParallel(session, Array(urls[range]))
                case .transport: try await transportParallel(transport, Array(built[range]))
                case .pool: try await poolParallel(pool, Array(endpoints[range]))
                }
            }
        }
        let curlSeq = try (0..<repetitions).map { _ in try Self.curl(urls, parallel: nil) }
        let curlPar = try (0..<repetitions).map { _ in try Self.curl(urls, parallel: concurrency) }

        let inSequence = "\(requests) sequential"
        let inFlight = "\(requests), \(concurrency) in flight"
        let handlerName = "URLSession.dataTask(with:completionHandler:)"
        Bench.printTable([
            .init(
                name: inSequence, ours: median(sequential.pool), peer: median(sequential.raw),
                peerName: "URLSession.data(for:)"),
            .init(
                name: inSequence, ours: median(sequential.pool), peer: median(sequential.handler), peerName: handlerName
            ),
            .init(
                name: inSequence, ours: median(sequential.pool), peer: median(sequential.transport),
                peerName: "URLSessionTransport alone"),
            .init(
                name: inSequence, ours: median(sequential.pool), peer: median(curlSeq), peerName: "curl (one process)"),
            .init(
                name: inFlight, ours: median(parallel.pool), peer: median(parallel.raw),
                peerName: "URLSession.data(for:)"),
            .init(name: inFlight, ours: median(parallel.pool), peer: median(parallel.handler), peerName: handlerName),
            .init(
                name: inFlight, ours: median(parallel.pool), peer: median(parallel.transport),
                peerName: "URLSessionTransport alone"),
            .init(
                name: inFlight, ours: median(parallel.pool), peer: median(curlPar),
                peerName: "curl --parallel-max \(concurrency)"),
        ])
        print("")
        print("the pool's time over each peer's, median of the blocks' ratios (each block's sides run in turn):")
        for (name, sides) in [(inSequence, sequential), (inFlight, parallel)] {
            let ratios = [
                (Side.raw, "URLSession.data(for:)"), (.handler, "completion handler"), (.transport, "transport"),
            ]
            .map { side, peer in String(format: "%.3f× %@", sides.pairedRatio(to: side), peer) }
            print("  \(name) (\(sides.blocks[.pool]?.count ?? 0) blocks): \(ratios.joined(separator: ", "))")
        }
        print("")
        for (name, seconds) in [
            ("pool, sequential", median(sequential.pool)),
            ("URLSession.data(for:), sequential", median(sequential.raw)),
            ("URLSession completion handler, sequential", median(sequential.handler)),
            ("URLSessionTransport alone, sequential", median(sequential.transport)),
            ("curl, sequential", median(curlSeq)), ("pool, \(concurrency) in flight", median(parallel.pool)),
            ("URLSession.data(for:), \(concurrency) in flight", median(parallel.raw)),
            ("URLSession completion handler, \(concurrency) in flight", median(parallel.handler)),
            ("URLSessionTransport alone, \(concurrency) in flight", median(parallel.transport)),
            ("curl, \(concurrency) in flight", median(curlPar)),
        ] {
            print("\(name): \(Int(Double(requests) / seconds)) requests/s")
        }
    }

    /// Requests each side sends at a time, in turn with the others.
    static let sequentialBlock = 50
    static let parallelBlock = 200

    /// The four Swift sides.
    enum Side: CaseIterable {
        case raw, handler, transport, pool
    }

    /// The times of the four Swift sides, one of each per repetition, and of each block.
    private struct Sides {
        var raw: [Double] = []
        var handler: [Double] = []
        var transport: [Double] = []
        var pool: [Double] = []
        /// Each block's time, by side, in the order the blocks ran.
        var blocks: [Side: [Double]] = [:]

        /// The median, over every block, of the pool's time over `peer`'s in the same block: the
        /// sides of one block run within milliseconds of each other, so a pause of the machine or
        /// of the server that lands in one block moves one ratio of hundreds, where it moves the
        /// totals by as much as it lasted.
        func pairedRatio(to peer: Side) -> Double {
            let ours = blocks[.pool] ?? []
            let theirs = blocks[peer] ?? []
            let ratios = zip(ours, theirs).map { $0 / $1 }.sorted()
            return ratios.isEmpty ? .nan : ratios[ratios.count / 2]
        }

        /// Sends `count` requests on each side, `block` at a time, the sides taking turns (their
        /// order turning each block), and records each side's total.
        mutating func measure(
            count: Int, block: Int, _ run: (Side, Range<Int>) async throws -> Void
        ) async throws {
            var times: [Side: Double] = [:]
            var order = Side.allCases
            for start in stride(from: 0, to: count, by: block) {
                let range = start..<min(count, start + block)
                for side in order {
                    let time = try await NetworkSuite.time { try await run(side, range) }
                    times[side, default: 0] += time
                    blocks[side, default: []].append(time)
                }
                order.append(order.removeFirst())
            }
            raw.append(times[.raw] ?? 0)
            handler.append(times[.handler] ?? 0)
            transport.append(times[.transport] ?? 0)
            pool.append(times[.pool] ?? 0)
        }
    }

    // MARK: The work

    private func rawSequential(_ session: URLSession, _ urls: ArraySlice<URL>) async throws {
        for url in urls {
            let (data, _) = try await session.data(for: URLRequest(url: url))
            guard data.count == 100 else { throw BenchError("short body from \(url)") }
        }
    }

    /// URLSession's other way, which ``URLSessionTransport`` takes on Linux (to avoid
    /// swift-corelibs-foundation #5412): a data task whose completion handler runs on the
    /// session's delegate queue, resuming the caller from there.
    private static func handlerGet(_ session: URLSession, _ url: URL) async throws {
        let count = await withCheckedContinuation { continuation in
            session.dataTask(with: URLRequest(url: url)) { data, _, _ in
                continuation.resume(returning: data?.count ?? -1)
            }.resume()
        }
        guard count == 100 else { throw BenchError("short body from \(url)") }
    }

    private func handlerSequential(_ session: URLSession, _ urls: ArraySlice<URL>) async throws {
        for url in urls {
            try await Self.handlerGet(session, url)
        }
    }

    private func handlerParallel(_ session: URLSession, _ urls: [URL]) async throws {
        try await Self.inParallel(urls, width: concurrency) { url in try await Self.handlerGet(session, url) }
    }

    private func transportSequential(_ transport: URLSessionTransport, _ requests: ArraySlice<URLRequest>) async throws
    {
        for request in requests {
            let response = try await transport.send(request)
            guard response.body.count == 100 else { throw BenchError("short body from \(response.url)") }
        }
    }

    private func transportParallel(_ transport: URLSessionTransport, _ requests: [URLRequest]) async throws {
        try await Self.inParallel(requests, width: concurrency) { request in
            let response = try await transport.send(request)
            guard response.body.count == 100 else { throw BenchError("short body from \(response.url)") }
        }
    }

    private func poolSequential(_ pool: RequestPool, _ endpoints: ArraySlice<Endpoint>) async throws {
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

    fileprivate static func time(_ body: () async throws -> Void) async rethrows -> Double {
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
