import BasicCore
import BasicNetworking
import Foundation

/// The OAuth client-credentials exchange: `POST https://oauth.cnblogs.com/connect/token` with
/// `grant_type=client_credentials`, `client_id` and `client_secret` as a form, answered
/// `{"access_token": "…", "expires_in": 86400, "token_type": "Bearer"}`
/// (xiaoyaocz/flutter_cnblogs lib/requests/oauth_request.dart posts the same form).
enum CnblogsTokenExchange {
    /// The token endpoint.
    static func endpoint(clientID: String, secret: Secret, hosts: CnblogsHosts) -> Endpoint {
        Endpoint(
            base: hosts.oauth, path: "connect/token", method: .post,
            parameters: [
                "grant_type": "client_credentials", "client_id": .string(clientID),
                "client_secret": .string(secret.revealed),
            ])
    }

    /// Exchanges the client's id and secret for a token.
    ///
    /// - Throws: ``NetworkError/httpStatus(url:status:bodyExcerpt:)`` when the server refuses
    ///   (the excerpt is its OAuth error, which holds no secret);
    ///   ``NetworkError/decodingFailed(url:keyPath:reason:bodyExcerpt:)``, without an excerpt,
    ///   when its answer has no token.
    static func token(
        clientID: String, secret: Secret, hosts: CnblogsHosts, pool: RequestPool, now: @Sendable () -> Date
    ) async throws(NetworkError) -> BearerCredential {
        let endpoint = endpoint(clientID: clientID, secret: secret, hosts: hosts)
        // Never retried or shared: a POST, and each exchange issues a token of its own.
        let response = try await pool.send(Request(endpoint, policy: .allowDuplicates, rule: .anyStatus))
        return try credential(from: response, issuedAt: now())
    }

    /// The token in the token server's answer.
    static func credential(from response: Response, issuedAt: Date) throws(NetworkError) -> BearerCredential {
        let url = response.url.absoluteString
        guard (200..<300).contains(response.status) else {
            // The OAuth error (`{"error":"invalid_client"}`) says why; nothing else of the body is kept.
            let reason = (try? JSONValue(parsing: response.body))?["error"]?.asString ?? ""
            throw .httpStatus(url: url, status: response.status, bodyExcerpt: reason)
        }
        guard let document = try? JSONValue(parsing: response.body),
            let token = document["access_token"]?.asString, !token.isEmpty
        else {
            throw .decodingFailed(
                url: url, keyPath: "access_token", reason: "the answer has no access token", bodyExcerpt: "")
        }
        let lifetime = document["expires_in"]?.asDouble ?? 86_400
        return BearerCredential(token: Secret(token), expiresAt: issuedAt.addingTimeInterval(lifetime))
    }
}
