/// An HTTP request method: `GET`, `POST` and the others, or any token a server accepts.
///
/// ```swift
/// let method: HTTPMethod = .post
/// print(method.isIdempotent)   // false
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method as sent on the wire, upper case: `"GET"`.
    public let rawValue: String

    /// A method by name; the name is upper-cased (`"get"` becomes `"GET"`).
    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    /// `GET`: read a resource.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: read a resource's headers only.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`: submit data.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: change part of a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`: ask what a resource allows.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// Whether sending the request twice has the same effect as sending it once (RFC 9110
    /// 9.2.2): `GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS` and `TRACE`. Only these are retried.
    public var isIdempotent: Bool {
        ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"].contains(rawValue)
    }

    /// The method's name.
    public var description: String { rawValue }
}
