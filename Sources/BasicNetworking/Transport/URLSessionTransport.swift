import Foundation

/// The transport that talks to the network, through `URLSession` (FoundationNetworking on Linux).
///
/// ```swift
/// let transport = URLSessionTransport(configuration: .init(maximumConnectionsPerHost: 16, timeout: .seconds(15)))
/// let response = try await transport.send(URLRequest(url: url))
/// ```
///
/// Its session is ephemeral and has no URL cache, so every request reaches the server. Every
/// request ends: with the server's answer, with ``NetworkError/timedOut(url:seconds:)`` once
/// ``Configuration/timeout`` has passed (counted by the transport itself, to the millisecond,
/// from sending the request to the last byte of the answer), or with
/// ``NetworkError/cancelled(url:)`` as soon as the calling task is cancelled.
///
/// On Linux the transport does not use `URLSession.data(for:)`, which can deadlock when the
/// calling task is cancelled just as URLSession ends the request (swift-corelibs-foundation
/// issue #5412, fixed upstream by pull request #5417, after this toolchain): its cancellation
/// handler cancels the `URLSessionTask` while holding the Swift task's status lock, and
/// URLSession's work queue, ending the same task, waits for that lock to resume it. All of the
/// process's sessions share that work queue, so every later request hangs too; `bsl cnblogs
/// read` hung that way when the article failed and the lists fetched beside it were cancelled.
/// Instead each request is a `dataTask` with a completion handler, and cancellation resumes the
/// caller at once and cancels the `URLSessionTask` from a queue of its own, so no thread waits for
/// URLSession while holding a lock that URLSession waits for. The completion handlers of the
/// session the transport makes run on URLSession's own work queue, as `data(for:)`'s do, rather
/// than through an `OperationQueue` that wakes one more thread per request. A request with a body
/// goes through a session made for it alone, on a new connection: sent again after the server
/// dropped a kept-alive connection, its body would not be (FoundationNetworking does not rewind
/// it), and it would wait for its timeout.
public final class URLSessionTransport: Transport {
    /// How the session is set up.
    public struct Configuration: Sendable {
        /// Connections kept open to one host at a time (URLSession's default is 6).
        public var maximumConnectionsPerHost: Int
        /// The longest one request may take, from sending it to the last byte of the answer
        /// (60 s by default). The transport counts it exactly; URLSession, which on Linux counts
        /// its own timeout in whole seconds and only while no data arrives, gets it rounded up.
        /// An ``Endpoint/timeout`` that is shorter still applies (``RequestPool`` enforces it).
        /// Zero or less ends every request at once with ``NetworkError/timedOut(url:seconds:)``.
        public var timeout: Duration
        /// Headers sent with every request, such as `User-Agent` (a request's own headers win).
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
            // Whole seconds, at least one: URLSession on Linux fires a fraction of a second at once.
            configuration.timeoutIntervalForRequest = max(1, min(timeout.seconds, 86_400 * 366).rounded(.up))
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            if !additionalHeaders.isEmpty { configuration.httpAdditionalHeaders = additionalHeaders }
            return configuration
        }
    }

    /// The session requests go through.
    ///
    /// On Linux, the transport's own session runs its completion handlers on URLSession's work
    /// queue, as `data(for:)` does, until this property is first read: from then on they run on
    /// an ordinary serial delegate queue, so that a completion handler of yours may start the
    /// next task of the session, as URLSession allows.
    public var session: URLSession {
        handOut?()
        return requestSession
    }
    /// The session requests go through, for the transport itself (reading it hands nothing out).
    let requestSession: URLSession
    /// What to call when ``session`` is read: nil for a session that was never only ours.
    private let handOut: (@Sendable () -> Void)?
    /// The longest one request may take (``Configuration/timeout``); nil for no limit of the
    /// transport's own.
    public var timeout: Duration? { deadlines?.timeout }
    /// Whether the transport made the session (and so ends it when it goes away).
    private let ownsSession: Bool
    /// What ends requests whose time is up.
    private let deadlines: DeadlineKeeper?

    /// A transport with a session of its own.
    public init(configuration: Configuration = .init()) {
        (requestSession, handOut) = Platform.ownSession(configuration.sessionConfiguration())
        deadlines = DeadlineKeeper(timeout: configuration.timeout)
        ownsSession = true
    }

    /// A transport over a session you made; the session stays yours to invalidate. `timeout`
    /// limits each request as ``Configuration/timeout`` does; nil leaves it to the session.
    public init(session: URLSession, timeout: Duration? = nil) {
        requestSession = session
        handOut = nil
        deadlines = timeout.map(DeadlineKeeper.init(timeout:))
        ownsSession = false
    }

    deinit {
        if ownsSession { requestSession.finishTasksAndInvalidate() }
    }

    /// Sends `request` through the session.
    ///
    /// - Throws: ``NetworkError``: cancelled, timed out, or a transport failure.
    public func send(_ request: URLRequest) async throws(NetworkError) -> Response {
        try await Self.send(request, through: requestSession, isOwnSession: ownsSession, deadlines: deadlines)
    }

    /// Sends `request` through `session`, ending it when `deadlines` says its time is up, and
    /// maps URLSession's errors to ``NetworkError``. Cancelling the calling task ends it at once.
    /// `isOwnSession`: the transport made `session` (see ``SessionExchange/start(_:in:isOwnSession:deadlines:waiter:)``).
    static func send(
        _ request: URLRequest, through session: URLSession, isOwnSession: Bool = false, deadlines: DeadlineKeeper?
    ) async throws(NetworkError) -> Response {
        let url = request.url ?? URL(fileURLWithPath: "/")
        let exchange = SessionExchange(url: url.absoluteString)
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                exchange.start(
                    request, in: session, isOwnSession: isOwnSession, deadlines: deadlines,
                    waiter: .continuation(continuation))
            }
        } onCancel: {
            exchange.end(.cancelled(url: url.absoluteString))
        }
        return try result(of: outcome, for: request, url: url, timeout: deadlines?.timeout).get()
    }

    /// Starts `request` and calls `completion` with its result on the thread that ends it
    /// (URLSession's delegate queue, or the one that ends the returned exchange), without a task
    /// waiting in between: ``RequestPool`` hands the response to its callers this way, which
    /// saves waking a thread for every request. End the exchange to cancel the request.
    func start(
        _ request: URLRequest, completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void
    ) -> SessionExchange {
        let url = request.url ?? URL(fileURLWithPath: "/")
        let exchange = SessionExchange(url: url.absoluteString)
        let timeout = deadlines?.timeout
        exchange.start(
            request, in: requestSession, isOwnSession: ownsSession, deadlines: deadlines,
            waiter: .handler { outcome in
                completion(Self.result(of: outcome, for: request, url: url, timeout: timeout))
            })
        return exchange
    }

    /// The response, or the ``NetworkError``, that an exchange's `outcome` stands for.
    private static func result(
        of outcome: SessionExchange.Outcome, for request: URLRequest, url: URL, timeout: Duration?
    ) -> Result<Response, NetworkError> {
        switch outcome {
        case .ended(let error):
            return .failure(error)
        case .completed(_, _, let error?):
            return .failure(NetworkError(error, request: request, timeout: timeout))
        case .completed(let data, let response, nil):
            guard let http = response as? HTTPURLResponse else {
                return .failure(
                    .transport(
                        url: url.absoluteString, reason: "the answer is not an HTTP response",
                        underlying: URLError(.badServerResponse)))
            }
            return .success(Response(http, body: data ?? Data(), requestURL: url))
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        // Divided, not multiplied by 1e-18 (which is not exact): 0.3 s stays 0.3.
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension NetworkError {
    /// The ``NetworkError`` for an error URLSession (or a task) threw for `request`, sent with
    /// the transport's `timeout`.
    init(_ error: any Error, request: URLRequest, timeout: Duration? = nil) {
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
            // URLSession's own timeout: the request's, or the session's when that is shorter.
            self = .timedOut(url: url, seconds: min(request.timeoutInterval, timeout?.seconds ?? .infinity))
        default:
            let scheme = request.url?.scheme?.lowercased()
            let isHTTP = scheme == "http" || scheme == "https"
            let reason = Self.reason(for: urlError.code, detail: Platform.detail(of: urlError), isHTTP: isHTTP)
            self = .transport(url: url, reason: reason, underlying: urlError)
        }
    }

    /// URLError's codes in words, with what to do; `detail` is FoundationNetworking's message.
    private static func reason(for code: URLError.Code, detail: String?, isHTTP: Bool) -> String {
        let said = detail.map { " (\($0))" } ?? ""
        switch code {
        case .cannotConnectToHost:
            return "could not connect (connection refused); check that the server is running and the port is right"
        case .networkConnectionLost:
            return "the connection was lost before the whole response arrived\(said); try again"
        case .cannotFindHost, .dnsLookupFailed:
            return "the host name could not be resolved; check the URL"
        case .notConnectedToInternet:
            return "there is no network connection"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return "the TLS connection could not be made securely (URLError \(code.rawValue))\(said)"
        case .badServerResponse:
            return "the server's answer could not be read as HTTP\(said); check that the URL is an HTTP server's"
        case .unsupportedURL where isHTTP:
            // libcurl's word for an answer that is not HTTP at all ("Received HTTP/0.9 when not allowed").
            return "the server's answer is not HTTP\(said); check that the URL is an HTTP server's"
        case .badURL, .unsupportedURL:
            return "the URL is not supported; use http or https"
        case .httpTooManyRedirects:
            return "too many redirects"
        default:
            return "the transfer failed\(detail.map { ": \($0)" } ?? "") (URLError \(code.rawValue)); try again"
        }
    }
}
