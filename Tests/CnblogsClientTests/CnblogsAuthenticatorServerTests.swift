import BasicNetworking
import CnblogsClient
import Foundation
import TestSupport
import Testing

/// The client's own authenticator (``CnblogsAuthenticator``) against the feed test server, which
/// counts and keeps what each path was asked: the client-credentials exchange, and the one
/// refresh that many refused requests share.
@Suite struct CnblogsAuthenticatorServerTests {
    @Test("20 concurrent API calls refused with 401: one POST of client credentials, each retried once and answered")
    func oneExchangeForTwentyRefusals() async throws {
        let server = try await FeedTestServer.shared()
        let prefix = "/cnblogs-auth-\(UUID().uuidString.prefix(8))"
        let hold = "token-\(UUID().uuidString.prefix(8))"
        let tokenPath = prefix + "/oauth.cnblogs.com/connect/token"
        let ids = Array(1...20)
        let bodyPath = { (id: Int) in prefix + "/api.cnblogs.com/api/blogposts/\(id)/body" }
        // Given a token server that answers only when told, and 20 bodies that refuse their first request
        try await server.set(
            .init(
                path: tokenPath, body: #"{"access_token":"at-FRESH-2","expires_in":86400,"token_type":"Bearer"}"#,
                contentType: "application/json", hold: hold))
        for id in ids {
            try await server.set(
                .init(
                    path: bodyPath(id), body: "\"<p>post \(id)</p>\"", contentType: "application/json", failTimes: 1,
                    failStatus: 401))
        }
        // and a client token that has not expired, so that nothing is refreshed before a refusal
        let credential = CnblogsCredential.clientCredentials(
            CnblogsClientCredentials(
                clientID: "bsl-test", clientSecret: Secret("s3cr3t-AUTH"), accessToken: Secret("at-OLD-1"),
                expiresAt: Date().addingTimeInterval(3600)))
        let client = CnblogsClient(hosts: .mirrored(under: server.url(prefix)), credential: credential)

        // When the 20 are sent at once, and the exchange answers once all of them have been refused
        let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for id in ids {
                group.addTask { (id, try await client.api.postBody(id: id)) }
            }
            let refused = try await eventually {
                var total = 0
                for id in ids { total += try await server.hits(bodyPath(id)).hits }
                return total >= 20
            }
            #expect(refused, "the server never saw the 20 first requests")
            try await server.release(hold)
            var bodies: [Int: String] = [:]
            for try await (id, html) in group { bodies[id] = html }
            return bodies
        }

        // Then every call succeeded, after exactly one exchange of the client credentials
        #expect(bodies == Dictionary(uniqueKeysWithValues: ids.map { ($0, "<p>post \($0)</p>") }))
        let exchanges = try await server.requests(tokenPath)
        #expect(exchanges.count == 1, "\(exchanges.count) requests to connect/token")
        #expect(exchanges.first?.method == "POST")
        let form = exchanges.first?.body ?? ""
        for field in ["grant_type=client_credentials", "client_id=bsl-test", "client_secret=s3cr3t-AUTH"] {
            #expect(form.contains(field), "\(field) not in the exchange's form")
        }
        // and each was sent twice: refused with the old token, answered with the new one
        for id in ids {
            let sent = try await server.requests(bodyPath(id))
            #expect(sent.map(\.authorization) == ["Bearer at-OLD-1", "Bearer at-FRESH-2"], "post \(id)")
        }
        #expect(client.interceptor?.credential?.token.revealed == "at-FRESH-2")
    }
}
