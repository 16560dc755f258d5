import BasicCore
import BasicNetworking
import Foundation
import Testing

@Suite struct NetworkErrorTests {
    static let url = "http://h.test/api/news?page=2"

    @Test(
        "every message is one line that names the URL",
        arguments: [
            NetworkError.invalidRequest(url: url, reason: "the base URL \"x\" has no host"),
            .transport(url: url, reason: "could not connect", underlying: URLError(.cannotConnectToHost)),
            .timedOut(url: url, seconds: 0.2),
            .cancelled(url: url),
            .httpStatus(url: url, status: 503, bodyExcerpt: "busy"),
            .server(url: url, code: 401, message: "token expired"),
            .decodingFailed(url: url, keyPath: "data.list", reason: "no value", bodyExcerpt: "{}"),
            .notRecorded(method: "GET", url: url, cassette: "/tmp/cassette"),
            .chainStepFailed(index: 1, error: .cancelled(url: url)),
        ])
    func messages(error: NetworkError) {
        let text = error.description
        #expect(!text.contains("\n"))
        #expect(text.contains(Self.url))
        #expect(error.url == Self.url)
    }

    @Test(
        "messages say what happened",
        arguments: [
            (
                NetworkError.timedOut(url: "u", seconds: 0.2),
                "request to u timed out after 0.2 s; raise the timeout or check that the server is answering"
            ),
            (
                .timedOut(url: "u", seconds: 10),
                "request to u timed out after 10 s; raise the timeout or check that the server is answering"
            ),
            (
                .httpStatus(url: "u", status: 500, bodyExcerpt: "oops"),
                "u answered HTTP 500 (internal server error): oops"
            ),
            (.server(url: "u", code: 401, message: "token expired"), "u reported error 401: token expired"),
            (.server(url: "u", code: "E12", message: nil), "u reported error E12; the response has no message"),
            (
                .chainStepFailed(index: 2, error: .cancelled(url: "u")),
                "step 2 of the request chain failed: request to u was cancelled"
            ),
        ])
    func wording(error: NetworkError, expected: String) {
        #expect(error.description == expected)
    }

    @Test("cancellation is recognised inside chain failures too")
    func cancellation() {
        #expect(NetworkError.cancelled(url: "u").isCancellation)
        #expect(NetworkError.chainStepFailed(index: 0, error: .cancelled(url: "u")).isCancellation)
        #expect(!NetworkError.timedOut(url: "u", seconds: 1).isCancellation)
    }
}
