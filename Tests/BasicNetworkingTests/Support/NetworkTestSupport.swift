import BasicCore
import BasicNetworking
import Foundation
import TestSupport
import Testing

/// Helpers the networking suites share.
enum Net {
    /// The shared test server's base URL, for ``Endpoint/init(base:path:method:parameters:headers:encoding:timeout:)``.
    static func base() async throws -> URL {
        try await TestHTTPServer.shared().baseURL
    }

    /// A name no other test uses, for the server's counters.
    static func unique(_ prefix: String = "n") -> String {
        "\(prefix)-\(UUID().uuidString.prefix(8))"
    }

    /// The server's counter `name`, read without bumping it.
    static func counter(_ name: String, on server: TestHTTPServer? = nil) async throws -> Int {
        let shared = try await TestHTTPServer.shared()
        let server = server ?? shared
        return try #require(try await server.counter(name))
    }

    /// Runs `body`, which must throw a ``NetworkError``, and returns that error.
    static func error<T>(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
    ) async -> NetworkError? {
        do {
            _ = try await body()
            Issue.record("expected a NetworkError", sourceLocation: sourceLocation)
            return nil
        } catch let error as NetworkError {
            return error
        } catch {
            Issue.record("expected a NetworkError, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Waits until `count` callers of `pool` wait for a response, then releases the server's
    /// answers held on `name` (`?hold=name`); released anyway after 45 s, with an issue.
    static func release(_ name: String, when pool: RequestPool, has count: Int) async throws {
        let reached = try await eventually { await pool.waitingCount >= count }
        if !reached { Issue.record("the pool never had \(count) callers waiting") }
        try await TestHTTPServer.shared().release(name)
    }

    /// Waits (at most 45 s, then an issue) until `pool` has `count` requests in flight.
    static func waitForInFlight(_ pool: RequestPool, count: Int) async throws {
        let reached = try await eventually { await pool.inFlightCount == count }
        if !reached { Issue.record("the pool never had \(count) requests in flight") }
    }
}

extension NetworkError {
    /// The case's name, for comparing errors in tests.
    var caseName: String {
        switch self {
        case .invalidRequest: "invalidRequest"
        case .transport: "transport"
        case .timedOut: "timedOut"
        case .cancelled: "cancelled"
        case .httpStatus: "httpStatus"
        case .server: "server"
        case .decodingFailed: "decodingFailed"
        case .notRecorded: "notRecorded"
        case .cassette: "cassette"
        case .chainStepFailed: "chainStepFailed"
        }
    }
}
