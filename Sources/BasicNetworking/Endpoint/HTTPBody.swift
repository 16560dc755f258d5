import BasicCore
import Foundation

/// A request body given as it is, with its content type: a JSON document, or any bytes.
///
/// When an endpoint has a body, its parameters go to the query string.
///
/// ```swift
/// let api = URL(string: "https://api.example.com")!
/// var endpoint = Endpoint(base: api, path: "posts", method: .post)
/// endpoint.body = .json(["title": "Hello", "tags": ["swift"]])
/// ```
public struct HTTPBody: Hashable, Sendable {
    /// The bytes sent.
    public var data: Data
    /// The `Content-Type` header sent with them.
    public var contentType: String

    /// A body of any bytes.
    public init(data: Data, contentType: String) {
        self.data = data
        self.contentType = contentType
    }

    /// A JSON document, rendered compactly, as `application/json`.
    public static func json(_ value: JSONValue) -> HTTPBody {
        HTTPBody(data: value.jsonData(), contentType: "application/json")
    }

    /// Text, as UTF-8 `text/plain`.
    public static func text(_ text: String) -> HTTPBody {
        HTTPBody(data: Data(text.utf8), contentType: "text/plain; charset=utf-8")
    }
}
