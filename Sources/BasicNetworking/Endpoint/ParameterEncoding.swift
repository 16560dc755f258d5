/// Where an endpoint's parameters go, and how arrays are written.
///
/// ```swift
/// let api = URL(string: "https://api.example.com")!
/// var endpoint = Endpoint(base: api, path: "search", method: .post)
/// endpoint.parameters = ["q": "swift 并发", "tags": ["a", "b"]]
/// endpoint.encoding = .query      // ?q=swift%20%E5%B9%B6%E5%8F%91&tags=a&tags=b, whatever the method
/// ```
///
/// Query strings and form bodies escape everything but RFC 3986's unreserved characters
/// (`A–Z a–z 0–9 - . _ ~`), so a space is `%20`, `+` is `%2B` and `&` is `%26`.
public struct ParameterEncoding: Hashable, Sendable {
    /// Where the parameters go.
    public enum Destination: Hashable, Sendable {
        /// The URL's query string.
        case query
        /// An `application/x-www-form-urlencoded` body.
        case formBody
        /// An `application/json` body holding the parameters as one object.
        case jsonBody
    }

    /// How an array parameter is written in a query or form.
    public enum ArrayStyle: Hashable, Sendable {
        /// `tags=a&tags=b`, as most servers (and Python's `parse_qs`) read it.
        case repeatedKey
        /// `tags[]=a&tags[]=b`, as PHP and Rails read it.
        case brackets
    }

    /// Where the parameters go.
    public var destination: Destination
    /// How arrays are written (query and form only).
    public var arrayStyle: ArrayStyle

    /// An encoding with a destination and an array style.
    public init(destination: Destination, arrayStyle: ArrayStyle = .repeatedKey) {
        self.destination = destination
        self.arrayStyle = arrayStyle
    }

    /// Parameters in the query string.
    public static let query = ParameterEncoding(destination: .query)
    /// Parameters in a form body.
    public static let form = ParameterEncoding(destination: .formBody)
    /// Parameters as a JSON object body.
    public static let json = ParameterEncoding(destination: .jsonBody)

    /// The encoding used when an endpoint names none: the query for `GET`, `HEAD`, `DELETE`
    /// and `OPTIONS`, a form body for the other methods.
    public static func `default`(for method: HTTPMethod) -> ParameterEncoding {
        ["GET", "HEAD", "DELETE", "OPTIONS"].contains(method.rawValue) ? .query : .form
    }
}
