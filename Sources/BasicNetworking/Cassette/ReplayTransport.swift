import Foundation

/// A transport that answers from a cassette folder written by ``RecordingTransport``, without
/// the network.
///
/// ```swift
/// let api = URL(string: "https://api.example.com")!
/// let pool = RequestPool(transport: try ReplayTransport(cassette: URL(fileURLWithPath: "Samples/http/news")))
/// let response = try await pool.send(Request(Endpoint(base: api, path: "news")))
/// ```
///
/// A request matches an exchange with the same method, URL (query included) and body, once the
/// parameters the recorder redacted (``RecordingTransport/defaultRedactedParameters``) are
/// redacted in both: `?token=tok-alice` matches a recorded `?token=<redacted>`. When a request
/// was recorded several times, or requests differing only in redacted values were, replays
/// answer in the recorded order and then repeat the last answer. A request with no match fails
/// with ``NetworkError/notRecorded(method:url:cassette:)``.
///
/// The answer is made from the cassette at once, without URLSession: the recorded status,
/// headers and body, as the recording got them (a redirect is answered, not followed). A process
/// that only replays never starts URLSession, libcurl or OpenSSL, which `bsl`'s list commands on
/// a cassette measure in memory (BENCHMARKS.md, startup).
public final class ReplayTransport: Transport {
    /// The cassette folder.
    public let folder: URL
    private let cassette: Cassette
    /// The configuration's timeout: zero or less ends every request at once, as it does for
    /// ``URLSessionTransport``.
    private let timeout: Duration

    /// A transport answering from the cassette in `folder`; `redactedParameters` are the
    /// parameters the cassette was recorded with redacted. Of `configuration`, only the timeout
    /// applies (an answer from the cassette takes no time, and the additional headers are not
    /// matched on, as they were not recorded).
    ///
    /// - Throws: ``NetworkError/cassette(path:reason:)`` when the folder has no readable cassette.
    public init(
        cassette folder: URL, configuration: URLSessionTransport.Configuration = .init(),
        redactedParameters: Set<String> = RecordingTransport.defaultRedactedParameters
    ) throws(NetworkError) {
        self.folder = folder
        cassette = try Cassette.open(
            folder,
            redaction: CassetteRedaction(
                headers: RecordingTransport.defaultRedactedHeaders, parameters: redactedParameters))
        timeout = configuration.timeout
    }

    /// How many exchanges the cassette holds.
    public var exchangeCount: Int { cassette.count }

    /// The requests the cassette answers, in the order they were recorded: each method and URL
    /// as recorded (redacted). For telling someone whose request it lacks what it has instead:
    ///
    /// ```swift
    /// } catch .notRecorded(_, let url, _) {
    ///     let near = transport.recordedRequests.filter { $0.url.hasPrefix("https://api.example.com/news") }
    /// }
    /// ```
    public var recordedRequests: [(method: String, url: String)] { cassette.requests }

    /// Answers `request` from the cassette.
    ///
    /// - Throws: ``NetworkError/notRecorded(method:url:cassette:)`` for a request the cassette
    ///   does not hold; ``NetworkError/cancelled(url:)`` when the calling task is cancelled;
    ///   ``NetworkError/timedOut(url:seconds:)`` when the configuration's timeout is zero or less.
    public func send(_ request: URLRequest) async throws(NetworkError) -> Response {
        let method = request.httpMethod ?? "GET"
        let url = request.url?.absoluteString ?? ""
        if Task.isCancelled { throw .cancelled(url: url) }
        if timeout <= .zero { throw .timedOut(url: url, seconds: timeout.seconds) }
        guard
            let requestURL = request.url,
            let exchange = cassette.match(
                method: method, url: url, headers: request.allHTTPHeaderFields ?? [:],
                body: request.httpBody ?? Data()),
            let response = HTTPURLResponse(
                url: requestURL, statusCode: exchange.status, httpVersion: "HTTP/1.1",
                headerFields: exchange.responseHeaders)
        else {
            throw .notRecorded(method: method, url: url, cassette: cassette.folder.path)
        }
        return Response(response, body: exchange.responseBody, requestURL: requestURL)
    }
}
