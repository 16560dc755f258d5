import Foundation

/// A credential an ``Authenticator`` adds to requests: a token, a key, a signed ticket.
///
/// ```swift
/// struct Ticket: AuthenticationCredential {
///     var value: Secret
///     var expiresAt: Date
///     func requiresRefresh(at now: Date) -> Bool { now.addingTimeInterval(60) >= expiresAt }
/// }
/// ```
public protocol AuthenticationCredential: Sendable {
    /// Whether the credential must be refreshed before it is used at `now`: it has expired, or
    /// expires too soon to be worth sending.
    func requiresRefresh(at now: Date) -> Bool
}
