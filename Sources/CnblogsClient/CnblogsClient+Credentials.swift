import BasicCore
import BasicNetworking
import Foundation

extension CnblogsClient {
    /// Checks a personal access token with one cheap authenticated call (the current user,
    /// `GET https://api.cnblogs.com/api/users`), without storing it.
    ///
    /// ```swift
    /// let login = try await CnblogsClient().logIn(personalAccessToken: Secret(token))
    /// try CnblogsCredentialStore(store: store).save(login.credential)
    /// print("logged in as \(login.user.displayName)")
    /// ```
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/credentialRejected(url:)`` for a token the API
    ///   refuses, ``CnblogsError/invalidArgument(name:value:reason:)`` for an empty one.
    public func logIn(personalAccessToken token: Secret) async throws(CnblogsError) -> CnblogsLogin {
        let trimmed = Secret(token.revealed.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !trimmed.isEmpty else {
            throw .invalidArgument(
                name: "token", value: "(empty)",
                reason: "give the personal access token from https://account.cnblogs.com/settings/tokens")
        }
        let credential = CnblogsCredential.personalAccessToken(trimmed)
        let client = CnblogsClient(
            baseURL: baseURL, siteURL: siteURL, hosts: hosts, credential: credential, transport: pool.transport,
            now: now)
        return CnblogsLogin(credential: credential, user: try await client.currentUser())
    }

    /// Exchanges a registered client's id and secret for a token and checks it, as one
    /// ``BasicNetworking/RequestChain`` through ``tokenPool``: the token request
    /// (`POST https://oauth.cnblogs.com/connect/token`), then the current user with that token.
    ///
    /// ```swift
    /// let login = try await client.logIn(clientID: id, clientSecret: Secret(secret))
    /// ```
    ///
    /// - Throws: ``CnblogsError``: ``CnblogsError/tokenExchangeFailed(url:reason:)`` when the
    ///   token server refuses the client, ``CnblogsError/credentialRejected(url:)`` when the API
    ///   refuses the token it issued.
    public func logIn(clientID: String, clientSecret: Secret) async throws(CnblogsError) -> CnblogsLogin {
        let id = clientID.trimmingCharacters(in: .whitespaces)
        guard !id.isEmpty, !clientSecret.isEmpty else {
            throw .invalidArgument(
                name: "client", value: id.isEmpty ? "(no id)" : id, reason: "give both the client id and its secret")
        }
        let issued = now()
        let token = Request(
            CnblogsTokenExchange.endpoint(clientID: id, secret: clientSecret, hosts: hosts), policy: .allowDuplicates)
        let check = Request(Endpoint(base: hosts.api, path: "users"), policy: .allowDuplicates)
        let chain = RequestChain(pool: tokenPool, steps: [token, check]) { request, index, previous in
            guard index == 1, let exchange = previous.first else { return }
            let credential = try CnblogsTokenExchange.credential(from: exchange, issuedAt: issued)
            request.endpoint.headers["Authorization"] = "Bearer \(credential.token.revealed)"
        }
        let responses: [Response]
        do {
            responses = try await chain.run()
        } catch {
            throw Self.loginError(error, hosts: hosts)
        }
        let credential: BearerCredential
        do {
            credential = try CnblogsTokenExchange.credential(from: responses[0], issuedAt: issued)
        } catch {
            throw CnblogsAPIOrigin.error(for: error, hosts: hosts)
        }
        let user = try CnblogsAPIDecoder.user(from: responses[1].body, url: responses[1].url.absoluteString)
        return CnblogsLogin(
            credential: .clientCredentials(
                CnblogsClientCredentials(
                    clientID: id, clientSecret: clientSecret, accessToken: credential.token,
                    expiresAt: credential.expiresAt)),
            user: user)
    }

    /// The error of a failed login chain: the token step's as a token exchange failure, the
    /// check's 401 as a refused token.
    static func loginError(_ error: NetworkError, hosts: CnblogsHosts) -> CnblogsError {
        guard case .chainStepFailed(let index, let step) = error else { return .network(error) }
        if index == 1, case .httpStatus(let url, 401, _) = step { return .credentialRejected(url: url) }
        if case .invalidRequest(_, let reason) = step, reason.hasPrefix("preparing") {
            return .tokenExchangeFailed(
                url: "\(hosts.oauth.absoluteString)/connect/token", reason: "the answer has no access token")
        }
        return CnblogsAPIOrigin.error(for: step, hosts: hosts)
    }
}
