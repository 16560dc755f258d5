import BasicNetworking
import CnblogsClient
import Foundation
import TestSupport
import Testing

/// The client over real HTTP: the project's test server serves sample bodies at the API's paths.
@Suite struct CnblogsHTTPTests {
    /// A folder laid out as the API's paths (`news/recent/10`), holding the recorded news body.
    static func apiFolder(in directory: TemporaryDirectory) throws -> URL {
        let api = directory.path("api")
        let recent = api.appendingPathComponent("news/recent")
        try FileManager.default.createDirectory(at: recent, withIntermediateDirectories: true)
        let body = try Data(contentsOf: CnblogsSamples.folder.appendingPathComponent("005-news-recent-10.xml"))
        try body.write(to: recent.appendingPathComponent("10"))
        return api
    }

    @Test("live over HTTP, recorded, then replayed with the server stopped: the same models")
    func liveRecordReplay() async throws {
        // Given a server answering news/recent/10 with the sample body
        let directory = try TemporaryDirectory()
        let server = try await TestHTTPServer.start(fixtures: try Self.apiFolder(in: directory))
        let base = server.url("/fixtures")
        let expected = try await CnblogsSamples.client().recentNews()

        // When the client reads it live, then through a recorder, then from the recording
        let live = try await CnblogsClient(baseURL: base).recentNews()
        let cassette = directory.path("cassette")
        let recorded = try await CnblogsClient(baseURL: base, transport: try RecordingTransport(cassette: cassette))
            .recentNews()
        server.stop()
        let replayed = try await CnblogsClient(baseURL: base, transport: try ReplayTransport(cassette: cassette))
            .recentNews()

        // Then all three decode to the models of the bundled recording
        #expect(live == expected)
        #expect(recorded == expected)
        #expect(replayed == expected)
    }

    @Test("a status other than 500 is a network error naming it, not a not-found")
    func otherStatusIsNetwork() async throws {
        let directory = try TemporaryDirectory()
        let server = try await TestHTTPServer.start(fixtures: try Self.apiFolder(in: directory))
        defer { server.stop() }
        let client = CnblogsClient(baseURL: server.url("/fixtures"))
        let error = try await #require(throws: CnblogsError.self) { try await client.posts(of: "someone") }
        guard case .network(.httpStatus(_, let status, _)) = error else {
            Issue.record("expected network(httpStatus), got \(error)")
            return
        }
        #expect(status == 404)
    }
}
