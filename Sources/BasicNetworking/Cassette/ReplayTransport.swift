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
public final class ReplayTransport: Transport {
    /// The cassette folder.
    public let folder: URL
    private let cassette: Cassette
    private let session: URLSession
    /// What ends exchanges that outlive the configuration's timeout.
    private let deadlines: DeadlineKeeper

    /// A transport answering from the cassette in `folder`; `redactedParameters` are the
    /// parameters the cassette was recorded with redacted.
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
        session = CassetteExchanges.session(configuration)
        deadlines = DeadlineKeeper(timeout: configuration.timeout)
    }

    deinit {
        session.finishTasksAndInvalidate()
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
    ///   does not hold; ``NetworkError/cancelled(url:)``.
    public func send(_ request: URLRequest) async throws(NetworkError) -> Response {
        try await CassetteExchanges.send(request, mode: .replay(cassette), through: session, deadlines: deadlines)
    }
}
