import BasicCore
import Foundation
import Synchronization

/// A cassette folder: `index.json` listing the exchanges in the order they were recorded, and
/// one file per body (`001-echo.json`, `001-echo.request.txt`), so that a person can read and
/// edit it. Shared by ``RecordingTransport`` and ``ReplayTransport``.
final class Cassette: Sendable {
    /// One request and the response it got.
    struct Exchange: Sendable {
        var id: Int
        var method: String
        var url: String
        var requestHeaders: [String: String]
        var requestBody: Data
        var status: Int
        var responseHeaders: [String: String]
        var responseBody: Data
    }

    /// What a replayed request is matched on, after redaction.
    struct Key: Hashable, Sendable {
        var method: String
        var url: String
        var body: Data
    }

    static let indexName = "index.json"
    static let format = "BasicNetworking cassette"

    /// The folder.
    let folder: URL
    /// What is redacted when an exchange is recorded, and before requests are matched.
    let redaction: CassetteRedaction
    private let state: Mutex<State>

    private struct State {
        var exchanges: [Exchange]
        /// Exchanges already replayed, by id.
        var replayed: Set<Int> = []
        /// Requests recorded by this session: their earlier recordings were replaced.
        var recordedNow: Set<Key> = []
    }

    private init(folder: URL, exchanges: [Exchange], redaction: CassetteRedaction) {
        self.folder = folder
        self.redaction = redaction
        state = Mutex(State(exchanges: exchanges))
    }

    /// The cassette in `folder`, which must hold an index.
    static func open(_ folder: URL, redaction: CassetteRedaction) throws(NetworkError) -> Cassette {
        let index = folder.appendingPathComponent(indexName)
        guard FileManager.default.fileExists(atPath: index.path) else {
            throw .cassette(path: folder.path, reason: "it has no \(indexName); record one first (--record DIR)")
        }
        return Cassette(folder: folder, exchanges: try readIndex(index, folder: folder), redaction: redaction)
    }

    /// The cassette in `folder` for recording: created when missing, appended to when present.
    static func openForRecording(_ folder: URL, redaction: CassetteRedaction) throws(NetworkError) -> Cassette {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cassette(path: folder.path, reason: "the folder cannot be created: \(error.localizedDescription)")
        }
        let index = folder.appendingPathComponent(indexName)
        let exchanges = FileManager.default.fileExists(atPath: index.path) ? try readIndex(index, folder: folder) : []
        return Cassette(folder: folder, exchanges: exchanges, redaction: redaction)
    }

    /// How many exchanges the cassette holds.
    var count: Int { state.withLock { $0.exchanges.count } }

    /// The method and URL of each exchange, in recorded order.
    var requests: [(method: String, url: String)] { state.withLock { $0.exchanges.map { ($0.method, $0.url) } } }

    /// What a request is matched on: method, URL and body, redacted (so a live request matches
    /// its recording, and a cassette recorded before a name was redacted still matches).
    func key(method: String, url: String, headers: [String: String], body: Data) -> Key {
        Key(method: method, url: redaction.url(url), body: redaction.body(body, headers: headers))
    }

    private func key(_ exchange: Exchange) -> Key {
        key(method: exchange.method, url: exchange.url, headers: exchange.requestHeaders, body: exchange.requestBody)
    }

    /// The exchange that answers a request: the first matching one not yet replayed, else the
    /// last matching one (so a request made again gets the latest answer).
    ///
    /// - Complexity: O(*n*) in the size of the cassette's requests.
    func match(method: String, url: String, headers: [String: String], body: Data) -> Exchange? {
        let key = key(method: method, url: url, headers: headers, body: body)
        return state.withLock { state in
            let matching = state.exchanges.filter { self.key($0) == key }
            guard let exchange = matching.first(where: { !state.replayed.contains($0.id) }) ?? matching.last else {
                return nil
            }
            state.replayed.insert(exchange.id)
            return exchange
        }
    }

    /// Redacts an exchange, adds it and writes its bodies and the index. The first time a session
    /// records a request, what earlier sessions recorded for it is replaced.
    func record(
        method: String, url: String, requestHeaders: [String: String], requestBody: Data, status: Int,
        responseHeaders: [String: String], responseBody: Data
    ) throws(NetworkError) {
        let result: Result<Void, NetworkError> = state.withLock { state in
            var exchange = Exchange(
                id: 0, method: method, url: redaction.url(url),
                requestHeaders: redaction.headers(requestHeaders),
                requestBody: redaction.body(requestBody, headers: requestHeaders), status: status,
                responseHeaders: redaction.headers(responseHeaders), responseBody: responseBody)
            let key = key(exchange)
            var removed: [Exchange] = []
            if !state.recordedNow.contains(key) {
                removed = state.exchanges.filter { self.key($0) == key }
                state.exchanges.removeAll { self.key($0) == key }
                state.recordedNow.insert(key)
            }
            exchange.id = (state.exchanges.map(\.id).max() ?? 0) + 1
            state.exchanges.append(exchange)
            do {
                for old in removed {
                    for name in Self.allBodyFileNames(old) {
                        try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
                    }
                }
                let names = Self.bodyFileNames(exchange)
                if let name = names.request {
                    try exchange.requestBody.write(to: folder.appendingPathComponent(name), options: .atomic)
                }
                try exchange.responseBody.write(to: folder.appendingPathComponent(names.response), options: .atomic)
                try Self.renderIndex(state.exchanges).write(
                    to: folder.appendingPathComponent(Self.indexName), options: .atomic)
                return .success(())
            } catch {
                return .failure(
                    .cassette(path: folder.path, reason: "cannot write it: \(error.localizedDescription)"))
            }
        }
        try result.get()
    }

    // MARK: The files

    /// `003-status-500.json` and, when there is a request body, `003-login.request.txt`.
    static func bodyFileNames(_ exchange: Exchange) -> (request: String?, response: String) {
        let stem = String(format: "%03d", exchange.id) + "-" + slug(exchange.url)
        let request =
            exchange.requestBody.isEmpty
            ? nil : "\(stem).request.\(fileExtension(exchange.requestHeaders, body: exchange.requestBody))"
        return (request, "\(stem).\(fileExtension(exchange.responseHeaders, body: exchange.responseBody))")
    }

    private static func allBodyFileNames(_ exchange: Exchange) -> [String] {
        let names = bodyFileNames(exchange)
        return [names.request, names.response].compactMap { $0 }
    }

    /// The URL's path as a short file-name part: `/api/v1/news/recent` → `news-recent`.
    static func slug(_ url: String) -> String {
        // Without the query, which may hold a `<redacted>` that URLComponents would refuse.
        let path = URLComponents(string: String(url.prefix { $0 != "?" && $0 != "#" }))?.path ?? ""
        let words = path.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let slug = words.suffix(3).joined(separator: "-")
        return slug.isEmpty ? "root" : String(slug.prefix(40))
    }

    /// A file extension for a body, from its content type: json, html, xml, txt or bin.
    static func fileExtension(_ headers: [String: String], body: Data) -> String {
        let type = Response.header("Content-Type", in: headers)?.lowercased() ?? ""
        if type.contains("json") { return "json" }
        if type.contains("html") { return "html" }
        if type.contains("xml") { return "xml" }
        if type.hasPrefix("text/") || type.contains("x-www-form-urlencoded") { return "txt" }
        return (try? JSONValue(parsing: body)) != nil ? "json" : "bin"
    }

    static func renderIndex(_ exchanges: [Exchange]) -> Data {
        func headers(_ headers: [String: String]) -> JSONValue {
            .object(
                JSONObject(
                    headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { ($0.key, .string($0.value)) }))
        }
        let list: [JSONValue] = exchanges.map { exchange in
            let names = bodyFileNames(exchange)
            var request: JSONObject = [
                "method": .string(exchange.method), "url": .string(exchange.url),
                "headers": headers(exchange.requestHeaders),
            ]
            if let name = names.request { request["body"] = .string(name) }
            let response: JSONObject = [
                "status": .integer(Int64(exchange.status)), "headers": headers(exchange.responseHeaders),
                "body": .string(names.response),
            ]
            return ["id": .integer(Int64(exchange.id)), "request": .object(request), "response": .object(response)]
        }
        let index: JSONValue = ["format": .string(format), "version": 1, "exchanges": .array(list)]
        return Data((index.jsonString(.pretty) + "\n").utf8)
    }

    private static func readIndex(_ index: URL, folder: URL) throws(NetworkError) -> [Exchange] {
        func fail(_ reason: String) -> NetworkError { .cassette(path: folder.path, reason: reason) }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: try Data(contentsOf: index))
        } catch {
            throw fail("\(indexName) is not readable JSON: \(error)")
        }
        guard document["format"]?.asString == format, let list = document["exchanges"]?.arrayValue else {
            throw fail("\(indexName) is not a \(format) (it needs \"format\" and \"exchanges\")")
        }
        func body(_ name: JSONValue?) throws(NetworkError) -> Data {
            guard let name = name?.asString else { return Data() }
            guard !name.contains("/") else { throw fail("the body file \"\(name)\" must be in the cassette folder") }
            do {
                return try Data(contentsOf: folder.appendingPathComponent(name))
            } catch {
                throw fail("the body file \(name) cannot be read")
            }
        }
        func headers(_ value: JSONValue?) -> [String: String] {
            var result: [String: String] = [:]
            for (name, value) in value?.objectValue ?? [:] { result[name] = value.asString ?? "" }
            return result
        }
        var exchanges: [Exchange] = []
        for (position, entry) in list.enumerated() {
            guard let request = entry["request"], let response = entry["response"],
                let method = request["method"]?.asString, let url = request["url"]?.asString,
                let status = response["status"]?.asInt
            else {
                throw fail(
                    "exchange \(position + 1) in \(indexName) needs request.method, request.url and response.status")
            }
            exchanges.append(
                Exchange(
                    id: entry["id"]?.asInt ?? position + 1, method: method.uppercased(), url: url,
                    requestHeaders: headers(request["headers"]), requestBody: try body(request["body"]),
                    status: status, responseHeaders: headers(response["headers"]),
                    responseBody: try body(response["body"])))
        }
        return exchanges
    }
}
