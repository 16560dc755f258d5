import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The feeds test server (`Tests/TestServer/feed_server.py`) on 127.0.0.1: feeds with ETag,
/// Last-Modified and 304, redirects, Retry-After, Cache-Control, gzip, slow and failing feeds,
/// and counts of what it was asked.
///
/// ```swift
/// let server = try await FeedTestServer.shared()
/// try await server.set(.init(path: "/t/feed.xml", body: rss, etag: "\"v1\""))
/// let hits = try await server.hits("/t/feed.xml")   // hits, conditional, notModified
/// ```
///
/// Like ``TestHTTPServer`` it picks a free port and prints it, and exits when its standard input
/// closes, so it never outlives the process that started it.
public final class FeedTestServer: Sendable {
    /// What a path answers; nil fields are left out (a 200 with an empty body by default).
    public struct Resource: Encodable, Sendable {
        /// The path it answers at, from `/`.
        public var path: String
        /// The status (200).
        public var status: Int?
        /// The body as text.
        public var body: String?
        /// The body as bytes, base64-encoded (from `bodyData`).
        public var bodyBase64: String?
        /// The `Content-Type` (`application/xml`).
        public var contentType: String?
        /// The `ETag`; an `If-None-Match` naming it gets 304.
        public var etag: String?
        /// The `Last-Modified`; an `If-Modified-Since` not older gets 304 (without `If-None-Match`).
        public var lastModified: String?
        /// A `Cache-Control` header.
        public var cacheControl: String?
        /// A `Retry-After` header.
        public var retryAfter: String?
        /// A `Location` header, for redirects.
        public var location: String?
        /// Whether the body is gzip-encoded for requests that accept it.
        public var gzip: Bool?
        /// A wait before answering.
        public var delayMilliseconds: Int?
        /// Other headers.
        public var headers: [String: String]?
        /// Whether the connection is closed without an answer.
        public var drop: Bool?
        /// How many requests first get `failStatus`.
        public var failTimes: Int?
        /// The status of those failures (500).
        public var failStatus: Int?
        /// A name each request waits on (at most 60 s) until ``FeedTestServer/release(_:)``.
        public var hold: String?

        /// A resource; give the fields the test needs.
        public init(
            path: String, status: Int? = nil, body: String? = nil, bodyData: Data? = nil, contentType: String? = nil,
            etag: String? = nil, lastModified: String? = nil, cacheControl: String? = nil, retryAfter: String? = nil,
            location: String? = nil, gzip: Bool? = nil, delayMilliseconds: Int? = nil,
            headers: [String: String]? = nil, drop: Bool? = nil, failTimes: Int? = nil, failStatus: Int? = nil,
            hold: String? = nil
        ) {
            self.path = path
            self.status = status
            self.body = body
            self.bodyBase64 = bodyData?.base64EncodedString()
            self.contentType = contentType
            self.etag = etag
            self.lastModified = lastModified
            self.cacheControl = cacheControl
            self.retryAfter = retryAfter
            self.location = location
            self.gzip = gzip
            self.delayMilliseconds = delayMilliseconds
            self.headers = headers
            self.drop = drop
            self.failTimes = failTimes
            self.failStatus = failStatus
            self.hold = hold
        }

        enum CodingKeys: String, CodingKey {
            case path, status, body, etag, location, gzip, headers, drop, hold
            case bodyBase64 = "body_base64"
            case contentType = "content_type"
            case lastModified = "last_modified"
            case cacheControl = "cache_control"
            case retryAfter = "retry_after"
            case delayMilliseconds = "delay_ms"
            case failTimes = "fail_times"
            case failStatus = "fail_status"
        }
    }

    /// What one path was asked.
    public struct Hits: Decodable, Sendable, Equatable {
        /// Requests in all.
        public var hits: Int
        /// Requests with `If-None-Match` or `If-Modified-Since`.
        public var conditional: Int
        /// Requests answered 304.
        public var notModified: Int

        /// Counts from their parts, to compare with.
        public init(hits: Int, conditional: Int, notModified: Int) {
            self.hits = hits
            self.conditional = conditional
            self.notModified = notModified
        }

        enum CodingKeys: String, CodingKey {
            case hits, conditional
            case notModified = "not_modified"
        }
    }

    /// One request a path was asked, as the server saw it.
    public struct RecordedRequest: Decodable, Sendable, Equatable {
        /// `GET`, `POST`, …
        public var method: String
        /// The `Authorization` header; nil without one.
        public var authorization: String?
        /// The body as text.
        public var body: String
    }

    /// What the server did since its totals were last reset.
    public struct Stats: Decodable, Sendable {
        /// Requests to resources.
        public var requests: Int
        /// Bytes sent: status lines, headers and bodies.
        public var bytes: Int
        /// Requests answered 304.
        public var notModified: Int
        /// The most requests that were being answered at once.
        public var maxInFlight: Int

        enum CodingKeys: String, CodingKey {
            case requests, bytes
            case notModified = "not_modified"
            case maxInFlight = "max_in_flight"
        }
    }

    /// The port the server listens on.
    public let port: Int
    private let process: Subprocess

    /// The server shared by every test of this process, started on first use.
    public static func shared() async throws -> FeedTestServer {
        try await sharedServer.value
    }

    private static let sharedServer = Task { try await FeedTestServer.start() }

    /// Starts a server of its own.
    ///
    /// - Throws: ``TestSupportError`` when python3 cannot be started or the server does not
    ///   report its port within 60 seconds.
    public static func start() async throws -> FeedTestServer {
        let script = TestPaths.testsFolder.appendingPathComponent("TestServer/feed_server.py").path
        let process: Subprocess
        do {
            process = try Subprocess(
                URL(fileURLWithPath: "/usr/bin/env"), ["python3", script], standardInput: .pipe,
                standardOutput: .pipe, standardError: .inherit)
        } catch {
            throw TestSupportError("cannot start the feed server with python3: \(error)")
        }
        let port: Int?
        do {
            port =
                try await process.standardOutput.asyncMap {
                    try await TestHTTPServer.readPort(from: $0, server: "feed server")
                } ?? nil
        } catch {
            process.send(SIGKILL)
            throw error
        }
        guard let port else {
            process.send(SIGKILL)
            throw TestSupportError(
                "the feed server did not report its port; run Tests/TestServer/feed_server.py by hand")
        }
        return FeedTestServer(port: port, process: process)
    }

    private init(port: Int, process: Subprocess) {
        self.port = port
        self.process = process
    }

    /// The URL of `path` (which starts with `/`) on this server.
    public func url(_ path: String) -> URL {
        // A path that is not valid in a URL is a mistake in the test; the server answers it 404.
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/invalid-test-path")
    }

    /// Sets what `resource.path` answers and restarts its counts.
    public func set(_ resource: Resource) async throws {
        _ = try await post("/_resource", JSONEncoder().encode(resource))
    }

    /// What `path` was asked since it was last set.
    public func hits(_ path: String) async throws -> Hits {
        try JSONDecoder().decode(Hits.self, from: try await get(Self.query("/_hits", path: path)))
    }

    /// Each request `path` was asked since it was last set, in the order they came.
    public func requests(_ path: String) async throws -> [RecordedRequest] {
        try JSONDecoder().decode([RecordedRequest].self, from: try await get(Self.query("/_requests", path: path)))
    }

    /// `endpoint?path=PATH`, the path percent-encoded as a query value.
    private static func query(_ endpoint: String, path: String) -> String {
        var components = URLComponents()
        components.queryItems = [URLQueryItem(name: "path", value: path)]
        return endpoint + "?" + (components.percentEncodedQuery ?? "")
    }

    /// Lets every request holding on `name` (``Resource/hold``) answer, now and later.
    public func release(_ name: String) async throws {
        _ = try await post("/_release/\(name)", Data("{}".utf8))
    }

    /// The totals since the last ``resetStats()``.
    public func stats() async throws -> Stats {
        try JSONDecoder().decode(Stats.self, from: try await get("/_stats"))
    }

    /// Sets the totals to 0.
    public func resetStats() async throws {
        _ = try await post("/_stats/reset", Data("{}".utf8))
    }

    /// Makes `count` RSS feeds of `entries` entries at `/bench/<i>.xml`, each with its own ETag.
    public func makeBenchFeeds(count: Int, entries: Int, gzip: Bool = true) async throws {
        let options = #"{"feeds": \#(count), "entries": \#(entries), "gzip": \#(gzip)}"#
        _ = try await post("/_bench", Data(options.utf8))
    }

    /// Gives every `every`-th bench feed one new entry (and a new ETag); returns how many changed.
    public func changeBenchFeeds(every: Int) async throws {
        _ = try await post("/_bench/change", Data(#"{"every": \#(every)}"#.utf8))
    }

    /// Stops the server: closes its input, asks it to end, and kills it after two seconds.
    public func stop() {
        try? process.standardInput?.close()
        process.send(SIGTERM)
        if process.wait(timeout: 2) == nil {
            process.send(SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The body of `GET path` (percent-encoded, with its query), which must answer 200.
    private func get(_ path: String) async throws -> Data {
        let answer = try await LoopbackHTTP.send("GET", port: port, path: path)
        guard answer.status == 200 else { throw TestSupportError("the feed server did not answer \(path)") }
        return answer.body
    }

    private func post(_ path: String, _ body: Data) async throws -> Data {
        let answer = try await LoopbackHTTP.send("POST", port: port, path: path, body: body)
        guard answer.status == 200 else {
            throw TestSupportError("the feed server refused \(path): \(String(decoding: answer.body, as: UTF8.self))")
        }
        return answer.body
    }
}

extension Optional {
    /// The async transform of the wrapped value, or nil.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
