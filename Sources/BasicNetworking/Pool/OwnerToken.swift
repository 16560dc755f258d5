/// An owner that cancels its requests when it is released: keep one in a screen, tag the
/// screen's requests with ``owner``, and they end when the screen does.
///
/// ```swift
/// final class NewsScreen {
///     let token: OwnerToken
///     init(pool: RequestPool) { token = pool.makeOwnerToken() }
///     func load() async throws -> Response {
///         try await pool.send(Request(endpoint, owner: token.owner))
///     }
/// }
/// ```
public final class OwnerToken: Sendable {
    /// The owner to tag requests with.
    public let owner: RequestOwner
    private let pool: RequestPool

    /// A token for a new, unique owner in `pool`.
    public init(pool: RequestPool) {
        self.owner = .unique()
        self.pool = pool
    }

    deinit {
        let pool = pool
        let owner = owner
        Task { await pool.cancelAll(owner: owner) }
    }
}
