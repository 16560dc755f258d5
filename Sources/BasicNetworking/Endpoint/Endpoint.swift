import BasicCore
import Foundation

/// Where a request goes and what it carries: a base URL and a path, a method, headers, and
/// parameters encoded as a query, a form or a JSON body.
///
/// ```swift
/// let api = URL(string: "https://api.example.com/v1/")!   // parsed once, where it is configured
/// var endpoint = Endpoint(base: api, path: "/news/recent")
/// endpoint.parameters = ["page": 1, "tags": ["swift", "linux"]]
/// let request = try endpoint.urlRequest()
/// // GET https://api.example.com/v1/news/recent?page=1&tags=swift&tags=linux
/// ```
///
/// The path is joined to the base with exactly one slash, keeping the base's own path
/// (`/v1`), and is plain text: characters a path cannot hold are escaped, and a `.` or `..`
/// segment, which would leave the base path (`news/\(id)` with `id` = `../admin`), is refused.
/// Parameters go where ``encoding`` says, or by default to the query for `GET`, `HEAD`, `DELETE`
/// and `OPTIONS` and to a form body for the other methods; when ``body`` is set they always go to the query.
public struct Endpoint: Hashable, Sendable {
    /// The base URL, such as `https://api.example.com/v1`: an `http` or `https` URL with a host,
    /// checked when a request is built. Parsed once, where the caller made it; a request only
    /// joins the path to the parts kept here.
    public var base: URL {
        didSet { parts = BaseParts(base) }
    }
    /// The path under the base, as plain text: `news/recent/20`. Empty for the base itself.
    public var path: String
    /// The request method.
    public var method: HTTPMethod
    /// Headers to send, by name.
    public var headers: [String: String]
    /// The parameters, in order.
    public var parameters: JSONObject
    /// Where the parameters go; `nil` for the method's default (``ParameterEncoding/default(for:)``).
    public var encoding: ParameterEncoding?
    /// A body given as it is; the parameters then go to the query.
    public var body: HTTPBody?
    /// How long each attempt of the request may take before it fails with
    /// ``NetworkError/timedOut(url:seconds:)``; `nil` leaves only the transport's own limit
    /// (``URLSessionTransport/Configuration/timeout``, 60 s by default), which also applies when
    /// it is shorter. ``RequestPool`` enforces it exactly; the `URLRequest` gets it rounded up to
    /// whole seconds, as URLSession on Linux counts no finer.
    public var timeout: Duration?
    /// The base taken apart once: what every request joins its path to.
    private var parts: BaseParts

    /// An endpoint under a base URL.
    ///
    /// ```swift
    /// let endpoint = Endpoint(base: api, path: "news/recent", parameters: ["page": 1])
    /// ```
    public init(
        base: URL, path: String = "", method: HTTPMethod = .get, parameters: JSONObject = [:],
        headers: [String: String] = [:], encoding: ParameterEncoding? = nil, timeout: Duration? = nil
    ) {
        self.base = base
        self.parts = BaseParts(base)
        self.path = path
        self.method = method
        self.headers = headers
        self.parameters = parameters
        self.encoding = encoding
        self.timeout = timeout
    }

    /// An endpoint at a URL.
    public init(
        url: URL, method: HTTPMethod = .get, parameters: JSONObject = [:], headers: [String: String] = [:]
    ) {
        self.init(base: url, method: method, parameters: parameters, headers: headers)
    }

    /// The encoding the parameters get: ``encoding``, or the method's default.
    public var effectiveEncoding: ParameterEncoding {
        if body != nil {
            return ParameterEncoding(destination: .query, arrayStyle: encoding?.arrayStyle ?? .repeatedKey)
        }
        return encoding ?? .default(for: method)
    }

    /// The base and the path, for messages; never fails.
    public var displayURL: String {
        let base = parts.text
        if path.isEmpty { return base }
        let trimmed = path.drop { $0 == "/" }
        return base.hasSuffix("/") ? base + trimmed : base + "/" + trimmed
    }

    /// The URL the request goes to, with the query parameters.
    ///
    /// - Throws: ``NetworkError/invalidRequest(url:reason:)`` when the base is not an absolute
    ///   `http` or `https` URL, or the path has a `.` or `..` segment.
    public func url() throws(NetworkError) -> URL {
        try resolve().url
    }

    /// The `URLRequest` for this endpoint: URL, method, headers, body and timeout.
    ///
    /// - Throws: ``NetworkError/invalidRequest(url:reason:)`` when the base is not an absolute
    ///   `http` or `https` URL, or the path has a `.` or `..` segment.
    public func urlRequest() throws(NetworkError) -> URLRequest {
        urlRequest(for: try resolve().url)
    }

    /// The request and its identity, from one pass over the URL (what ``RequestPool`` sends).
    func urlRequestAndIdentity() throws(NetworkError) -> (URLRequest, RequestIdentity) {
        let (url, plain) = try resolve()
        return (urlRequest(for: url), identity(plainURL: plain))
    }

    private func urlRequest(for url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        // GET is a new request's method already; setting it again costs ~4 k instructions.
        if method != .get { request.httpMethod = method.rawValue }
        if let timeout {
            // URLSession on Linux counts its timeout in whole seconds (0.2 s would fire at once):
            // round up here, and let RequestPool enforce the exact timeout.
            request.timeoutInterval = max(1, timeout.seconds.rounded(.up))
        }
        let encoding = effectiveEncoding
        if let body {
            request.httpBody = body.data
            request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
        } else if !parameters.isEmpty {
            switch encoding.destination {
            case .query:
                break
            case .formBody:
                let form = ParameterEncoder.encode(ParameterEncoder.pairs(parameters, arrayStyle: encoding.arrayStyle))
                request.httpBody = Data(form.utf8)
                request.setValue("application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
            case .jsonBody:
                request.httpBody = JSONValue.object(parameters).jsonData()
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }

    /// What makes two requests the same for ``RequestPool``: the method, the absolute URL
    /// without the parameters, the parameters in a canonical order, the body and the headers.
    ///
    /// - Throws: ``NetworkError/invalidRequest(url:reason:)`` for a bad base URL.
    public func identity() throws(NetworkError) -> RequestIdentity {
        identity(plainURL: try resolve().plain)
    }

    private func identity(plainURL: String) -> RequestIdentity {
        let encoding = effectiveEncoding
        let canonical: String
        switch encoding.destination {
        case .query, .formBody:
            canonical = ParameterEncoder.canonical(ParameterEncoder.pairs(parameters, arrayStyle: encoding.arrayStyle))
        case .jsonBody:
            canonical = parameters.isEmpty ? "" : JSONValue.object(parameters).jsonString(.init(sortsKeys: true))
        }
        return RequestIdentity(
            method: method, url: plainURL, parameters: canonical, body: body?.data ?? Data(), headers: headers)
    }

    /// The URL, checked, with the path joined and the query parameters added; and the same
    /// without the parameters, as text.
    private func resolve() throws(NetworkError) -> (url: URL, plain: String) {
        guard var components = parts.components else {
            throw .invalidRequest(url: displayURL, reason: parts.problem)
        }
        let plainPath = path.drop { $0 == "/" }
        let addsQuery = !parameters.isEmpty && effectiveEncoding.destination == .query
        // The base itself (`Endpoint(url:)`, as feeds and images are fetched): the URL as the caller
        // made it, which is what the components would make again, parsing it a second time.
        if plainPath.isEmpty, !addsQuery { return (parts.url, parts.text) }
        let segments = plainPath.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == "." || $0 == ".." }) {
            throw .invalidRequest(
                url: displayURL,
                reason: "the path \"\(path)\" has a \".\" or \"..\" segment, which would leave the base path; fix "
                    + "the path, or send such a value as a parameter (the path is plain text: % is sent as %25)")
        }
        let relative = ParameterEncoder.escapePath(String(plainPath))
        if !relative.isEmpty {
            let basePath = components.percentEncodedPath
            components.percentEncodedPath = (basePath.hasSuffix("/") ? basePath : basePath + "/") + relative
        }
        let plain = components.string ?? displayURL
        if addsQuery {
            let query = ParameterEncoder.encode(
                ParameterEncoder.pairs(parameters, arrayStyle: effectiveEncoding.arrayStyle))
            if let existing = components.percentEncodedQuery, !existing.isEmpty {
                components.percentEncodedQuery = existing + "&" + query
            } else {
                components.percentEncodedQuery = query
            }
        }
        guard let url = components.url else {
            throw .invalidRequest(
                url: displayURL, reason: "the path \"\(path)\" does not make a valid URL with the base")
        }
        return (url, plain)
    }
}

/// An endpoint's base taken apart once, when it is set: its components, ready for a path and a
/// query, or why it cannot take them.
private struct BaseParts: Hashable, Sendable {
    /// The base as text, for messages.
    let text: String
    /// The base, absolute: the URL of a request with no path and no query parameters.
    let url: URL
    /// The base's components; nil when it is not an absolute `http` or `https` URL with a host.
    let components: URLComponents?
    /// Why ``components`` is nil, for ``NetworkError/invalidRequest(url:reason:)``.
    let problem: String

    init(_ base: URL) {
        let text = base.absoluteString
        self.text = text
        url = base.absoluteURL
        let components = URLComponents(url: base, resolvingAgainstBaseURL: true)
        guard let components else {
            (self.components, problem) = (nil, "the base URL \"\(text)\" is not a URL; write it as https://host/path")
            return
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            (self.components, problem) = (
                nil, "the base URL \"\(text)\" is not an http or https URL; write it as https://host/path"
            )
            return
        }
        guard let host = components.host, !host.isEmpty else {
            (self.components, problem) = (nil, "the base URL \"\(text)\" has no host; write it as https://host/path")
            return
        }
        (self.components, problem) = (components, "")
    }
}
