import Foundation
import Synchronization

/// The contexts of the requests ``RecordingTransport`` has in flight, by token.
enum CassetteExchanges {
    /// What the protocol needs to record one request.
    final class Context: Sendable {
        /// The cassette the exchange is written to.
        let cassette: Cassette
        /// The session the request goes to the network through.
        let network: URLSession
        /// The recorder's timeout, which limits the network's requests.
        let timeout: Duration
        /// The request as the transport got it, with its body.
        let request: URLRequest
        private let failure = Mutex<NetworkError?>(nil)

        init(cassette: Cassette, network: URLSession, timeout: Duration, request: URLRequest) {
            self.cassette = cassette
            self.network = network
            self.timeout = timeout
            self.request = request
        }

        /// Keeps the error the transport should throw for this request.
        func fail(with error: NetworkError) {
            failure.withLock { $0 = error }
        }

        /// The error kept by ``fail(with:)``, if any.
        var error: NetworkError? { failure.withLock { $0 } }
    }

    private static let contexts = Mutex<[String: Context]>([:])

    static func context(for token: String) -> Context? {
        contexts.withLock { $0[token] }
    }

    /// Registers `context` for ``CassetteURLProtocol`` and returns its token.
    static func register(_ context: Context) -> String {
        let token = UUID().uuidString
        contexts.withLock { $0[token] = context }
        return token
    }

    /// Forgets the context of `token`.
    static func unregister(_ token: String) {
        contexts.withLock { _ = $0.removeValue(forKey: token) }
    }

    /// Sends `request` through `session` with its context registered, ending it when
    /// `deadlines` says its time is up, and maps the outcome.
    static func send(
        _ request: URLRequest, recordingInto cassette: Cassette, network: URLSession, through session: URLSession,
        deadlines: DeadlineKeeper
    ) async throws(NetworkError) -> Response {
        let context = Context(cassette: cassette, network: network, timeout: deadlines.timeout, request: request)
        let token = register(context)
        defer { unregister(token) }
        var tagged = request
        tagged.setValue(token, forHTTPHeaderField: CassetteURLProtocol.tokenHeader)
        do {
            var response = try await URLSessionTransport.send(tagged, through: session, deadlines: deadlines)
            response.url = request.url ?? response.url
            return response
        } catch {
            if let kept = context.error, !error.isCancellation { throw kept }
            throw error
        }
    }

    /// A session whose requests go to ``CassetteURLProtocol``.
    static func session(_ configuration: URLSessionTransport.Configuration) -> URLSession {
        let sessionConfiguration = configuration.sessionConfiguration()
        sessionConfiguration.protocolClasses = [CassetteURLProtocol.self]
        return URLSession(configuration: sessionConfiguration)
    }
}
