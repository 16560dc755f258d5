import Foundation

/// What makes two requests the same for ``RequestPool``: method, absolute URL, parameters in a
/// canonical order (so `a=1&b=2` and `b=2&a=1` are the same request) and body.
///
/// ```swift
/// let a = try Endpoint(base: "https://h", parameters: ["a": 1, "b": 2]).identity()
/// let b = try Endpoint(base: "https://h", parameters: ["b": 2, "a": 1]).identity()
/// print(a == b)   // true
/// ```
public struct RequestIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The method.
    public var method: HTTPMethod
    /// The absolute URL without the endpoint's parameters.
    public var url: String
    /// The parameters, escaped and sorted (or JSON with sorted keys for a JSON body).
    public var parameters: String
    /// The body given as it is, empty when there is none.
    public var body: Data

    /// An identity from its parts.
    public init(method: HTTPMethod, url: String, parameters: String, body: Data = Data()) {
        self.method = method
        self.url = url
        self.parameters = parameters
        self.body = body
    }

    /// `GET https://h/path [a=1&b=2]`.
    public var description: String {
        var text = "\(method) \(url)"
        if !parameters.isEmpty { text += " [\(parameters)]" }
        if !body.isEmpty { text += " (body \(body.count) bytes)" }
        return text
    }
}
