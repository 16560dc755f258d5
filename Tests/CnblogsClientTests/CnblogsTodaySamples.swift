import BasicCore
import BasicNetworking
import CnblogsClient
import Foundation
import TestSupport
import Testing

/// The bundled recording of cnblogs as it answers today, `Samples/cnblogs-today`, and the
/// cassettes the error tests write for themselves.
enum CnblogsToday {
    static let folder = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs-today")

    /// The token the recording's API exchanges were made with: fake, and redacted in the cassette.
    static let token = Secret("pat-FAKE-0123456789abcdef")

    /// A client that answers from the recording, with a personal access token when `credential` is given.
    static func client(credential: CnblogsCredential? = nil) throws -> CnblogsClient {
        CnblogsClient(
            credential: credential,
            transport: try ReplayTransport(
                cassette: folder, redactedParameters: CnblogsClient.cassetteRedactedParameters))
    }

    /// A client with the recording's personal access token.
    static func apiClient() throws -> CnblogsClient {
        try client(credential: .personalAccessToken(token))
    }

    /// `2026-03-12 10:35` in China time.
    static func china(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "Asia/Shanghai")
        formatter.dateFormat = text.count > 16 ? "yyyy-MM-dd HH:mm:ss" : "yyyy-MM-dd HH:mm"
        return formatter.date(from: text) ?? .distantPast
    }

    /// An RFC 3339 date.
    static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text) ?? .distantPast
    }

    /// A body file of the recording.
    static func body(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// Runs `body`, which must throw a ``CnblogsError``, and returns it.
    static func error<T>(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
    ) async -> CnblogsError? {
        do {
            _ = try await body()
            Issue.record("expected a CnblogsError", sourceLocation: sourceLocation)
            return nil
        } catch let error as CnblogsError {
            return error
        } catch {
            Issue.record("expected a CnblogsError, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}

/// A cassette written by a test: exchanges given as method, URL, status, headers and body.
struct TestCassette {
    struct Exchange {
        var method = "GET"
        var url: String
        var requestHeaders: [String: String] = [:]
        var requestBody: String?
        var status: Int
        var headers: [String: String] = [:]
        var body: String
    }

    var exchanges: [Exchange]

    /// Writes the cassette into `folder` (made when missing) and returns the folder.
    @discardableResult
    func write(to folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var list: [JSONValue] = []
        for (index, exchange) in exchanges.enumerated() {
            let name = String(format: "%03d-body.txt", index + 1)
            try Data(exchange.body.utf8).write(to: folder.appendingPathComponent(name))
            var request: JSONObject = [
                "method": .string(exchange.method), "url": .string(exchange.url),
                "headers": .object(JSONObject(exchange.requestHeaders.map { ($0.key, .string($0.value)) })),
            ]
            if let requestBody = exchange.requestBody {
                let requestName = String(format: "%03d-body.request.txt", index + 1)
                try Data(requestBody.utf8).write(to: folder.appendingPathComponent(requestName))
                request["body"] = .string(requestName)
            }
            let response: JSONObject = [
                "status": .integer(Int64(exchange.status)),
                "headers": .object(JSONObject(exchange.headers.map { ($0.key, .string($0.value)) })),
                "body": .string(name),
            ]
            list.append(["id": .integer(Int64(index + 1)), "request": .object(request), "response": .object(response)])
        }
        let index: JSONValue = ["format": "BasicNetworking cassette", "version": 1, "exchanges": .array(list)]
        try Data(index.jsonString(.pretty).utf8).write(to: folder.appendingPathComponent("index.json"))
        return folder
    }

    /// A replaying transport over this cassette, written into a folder of `directory`.
    func transport(in directory: TemporaryDirectory) throws -> ReplayTransport {
        let folder = try write(to: directory.path("cassette-\(UUID().uuidString.prefix(8))"))
        return try ReplayTransport(cassette: folder, redactedParameters: CnblogsClient.cassetteRedactedParameters)
    }
}

/// The recording laid out as the test server's `/fixtures` serves it: `{host}/{path}` for each
/// GET exchange (queries dropped; the first exchange of a path wins; a path that would need to be
/// both a file and a folder is left out).
enum CnblogsMirror {
    static func folder(in directory: TemporaryDirectory) throws -> URL {
        let root = directory.path("mirror")
        let index = try JSONValue(
            parsing: try Data(contentsOf: CnblogsToday.folder.appendingPathComponent("index.json")))
        var written: Set<String> = []
        for exchange in index["exchanges"]?.arrayValue ?? [] {
            guard exchange["request"]?["method"]?.asString == "GET",
                let address = exchange["request"]?["url"]?.asString, let url = URL(string: address),
                let host = url.host, let name = exchange["response"]?["body"]?.asString
            else { continue }
            let path = host + url.path
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            guard !written.contains(trimmed), !written.contains(where: { $0.hasPrefix(trimmed + "/") }),
                !written.contains(where: { trimmed.hasPrefix($0 + "/") })
            else { continue }
            let file = root.appendingPathComponent(trimmed)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contentsOf: CnblogsToday.folder.appendingPathComponent(name)).write(to: file)
            written.insert(trimmed)
        }
        return root
    }
}
