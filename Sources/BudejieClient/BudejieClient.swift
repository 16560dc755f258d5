import BasicCore
import BasicFormat
import BasicNetworking
import Foundation

/// The Budejie API the "Me" page reads: the square grid (`api_open.php?a=square&c=topic`).
///
/// ```swift
/// let client = BudejieClient(transport: try ReplayTransport(cassette: URL(fileURLWithPath: "Samples/budejie")))
/// for square in try await client.squares() {
///     print(square.name, square.link.kindName, square.url)
/// }
/// ```
///
/// Decoding is lenient where the API is loose: ids as numbers or strings, a missing or empty
/// icon, unknown fields; entries without a name or a link are dropped and counted, not fatal.
/// A response that is not the expected shape is a ``BasicNetworking/NetworkError/decodingFailed(url:keyPath:reason:bodyExcerpt:)``
/// naming the key path.
public struct BudejieClient: Sendable {
    /// The API's usual base.
    public static let defaultBaseURL =
        URL(string: "http://api.budejie.com/api") ?? URL(fileURLWithPath: "/")  // a literal URL: it always parses

    /// The base every path is joined to.
    public let baseURL: URL
    /// The pool requests go through.
    public let pool: RequestPool

    /// A client for the API at `baseURL`, sending through `transport`.
    public init(baseURL: URL = defaultBaseURL, transport: any Transport = URLSessionTransport()) {
        self.baseURL = baseURL
        pool = RequestPool(transport: transport)
    }

    /// The square grid's cells.
    ///
    /// - Throws: ``BasicNetworking/NetworkError``.
    public func squares() async throws(NetworkError) -> [Square] {
        try await squarePage().squares
    }

    /// The square list with its tags and the count of dropped entries.
    ///
    /// - Throws: ``BasicNetworking/NetworkError``: the transport's errors, and
    ///   ``BasicNetworking/NetworkError/decodingFailed(url:keyPath:reason:bodyExcerpt:)`` when the
    ///   body is not the expected shape.
    public func squarePage() async throws(NetworkError) -> SquarePage {
        let endpoint = Endpoint(base: baseURL, path: "api_open.php", parameters: ["a": "square", "c": "topic"])
        let response = try await pool.send(endpoint, policy: .coalesce)
        return try Self.decodeSquarePage(try response.json, url: response.url.absoluteString, body: response.body)
    }

    /// Decodes a square-list document.
    ///
    /// - Throws: ``BasicNetworking/NetworkError/decodingFailed(url:keyPath:reason:bodyExcerpt:)``.
    public static func decodeSquarePage(_ document: JSONValue, url: String, body: Data = Data()) throws(NetworkError)
        -> SquarePage
    {
        func failure(_ keyPath: String, _ reason: String) -> NetworkError {
            .decodingFailed(url: url, keyPath: keyPath, reason: reason, bodyExcerpt: NetworkError.excerpt(body))
        }
        guard case .object = document else {
            throw failure("", "expected an object with square_list, found \(document.kindName)")
        }
        guard let list = document["square_list"] else {
            throw failure("square_list", "the response has no square_list")
        }
        guard case .array(let entries) = list else {
            throw failure("square_list", "expected an array, found \(list.kindName)")
        }
        var squares: [Square] = []
        var dropped = 0
        for entry in entries {
            guard let square = decodeSquare(entry) else {
                dropped += 1
                continue
            }
            squares.append(square)
        }
        var tags: [SquareTag] = []
        if let tagList = document["tag_list"], !tagList.isNull {
            guard case .array(let tagEntries) = tagList else {
                throw failure("tag_list", "expected an array, found \(tagList.kindName)")
            }
            tags = tagEntries.compactMap { entry in
                guard let id = entry["theme_id"]?.asInt, let name = entry["theme_name"]?.asString, !name.isEmpty
                else { return nil }
                return SquareTag(id: id, name: name)
            }
        }
        return SquarePage(
            squares: squares, tags: tags, droppedCount: dropped, reportedCount: document["info"]?["count"]?.asInt)
    }

    /// One entry, or nil when it has no name or no link.
    /// Links arrive HTML-escaped (`&amp;`), as an attribute would hold them.
    static func decodeSquare(_ entry: JSONValue) -> Square? {
        guard let name = entry["name"]?.asString?.trimmingCharacters(in: .whitespaces), !name.isEmpty,
            let link = entry["url"]?.asString.map({ HTMLText.decodingReferences($0, in: .attribute) }), !link.isEmpty
        else { return nil }
        let icon = entry["icon"]?.asString.flatMap { $0.isEmpty ? nil : URL(string: $0) }
        return Square(id: entry["id"]?.asInt, name: name, icon: icon, url: link)
    }
}
