import BasicNetworking
import Foundation
import TestSupport
import Testing

/// What a replay answers when URLSession is not in between: the recording as it is, and the
/// transport's errors for a cancelled task and a timeout of zero.
@Suite struct ReplayTransportAnswerTests {
    /// A cassette written by hand: a permanent redirect, then the page it points to.
    static func redirectCassette() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let index = """
            {
              "format": "BasicNetworking cassette",
              "version": 1,
              "exchanges": [
                {
                  "id": 1,
                  "request": { "method": "GET", "url": "https://blog.example.com/old", "headers": {} },
                  "response": {
                    "status": 301,
                    "headers": { "Location": "https://blog.example.com/new", "Content-Type": "text/plain" },
                    "body": "001-old.txt"
                  }
                },
                {
                  "id": 2,
                  "request": { "method": "GET", "url": "https://blog.example.com/new", "headers": {} },
                  "response": { "status": 200, "headers": { "Content-Type": "text/plain" }, "body": "002-new.txt" }
                }
              ]
            }
            """
        try Data(index.utf8).write(to: folder.path("index.json"))
        try Data("moved".utf8).write(to: folder.path("001-old.txt"))
        try Data("the new page".utf8).write(to: folder.path("002-new.txt"))
        return folder
    }

    @Test("a recorded redirect is answered as recorded, not followed")
    func redirectAnswered() async throws {
        let folder = try Self.redirectCassette()
        let transport = try ReplayTransport(cassette: folder.url)
        let old = try #require(URL(string: "https://blog.example.com/old"))
        let response = try await transport.send(URLRequest(url: old))
        #expect(response.status == 301)
        #expect(response.header("location") == "https://blog.example.com/new")
        #expect(response.text == "moved")
        #expect(response.url == old)
        let new = try await transport.send(URLRequest(url: try #require(URL(string: "https://blog.example.com/new"))))
        #expect(new.status == 200)
        #expect(new.text == "the new page")
    }

    @Test("a task cancelled before it sends gets cancelled, and the recording is not used up")
    func cancelledBeforeSending() async throws {
        let folder = try Self.redirectCassette()
        let transport = try ReplayTransport(cassette: folder.url)
        let request = URLRequest(url: try #require(URL(string: "https://blog.example.com/new")))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(request)
        }
        let error = await Net.error { try await task.value }
        #expect(error?.caseName == "cancelled")
        #expect(error?.description.contains("https://blog.example.com/new") == true)
        #expect(try await transport.send(request).text == "the new page")
    }

    @Test("a timeout of zero or less ends every replay at once, as it ends every live request")
    func zeroTimeout() async throws {
        let folder = try Self.redirectCassette()
        let request = URLRequest(url: try #require(URL(string: "https://blog.example.com/new")))
        for timeout in [Duration.zero, .seconds(-1)] {
            let transport = try ReplayTransport(cassette: folder.url, configuration: .init(timeout: timeout))
            let error = await Net.error { try await transport.send(request) }
            #expect(error?.caseName == "timedOut", "\(timeout): \(String(describing: error))")
        }
        // Any time at all is enough: an answer from the cassette takes none.
        let short = try ReplayTransport(cassette: folder.url, configuration: .init(timeout: .milliseconds(1)))
        #expect(try await short.send(request).status == 200)
    }
}
