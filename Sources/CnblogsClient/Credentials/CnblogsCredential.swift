import BasicFormat
import BasicNetworking
import Foundation

/// How the client proves who it is to the token API: a personal access token, or a registered
/// client's id and secret with the token they were last exchanged for.
///
/// ```swift
/// let pat = CnblogsCredential.personalAccessToken(Secret(token))
/// let client = CnblogsClient(credential: pat)
/// print(pat)   // personal access token <redacted>
/// ```
///
/// Neither its description nor its mirror shows a token or a secret; it encodes them in the
/// clear, for ``CnblogsCredentialStore``, which seals them.
public enum CnblogsCredential: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A personal access token, made by a signed-in user at `https://account.cnblogs.com/settings/tokens`,
    /// sent as `Authorization: Bearer <token>` with `Authorization-Type: pat`. It does not expire on
    /// a schedule the client knows, and cannot be refreshed: a refused one needs a new login.
    case personalAccessToken(Secret)
    /// A registered client's credentials and the OAuth token (`POST https://oauth.cnblogs.com/connect/token`,
    /// `grant_type=client_credentials`) last obtained with them, refreshed when it expires.
    case clientCredentials(CnblogsClientCredentials)

    /// `personal access token <redacted>`, `client credentials for <id>, token expires …`.
    public var description: String {
        switch self {
        case .personalAccessToken: "personal access token \(Secret.placeholder)"
        case .clientCredentials(let credentials): credentials.description
        }
    }

    /// The credential as requests carry it: for a personal access token, the bearer token with
    /// `Authorization-Type: pat`; for client credentials, the last token, or one that must be
    /// refreshed before its first use when there is none yet.
    public var bearer: BearerCredential {
        switch self {
        case .personalAccessToken(let token):
            return BearerCredential(token: token, headers: ["Authorization-Type": "pat"])
        case .clientCredentials(let credentials):
            guard let token = credentials.accessToken else {
                return BearerCredential(token: Secret(""), expiresAt: .distantPast)
            }
            return BearerCredential(token: token, expiresAt: credentials.expiresAt ?? .distantPast)
        }
    }
}

/// A registered client's credentials for the OAuth client-credentials grant, and the token they
/// were last exchanged for.
public struct CnblogsClientCredentials: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The client's id (not a secret).
    public var clientID: String
    /// The client's secret.
    public var clientSecret: Secret
    /// The access token last obtained; nil before the first exchange.
    public var accessToken: Secret?
    /// When ``accessToken`` expires (`expires_in` after it was issued, 86,400 s for cnblogs).
    public var expiresAt: Date?

    /// Client credentials, with the token obtained with them when there is one.
    public init(clientID: String, clientSecret: Secret, accessToken: Secret? = nil, expiresAt: Date? = nil) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.accessToken = accessToken
        self.expiresAt = expiresAt
    }

    /// `client credentials for ID, token expires 2026-03-13T02:00:00Z`: never the secret or the token.
    public var description: String {
        var text = "client credentials for \(clientID)"
        if accessToken != nil, let expiresAt {
            text += ", token expires \(TimeFormatter.rfc3339String(from: expiresAt))"
        } else {
            text += ", no token yet"
        }
        return text
    }
}
