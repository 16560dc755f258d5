import Foundation

/// A transport that talks to the network and writes every exchange to a cassette folder, for
/// ``ReplayTransport`` to answer from later (offline demos, tests of clients).
///
/// ```swift
/// let api = URL(string: "https://api.example.com")!
/// let recorder = try RecordingTransport(cassette: URL(fileURLWithPath: "Samples/http/news"))
/// let pool = RequestPool(transport: recorder)
/// _ = try await pool.send(Request(Endpoint(base: api, path: "news")))
/// ```
///
/// The folder holds `index.json` (the exchanges in the order they were made: method, URL,
/// headers, status, and the names of the body files) and one file per body, named after the
/// exchange and the URL (`001-news.json`). Recording into a folder that has a cassette adds to
/// it; the first time a recorder records a request (same method, URL and body), it replaces what
/// earlier recordings held for it. Requests go through URLSession's own machinery (a
/// `URLProtocol` in the session's `protocolClasses`).
///
/// Secrets are written as `<redacted>`: the `Authorization`, `Cookie`, `Proxy-Authorization` and
/// `Set-Cookie` headers (``defaultRedactedHeaders``), and parameters such as `password` and
/// `token` (``defaultRedactedParameters``) in the URL's query, in a form body and at any depth of
/// a JSON body (`?token=<redacted>`, `password=<redacted>`). ``ReplayTransport`` redacts a live
/// request the same way before matching it. Response bodies are written as they are.
public final class RecordingTransport: Transport {
    /// Headers whose values are never written to a cassette.
    public static let defaultRedactedHeaders: Set<String> = [
        "authorization", "cookie", "proxy-authorization", "set-cookie",
    ]

    /// Parameters whose values are never written to a cassette, in any case, wherever the
    /// request carries them: its query, a form body, a JSON body (nested keys too).
    public static let defaultRedactedParameters: Set<String> = [
        "password", "passwd", "token", "access_token", "refresh_token", "secret", "api_key", "apikey", "sign",
    ]

    /// The cassette folder.
    public let folder: URL
    private let cassette: Cassette
    private let session: URLSession
    /// What ends exchanges that outlive the configuration's timeout.
    private let deadlines: DeadlineKeeper
    private let network: URLSession

    /// A recorder writing to `folder`, created when missing, with the values of
    /// `redactedHeaders` and `redactedParameters` (names in any case) written as `<redacted>`.
    ///
    /// - Throws: ``NetworkError/cassette(path:reason:)`` when the folder cannot be created or holds
    ///   an index that cannot be read.
    public init(
        cassette folder: URL, configuration: URLSessionTransport.Configuration = .init(),
        redactedHeaders: Set<String> = RecordingTransport.defaultRedactedHeaders,
        redactedParameters: Set<String> = RecordingTransport.defaultRedactedParameters
    ) throws(NetworkError) {
        self.folder = folder
        cassette = try Cassette.openForRecording(
            folder, redaction: CassetteRedaction(headers: redactedHeaders, parameters: redactedParameters))
        session = CassetteExchanges.session(configuration)
        deadlines = DeadlineKeeper(timeout: configuration.timeout)
        // An ordinary delegate queue, not ``Platform/ownSession(_:)``'s: the cassette protocol's
        // completion handler writes the cassette and calls its client, which must not happen on
        // URLSession's work queue.
        network = URLSession(configuration: configuration.sessionConfiguration())
    }

    deinit {
        session.finishTasksAndInvalidate()
        network.finishTasksAndInvalidate()
    }

    /// How many exchanges the cassette holds.
    public var exchangeCount: Int { cassette.count }

    /// Sends `request` to the network and records the exchange.
    ///
    /// - Throws: the network's ``NetworkError``s, and ``NetworkError/cassette(path:reason:)`` when
    ///   the exchange cannot be written.
    public func send(_ request: URLRequest) async throws(NetworkError) -> Response {
        try await CassetteExchanges.send(
            request, recordingInto: cassette, network: network, through: session, deadlines: deadlines)
    }
}
