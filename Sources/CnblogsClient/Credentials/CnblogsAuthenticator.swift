import BasicNetworking
import Foundation

/// The ``BasicNetworking/Authenticator`` of the token API: adds the bearer token (and
/// `Authorization-Type: pat` for a personal access token) to each request, and refreshes a
/// client-credentials token by exchanging the client's id and secret again.
///
/// ```swift
/// let authenticator = CnblogsAuthenticator(credential: stored, tokenPool: RequestPool(), hosts: .cnblogs)
/// let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: stored.bearer)
/// ```
///
/// A personal access token cannot be refreshed: a refused one is reported at once
/// (``CnblogsError/credentialRejected(url:)``), telling the user to log in again.
public struct CnblogsAuthenticator: Authenticator {
    /// The credential this authenticator refreshes with.
    public let credential: CnblogsCredential
    /// The pool the token exchange goes through: one whose transport does not record, since the
    /// token server's answer holds the new token.
    public let tokenPool: RequestPool
    /// Where the token server is.
    public let hosts: CnblogsHosts
    private let now: @Sendable () -> Date

    /// An authenticator for `credential`, exchanging tokens through `tokenPool` at `hosts.oauth`.
    public init(
        credential: CnblogsCredential, tokenPool: RequestPool, hosts: CnblogsHosts = .cnblogs,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.credential = credential
        self.tokenPool = tokenPool
        self.hosts = hosts
        self.now = now
    }

    /// Sets `Authorization: Bearer <token>` and the credential's other headers.
    public func apply(_ credential: BearerCredential, to request: inout URLRequest) {
        credential.apply(to: &request)
    }

    /// A new token for client credentials (one exchange); nil for a personal access token.
    ///
    /// - Throws: ``BasicNetworking/NetworkError`` about the token server's address when the
    ///   exchange fails; the client reports it as ``CnblogsError/tokenExchangeFailed(url:reason:)``.
    public func refresh(_ credential: BearerCredential) async throws(NetworkError) -> BearerCredential? {
        guard case .clientCredentials(let client) = self.credential else { return nil }
        return try await CnblogsTokenExchange.token(
            clientID: client.clientID, secret: client.clientSecret, hosts: hosts, pool: tokenPool, now: now)
    }
}
