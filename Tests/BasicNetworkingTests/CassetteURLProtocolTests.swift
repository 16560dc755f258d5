import Foundation
import Synchronization
import TestSupport
import Testing

@testable import BasicNetworking

@Suite struct CassetteURLProtocolTests {
    /// URLSession may stop a load (the request was cancelled) before the load that
    /// `startLoading` dispatched has run: that load must then neither record nor answer.
    @Test("a load stopped before it runs records nothing and never calls the client")
    func stoppedBeforeLoad() async throws {
        // Given a recording context for a request to the test server
        let folder = try TemporaryDirectory()
        let server = try await TestHTTPServer.shared()
        let name = Net.unique("stopped")
        var request = URLRequest(url: server.url("/count/\(name)"))
        let cassette = try Cassette.openForRecording(
            folder.url,
            redaction: CassetteRedaction(
                headers: RecordingTransport.defaultRedactedHeaders,
                parameters: RecordingTransport.defaultRedactedParameters))
        let network = URLSession(configuration: .ephemeral)
        defer { network.finishTasksAndInvalidate() }
        let context = CassetteExchanges.Context(
            cassette: cassette, network: network, timeout: .seconds(60), request: request)
        let token = CassetteExchanges.register(context)
        defer { CassetteExchanges.unregister(token) }
        request.setValue(token, forHTTPHeaderField: CassetteURLProtocol.tokenHeader)
        let client = RecordingClient()

        // When URLSession starts the load and stops it at once
        let loader = CassetteURLProtocol(request: request, cachedResponse: nil, client: client)
        loader.startLoading()
        loader.stopLoading()

        // Then, given time to run (a loopback request takes milliseconds), nothing was recorded
        // or answered. (Whether the request reached the server depends on whether the
        // dispatched load ran before the stop, on another core: not asserted.)
        try await Task.sleep(for: .milliseconds(500))
        #expect(client.calls.isEmpty)
        #expect(cassette.count == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path("index.json").path))
    }
}

/// A URLProtocol client that writes down which of its methods were called.
private final class RecordingClient: NSObject, URLProtocolClient, @unchecked Sendable {
    // `log` is a Mutex; the class has no other state.
    private let log = Mutex<[String]>([])

    var calls: [String] { log.withLock { $0 } }

    private func note(_ call: String) { log.withLock { $0.append(call) } }

    func urlProtocol(_ protocol: URLProtocol, wasRedirectedTo request: URLRequest, redirectResponse: URLResponse) {
        note("redirect")
    }
    func urlProtocol(_ protocol: URLProtocol, cachedResponseIsValid cachedResponse: CachedURLResponse) {
        note("cached")
    }
    func urlProtocol(
        _ protocol: URLProtocol, didReceive response: URLResponse, cacheStoragePolicy policy: URLCache.StoragePolicy
    ) {
        note("response")
    }
    func urlProtocol(_ protocol: URLProtocol, didLoad data: Data) { note("data") }
    func urlProtocolDidFinishLoading(_ protocol: URLProtocol) { note("finish") }
    func urlProtocol(_ protocol: URLProtocol, didFailWithError error: any Error) { note("fail") }
    func urlProtocol(_ protocol: URLProtocol, didReceive challenge: URLAuthenticationChallenge) { note("challenge") }
    func urlProtocol(_ protocol: URLProtocol, didCancel challenge: URLAuthenticationChallenge) { note("cancel") }
}
