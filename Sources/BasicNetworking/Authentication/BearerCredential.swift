import Foundation

/// A bearer token (`Authorization: Bearer <token>`), with the extra headers its server wants beside
/// it and, when it expires, the moment it does.
///
/// ```swift
/// let pat = BearerCredential(token: Secret(pat), headers: ["Authorization-Type": "pat"])
/// let oauth = BearerCredential(token: Secret(accessToken), expiresAt: Date().addingTimeInterval(86_400))
/// ```
///
/// Its description never shows the token.
public struct BearerCredential: AuthenticationCredential, Hashable, Codable, CustomStringConvertible {
    /// The token.
    public var token: Secret
    /// When the token expires; nil for one that does not (a personal access token).
    public var expiresAt: Date?
    /// Headers sent with the token, such as `Authorization-Type: pat`. They must not hold secrets:
    /// only `Authorization` is redacted by the cassette recorder.
    public var headers: [String: String]
    /// How long before ``expiresAt`` the token counts as expired, so that it is never sent in its last
    /// moments and refused on the way. Default 60 seconds.
    public var refreshLeeway: TimeInterval

    /// A bearer credential.
    public init(
        token: Secret, expiresAt: Date? = nil, headers: [String: String] = [:], refreshLeeway: TimeInterval = 60
    ) {
        self.token = token
        self.expiresAt = expiresAt
        self.headers = headers
        self.refreshLeeway = refreshLeeway
    }

    /// Whether the token has expired at `now`, or expires within ``refreshLeeway``; never for one
    /// without an expiry.
    public func requiresRefresh(at now: Date) -> Bool {
        guard let expiresAt else { return false }
        return now.addingTimeInterval(refreshLeeway) >= expiresAt
    }

    /// Sets `Authorization: Bearer <token>` and ``headers`` on `request`.
    public func apply(to request: inout URLRequest) {
        request.setValue("Bearer \(token.revealed)", forHTTPHeaderField: "Authorization")
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
    }

    /// `bearer token <redacted>, expires 2026-03-13T02:00:00Z`: never the token.
    public var description: String {
        var text = "bearer token \(Secret.placeholder)"
        if let expiresAt { text += ", expires \(ISO8601DateFormatter().string(from: expiresAt))" }
        return text
    }
}
