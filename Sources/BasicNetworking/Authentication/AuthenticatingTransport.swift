import Foundation

/// A transport that authenticates every request through an ``AuthenticationInterceptor`` and sends
/// it through another transport: the credential is added to each request (refreshed first when it
/// has expired), and a request it refuses (HTTP 401) is sent once more after one refresh.
///
/// ```swift
/// let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: stored)
/// let transport = AuthenticatingTransport(URLSessionTransport(), interceptor: interceptor)
/// let pool = RequestPool(transport: transport)
/// ```
///
/// It decorates any transport, ``RecordingTransport`` and ``ReplayTransport`` too, so it needs
/// nothing of ``RequestPool``. The request pool computes a request's identity before the
/// credential is added, so identical requests of one pool still share a call.
///
/// A request refused a second time, after the refresh, is returned as the server answered it
/// (HTTP 401): the caller's ``ResponseRule`` reports it, and the caller tells the user to log in
/// again. The credential never appears in an error this transport throws; a recorder behind it
/// redacts the `Authorization` header (``RecordingTransport/defaultRedactedHeaders``).
public struct AuthenticatingTransport<A: Authenticator>: Transport {
    /// The transport the authenticated requests go through.
    public let base: any Transport
    /// The credential and its refreshes.
    public let interceptor: AuthenticationInterceptor<A>

    /// A transport authenticating through `interceptor` and sending through `base`.
    public init(_ base: any Transport, interceptor: AuthenticationInterceptor<A>) {
        self.base = base
        self.interceptor = interceptor
    }

    /// Sends `request` with the credential; after a refusal, refreshes once and sends it again.
    ///
    /// - Throws: ``NetworkError``: ``NetworkError/invalidRequest(url:reason:)`` without a
    ///   credential, the refresh's error, and the base transport's.
    public func send(_ request: URLRequest) async throws(NetworkError) -> Response {
        let url = request.url?.absoluteString ?? "(no URL)"
        let first = try await interceptor.grant(for: url)
        let response = try await base.send(authorized(request, with: first.credential))
        guard interceptor.authenticator.isAuthenticationFailure(response) else { return response }
        guard let fresh = try await interceptor.refreshed(after: first.generation) else { return response }
        return try await base.send(authorized(request, with: fresh.credential))
    }

    private func authorized(_ request: URLRequest, with credential: A.Credential) -> URLRequest {
        var authorized = request
        interceptor.authenticator.apply(credential, to: &authorized)
        return authorized
    }
}
