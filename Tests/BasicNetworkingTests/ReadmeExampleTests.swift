import BasicCore
import BasicNetworking
import Foundation
import TestSupport
import Testing

/// README.md's BasicNetworking example, as it is written there, against the sample cassette.
@Suite struct ReadmeExampleTests {
    @Test("the README example runs offline from Samples/http/news")
    func readme() async throws {
        let folder = TestPaths.packageRoot.appendingPathComponent("Samples/http/news")
        let pool = RequestPool(transport: try ReplayTransport(cassette: folder))
        let api = URL(string: "https://news.example.com/api/v1")!
        let rule = ResponseRule.successCode(at: "code", equals: 0, message: "msg")
        let news = try await pool.send(Endpoint(base: api, path: "news/recent", parameters: ["page": 1, "size": 3]))
        #expect(try news.json.string(at: "data.list[0].title") == "Swift 6 并发：从 actor 到 Sendable 的迁移笔记")

        let login = Request(
            Endpoint(base: api, path: "login", method: .post, parameters: ["user": "alice", "password": "secret"]),
            rule: rule)
        let chain = RequestChain(pool: pool, steps: [login, Request(Endpoint(base: api, path: "ticket"), rule: rule)]) {
            request, index, responses in
            if index == 1 { request.endpoint.parameters["token"] = try responses[0].json.value(at: "data.token") }
        }
        let ticket = try await chain.run()[1].json.string(at: "data.ticket")
        #expect(ticket == "TK-alice-20261130")

        // The sample also holds an expired token's answer, for trying the rule.
        let expired = Endpoint(base: api, path: "ticket", parameters: ["token": "tok-old"])
        await #expect(throws: NetworkError.self) { try await pool.send(expired, rule: rule) }
    }
}
