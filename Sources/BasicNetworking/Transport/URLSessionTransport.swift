import Foundation

/// The transport that talks to the network, through `URLSession` (FoundationNetworking on Linux).
///
/// ```swift
/// let transport = URLSessionTransport(configuration: .init(maximumConnectionsPerHost: 16))
/// let response = try await transport.send(URLRequest(url: url))
/// ```
///
/// Its session is ephemeral and has no URL cache, so every request reaches the server.
public final class URLSessionTransport: Transport {
    /// How the session is set up.
    public struct Configuration: Sendable {
        /// Connections kept open to one host at a time (URLSession's default is 6).
        public var maximumConnectionsPerHost: Int
        /// The timeout of requests that set none.
        public var timeout: Duration
        /// Headers sent with every request.
        public var additionalHeaders: [String: String]

        /// A configuration.
        public init(
            maximumConnectionsPerHost: Int = 16, timeout: Duration = .seconds(60),
            additionalHeaders: [String: String] = [:]
        ) {
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
            self.timeout = timeout
            self.additionalHeaders = additionalHeaders
        }

        /// The `URLSessionConfiguration` these settings describe: ephemeral, without a URL cache.
        public func sessionConfiguration() -> URLSessionConfiguration {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
            configuration.timeoutIntervalForRequest = timeout.seconds
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            if !additionalHeaders.isEmpty { configuration.httpAdditionalHeaders = additionalHeaders }
            return configuration
        }
    }

    /// The session requests go through.
    public let session: URLSession
    /// Whether the transport made the session (and so ends it when it goes away).
    private let ownsSession: Bool

    /// A transport with a session of its own.
    public init(configuration: Configuration = .init()) {
        session = URLSession(configuration: configuration.sessionConfiguration())
        ownsSession = true
    }

    /// A transport over a session you made; the session stays yours to invalidate.
    public init(session: URLSession) {
        self.session = session
        ownsSession = false
    }

    deinit {
        if ownsSession { session.finishTasksAndInvalidate() }
    }

    /// Sends `request` through the session.
    ///
    /// - Throws: ``NetworkError``: cancelled, timed out, or a transport failure.
    public func send(_ request: URLRequest) async throws(NetworkError) -> Response {
        try await Self.send(request, through: session)
    }

    /// Sends `request` through `session`, mapping URLSession's errors to ``NetworkError``.
    static func send(_ request: URLRequest, through session: URLSession) async throws(NetworkError) -> Response {
        let url = request.url ?? URL(fileURLWithPath: "/")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw NetworkError(error, request: request)
        }
        guard let http = response as? HTTPURLResponse else {
            throw .transport(
                url: url.absoluteString, reason: "the answer is not an HTTP response",
                underlying: URLError(.badServerResponse))
        }
        return Response(http, body: data, requestURL: url)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}

extension NetworkError {
    /// The ``NetworkError`` for an error URLSession (or a task) threw for `request`.
    init(_ error: any Error, request: URLRequest) {
        let url = request.url?.absoluteString ?? "(no URL)"
        if let error = error as? NetworkError {
            self = error
            return
        }
        if error is CancellationError {
            self = .cancelled(url: url)
            return
        }
        guard let urlError = error as? URLError else {
            self = .transport(url: url, reason: "\(error)", underlying: error)
            return
        }
        switch urlError.code {
        case .cancelled:
            self = .cancelled(url: url)
        case .timedOut:
            self = .timedOut(url: url, seconds: request.timeoutInterval)
        default:
            self = .transport(url: url, reason: Self.reason(for: urlError.code), underlying: urlError)
        }
    }

    /// URLError's codes in words, with what to do.
    private static func reason(for code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost:
            return "could not connect (connection refused); check that the server is running and the port is right"
        case .networkConnectionLost:
            return "the connection was lost before the whole response arrived; try again"
        case .cannotFindHost, .dnsLookupFailed:
            return "the host name could not be resolved; check the URL"
        case .notConnectedToInternet:
            return "there is no network connection"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return "the TLS connection could not be made securely (URLError \(code.rawValue))"
        case .badServerResponse:
            return "the server's answer could not be read as HTTP"
        case .badURL, .unsupportedURL:
            return "the URL is not supported; use http or https"
        case .httpTooManyRedirects:
            return "too many redirects"
        default:
            return "URLError \(code.rawValue)"
        }
    }
}
