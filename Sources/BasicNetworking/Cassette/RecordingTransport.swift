import Foundation

/// A transport that talks to the network and writes every exchange to a cassette folder, for
/// ``ReplayTransport`` to answer from later (offline demos, tests of clients).
///
/// ```swift
/// let recorder = try RecordingTransport(cassette: URL(fileURLWithPath: "Samples/http/news"))
/// let pool = RequestPool(transport: recorder)
/// _ = try await pool.send(Request(Endpoint(base: "https://api.example.com", path: "news")))
/// ```
///
/// The folder holds `index.json` (the exchanges in the order they were made: method, URL,
/// headers, status, and the names of the body files) and one file per body, named after the
/// exchange and the URL (`001-news.json`). Recording into a folder that has a cassette adds to
/// it; the first time a recorder records a request (same method, URL and body), it replaces what
/// earlier recordings held for it. `Authorization`, `Cookie`, `Proxy-Authorization` and
/// `Set-Cookie` headers are written as `<redacted>`. Requests go through URLSession's own
/// machinery (a `URLProtocol` in the session's `protocolClasses`).
public final class RecordingTransport: Transport {
    /// Headers whose values are never written to a cassette.
    public static let defaultRedactedHeaders: Set<String> = [
        "authorization", "cookie", "proxy-authorization", "set-cookie",
    ]

    /// The cassette folder.
    public let folder: URL
    private let cassette: Cassette
    private let session: URLSession
    private let network: URLSession
    private let redacted: Set<String>

    /// A recorder writing to `folder`, created when missing.
    ///
    /// - Throws: ``NetworkError/cassette(path:reason:)`` when the folder cannot be created or holds
    ///   an index that cannot be read.
    public init(
        cassette folder: URL, configuration: URLSessionTransport.Configuration = .init(),
        redactedHeaders: Set<String> = RecordingTransport.defaultRedactedHeaders
    ) throws(NetworkError) {
        self.folder = folder
        cassette = try Cassette.openForRecording(folder)
        session = CassetteExchanges.session(configuration)
        network = URLSession(configuration: configuration.sessionConfiguration())
        redacted = Set(redactedHeaders.map { $0.lowercased() })
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
            request, mode: .record(cassette, network, redacted: redacted), through: session)
    }
}
