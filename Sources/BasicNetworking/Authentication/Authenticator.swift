import Foundation

/// What an ``AuthenticationInterceptor`` asks of a scheme of credentials: how a credential goes
/// into a request, how a new one is obtained, and which responses mean it was refused.
/// Alamofire's `Authenticator` is the model.
///
/// ```swift
/// struct TicketAuthenticator: Authenticator {
///     let pool: RequestPool
///     func apply(_ credential: BearerCredential, to request: inout URLRequest) {
///         credential.apply(to: &request)
///     }
///     func refresh(_ credential: BearerCredential) async throws(NetworkError) -> BearerCredential? {
///         let response = try await pool.send(Request(tokenEndpoint, policy: .coalesce))
///         return BearerCredential(token: Secret(try response.json.string(at: "token")))
///     }
/// }
/// ```
public protocol Authenticator: Sendable {
    /// The credential this scheme uses.
    associatedtype Credential: AuthenticationCredential

    /// Adds `credential` to `request` (its headers, usually).
    func apply(_ credential: Credential, to request: inout URLRequest)

    /// A new credential to replace `credential`, which has expired or was refused; nil when this
    /// scheme cannot make one (a personal access token: only its owner can issue a new one).
    ///
    /// Called at most once at a time per interceptor: every request that needs a new credential
    /// waits for the same call.
    ///
    /// - Throws: ``NetworkError`` when the refresh itself fails (the token server refuses the
    ///   client, or cannot be reached). The error must not include the credential.
    func refresh(_ credential: Credential) async throws(NetworkError) -> Credential?

    /// Whether `response` says the credential was refused (by default, HTTP 401).
    func isAuthenticationFailure(_ response: Response) -> Bool
}

extension Authenticator {
    /// HTTP 401 means the credential was refused.
    public func isAuthenticationFailure(_ response: Response) -> Bool {
        response.status == 401
    }
}
