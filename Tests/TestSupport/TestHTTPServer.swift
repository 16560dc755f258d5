import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The project's HTTP test server (`Tests/TestServer/test_server.py`), running on 127.0.0.1.
///
/// ```swift
/// let server = try await TestHTTPServer.shared()
/// let url = server.url("/status/404")
/// ```
///
/// The server picks a free port and prints it; it exits when its standard input closes, so it
/// never outlives the test process, and ``stop()`` ends it at once.
public final class TestHTTPServer: Sendable {
    /// The port the server listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    private let process: Subprocess

    /// The server shared by every test of this process, started on first use with the
    /// fixtures folder `Tests/TestServer/Fixtures`.
    public static func shared() async throws -> TestHTTPServer {
        try await sharedServer.value
    }

    private static let sharedServer = Task {
        try await TestHTTPServer.start(fixtures: TestPaths.testsFolder.appendingPathComponent("TestServer/Fixtures"))
    }

    /// Starts a server of its own, serving `fixtures` under `/fixtures/`.
    ///
    /// - Throws: ``TestSupportError`` when python3 cannot be started or the server does not
    ///   report its port within 60 seconds.
    public static func start(fixtures: URL? = nil) async throws -> TestHTTPServer {
        var arguments = [TestPaths.testsFolder.appendingPathComponent("TestServer/test_server.py").path]
        if let fixtures { arguments += ["--fixtures", fixtures.path] }
        let process: Subprocess
        do {
            process = try Subprocess(
                URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments, standardInput: .pipe,
                standardOutput: .pipe, standardError: .inherit)
        } catch {
            throw TestSupportError("cannot start the test server with python3: \(error)")
        }
        var port: Int?
        do {
            if let output = process.standardOutput { port = try await readPort(from: output) }
        } catch {
            process.send(SIGKILL)
            throw error
        }
        guard let port else {
            process.send(SIGKILL)
            throw TestSupportError(
                "the test server did not report its port; run Tests/TestServer/test_server.py by hand")
        }
        return TestHTTPServer(port: port, process: process)
    }

    private init(port: Int, process: Subprocess) {
        self.port = port
        self.process = process
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.port = port
        baseURL = components.url ?? URL(fileURLWithPath: "/")  // a scheme, an IP and a port always make a URL
    }

    /// The URL of `path` (which starts with `/`, and may carry a query) on this server.
    public func url(_ path: String) -> URL {
        // A path that is not valid in a URL is a mistake in the test; the server answers it 404.
        URL(string: baseURL.absoluteString + path) ?? baseURL.appendingPathComponent("invalid-test-path")
    }

    /// Lets every request holding on `name` (sent with `?hold=name`) be answered, now and
    /// later: a test holds an answer until all its callers are waiting, whatever the load.
    public func release(_ name: String) async throws {
        let answer = try await LoopbackHTTP.send("GET", port: port, path: "/release/\(name)")
        guard answer.status == 200 else {
            throw TestSupportError("the test server did not release \(name)")
        }
    }

    /// The counter `name` (bumped by `?count=name`), read without bumping it; nil when the
    /// server's answer has no count.
    public func counter(_ name: String) async throws -> Int? {
        struct Count: Decodable { let count: Int? }
        let answer = try await LoopbackHTTP.send("GET", port: port, path: "/count/\(name)?peek=1")
        return try JSONDecoder().decode(Count.self, from: answer.body).count
    }

    /// Every counter of the server, by name.
    public func counters() async throws -> [String: Int] {
        let answer = try await LoopbackHTTP.send("GET", port: port, path: "/counts")
        return try JSONDecoder().decode([String: Int].self, from: answer.body)
    }

    /// The process id of the server.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the server process is still running.
    public var isRunning: Bool { process.isRunning }

    /// Stops the server: closes its input, asks it to end, and kills it after two seconds.
    public func stop() {
        try? process.standardInput?.close()
        process.send(SIGTERM)
        if process.wait(timeout: 2) == nil {
            process.send(SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Reads the first line ("PORT <n>") a server prints on a thread of its own (outside the
    /// cooperative pool), with a deadline; `server` names it in the error. The feed server's
    /// launcher reads its port the same way.
    static func readPort(from handle: FileHandle, server: String = "test server") async throws -> Int? {
        try await withCheckedThrowingContinuation { continuation in
            let once = Once()
            Thread {
                var line = Data()
                while true {
                    let chunk = handle.readData(ofLength: 1)
                    if chunk.isEmpty || chunk == Data("\n".utf8) { break }
                    line.append(chunk)
                }
                let text = String(decoding: line, as: UTF8.self)
                let port = text.hasPrefix("PORT ") ? Int(text.dropFirst(5)) : nil
                once.run { continuation.resume(returning: port) }
            }.start()
            DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
                once.run {
                    continuation.resume(throwing: TestSupportError("the \(server) did not start within 60 s"))
                }
            }
        }
    }
}

/// A port on 127.0.0.1 that refuses every connection: a socket is bound to it but never
/// listens, so the kernel answers each connection attempt with a reset, and no other process
/// can take the port while this process runs.
///
/// ```swift
/// let url = RefusingPort.shared.url("/blog/post/body/1")   // connection refused
/// ```
public final class RefusingPort: Sendable {
    /// The port shared by every test of this process.
    public static let shared = RefusingPort()

    /// The port number; 9 (discard, closed on this kind of machine) if no socket could be bound.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL

    private init() {
        var bound = 9
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        if descriptor >= 0 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                    bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
                }
            }
            // The descriptor stays open (and the port bound) until the process ends.
            if named { bound = Int(UInt16(bigEndian: address.sin_port)) }
        }
        port = bound
        baseURL = URL(string: "http://127.0.0.1:\(bound)") ?? URL(fileURLWithPath: "/")
    }

    /// The URL of `path` (which starts with `/`) on this port.
    public func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path) ?? baseURL
    }
}

/// Runs a closure at most once, from any thread.
final class Once: @unchecked Sendable {
    // `lock` protects `done`.
    private let lock = NSLock()
    private var done = false

    func run(_ body: () -> Void) {
        lock.lock()
        let first = !done
        done = true
        lock.unlock()
        if first { body() }
    }
}
