import Foundation

/// What makes two requests the same for ``RequestPool``: method, absolute URL, parameters in a
/// canonical order (so `a=1&b=2` and `b=2&a=1` are the same request), body and headers (names
/// in any case), so that requests for different users (`Authorization`, `Cookie`) or languages
/// (`Accept-Language`) never share a response or cancel each other.
///
/// ```swift
/// let host = URL(string: "https://h.test")!
/// let a = try Endpoint(base: host, parameters: ["a": 1, "b": 2]).identity()
/// let b = try Endpoint(base: host, parameters: ["b": 2, "a": 1]).identity()
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
    /// The endpoint's headers, by lower-cased name.
    public var headers: [String: String]

    /// An identity from its parts; header names are lower-cased (when two names differ only in
    /// case, the value of the last in sorted order is kept, as `URLRequest` keeps it).
    public init(
        method: HTTPMethod, url: String, parameters: String, body: Data = Data(), headers: [String: String] = [:]
    ) {
        self.method = method
        self.url = url
        self.parameters = parameters
        self.body = body
        var lowered: [String: String] = [:]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            lowered[name.lowercased()] = value
        }
        self.headers = lowered
    }

    /// `GET https://h/path [a=1&b=2] {accept-language, authorization}`: header names only, as
    /// their values may be secrets.
    public var description: String {
        var text = "\(method) \(url)"
        if !parameters.isEmpty { text += " [\(parameters)]" }
        if !body.isEmpty { text += " (body \(body.count) bytes)" }
        if !headers.isEmpty { text += " {\(headers.keys.sorted().joined(separator: ", "))}" }
        return text
    }
}
