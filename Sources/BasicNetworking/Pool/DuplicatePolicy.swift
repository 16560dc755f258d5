/// What ``RequestPool`` does when a request arrives while an identical one is in flight
/// (same ``RequestIdentity``, sent with the same policy).
///
/// ```swift
/// // Typing in a search box: only the newest search matters.
/// let results = try await pool.send(Request(search, policy: .cancelPrevious))
/// // Many cells asking for one avatar: one download, shared.
/// let avatar = try await pool.send(Request(image, policy: .coalesce))
/// ```
public enum DuplicatePolicy: Hashable, Sendable {
    /// The newer request wins: the older one is cancelled and its caller gets
    /// ``NetworkError/cancelled(url:)`` (BasicServicesLib's behaviour, and the default).
    case cancelPrevious
    /// Identical requests in flight share one network call; every caller gets its result.
    case coalesce
    /// Every request goes to the network, identical or not.
    case allowDuplicates
}
