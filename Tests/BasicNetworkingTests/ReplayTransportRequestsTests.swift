import BasicNetworking
import Foundation
import TestSupport
import Testing

@Suite struct ReplayTransportRequestsTests {
    @Test("recordedRequests lists each exchange's method and URL as recorded (redacted), in recorded order")
    func recordedRequests() throws {
        let folder = TestPaths.packageRoot.appendingPathComponent("Samples/http/news")
        let transport = try ReplayTransport(cassette: folder)
        let requests = transport.recordedRequests
        #expect(requests.count == transport.exchangeCount)
        #expect(requests.first?.method == "GET")
        #expect(requests.first?.url == "https://news.example.com/api/v1/news/recent?page=1&size=3")
        #expect(requests.dropFirst().first?.method == "POST")
        #expect(requests.dropFirst().first?.url == "https://news.example.com/api/v1/login")
        #expect(requests.contains { $0.url == "https://news.example.com/api/v1/ticket?token=<redacted>" })
    }
}
