import BasicCore
import Foundation

/// What the server answered: status, headers and body, with the body readable as JSON.
///
/// ```swift
/// let response = try await pool.send(Request(endpoint))
/// let title = try response.json.string(at: "data.list[0].title")
/// let news = try response.decode([NewsItem].self, at: "data.list")
/// ```
public struct Response: Sendable {
    /// The URL that answered.
    public var url: URL
    /// The HTTP status code.
    public var status: Int
    /// The response headers, by name as the server wrote them; look them up with ``header(_:)``.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// A response from its parts.
    public init(url: URL, status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response from what URLSession delivered.
    init(_ response: HTTPURLResponse, body: Data, requestURL: URL) {
        let fields = response.allHeaderFields  // built anew on each read
        var headers = [String: String](minimumCapacity: fields.count)
        for (name, value) in fields {
            guard let name = name as? String else { continue }
            headers[name] = value as? String ?? "\(value)"
        }
        self.init(url: response.url ?? requestURL, status: response.statusCode, headers: headers, body: body)
    }

    /// The value of the header `name`, in any case (`content-type` finds `Content-Type`).
    public func header(_ name: String) -> String? {
        Self.header(name, in: headers)
    }

    /// The value of the header `name` in `headers`, in any case: the lookup of ``header(_:)``,
    /// shared with the cassette, which holds headers outside a response.
    static func header(_ name: String, in headers: [String: String]) -> String? {
        if let value = headers[name] { return value }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as JSON.
    ///
    /// - Throws: ``NetworkError/decodingFailed(url:keyPath:reason:bodyExcerpt:)`` when the body
    ///   is not JSON.
    /// - Complexity: O(*n*) in the body's size; each call parses again.
    public var json: JSONValue {
        get throws(NetworkError) {
            do {
                return try JSONValue(parsing: body)
            } catch {
                throw .decodingFailed(
                    url: url.absoluteString, keyPath: "", reason: "not JSON (\(error))",
                    bodyExcerpt: NetworkError.excerpt(body))
            }
        }
    }

    /// Decodes a model from the JSON value at `path` (the whole body by default).
    ///
    /// ```swift
    /// let user = try response.decode(User.self, at: try JSONKeyPath("data.user"))
    /// ```
    ///
    /// - Throws: ``NetworkError/decodingFailed(url:keyPath:reason:bodyExcerpt:)`` naming the path.
    public func decode<T: Decodable>(_ type: T.Type, at path: JSONKeyPath = .root) throws(NetworkError) -> T {
        let document = try json
        do {
            return try document.decode(type, at: path)
        } catch {
            throw .decodingFailed(
                url: url.absoluteString, keyPath: path.description, reason: "\(error)",
                bodyExcerpt: NetworkError.excerpt(body))
        }
    }

    /// Decodes a model from the JSON value at the key path written as text (`"data.list"`).
    ///
    /// - Throws: ``NetworkError/decodingFailed(url:keyPath:reason:bodyExcerpt:)``, also for a
    ///   malformed path.
    public func decode<T: Decodable>(_ type: T.Type, at path: String) throws(NetworkError) -> T {
        let keyPath: JSONKeyPath
        do {
            keyPath = try JSONKeyPath(path)
        } catch {
            throw .decodingFailed(url: url.absoluteString, keyPath: path, reason: "\(error)", bodyExcerpt: "")
        }
        return try decode(type, at: keyPath)
    }
}
