import Foundation

/// A tag naming who a request is for (a screen, a view model), so that its requests can be
/// cancelled together with ``RequestPool/cancelAll(owner:)``.
///
/// ```swift
/// let owner = RequestOwner("news-list")
/// async let page = pool.send(Request(endpoint, owner: owner))
/// await pool.cancelAll(owner: owner)   // the screen went away
/// ```
public struct RequestOwner: Hashable, Sendable, CustomStringConvertible {
    /// The tag's name.
    public let name: String

    /// An owner with a name of your choosing; equal names are the same owner.
    public init(_ name: String) {
        self.name = name
    }

    /// An owner no other owner equals.
    public static func unique() -> RequestOwner {
        RequestOwner("owner-\(UUID().uuidString)")
    }

    /// The name.
    public var description: String { name }

    /// The owner of the requests a task sends without naming one: set it around a screen's work
    /// and every request sent from there — through any client, and from the unstructured tasks
    /// started there, which take their task-locals with them but not their cancellation — is
    /// tagged with it, so that ``RequestPool/cancelAll(owner:)`` ends them all when the screen
    /// goes.
    ///
    /// ```swift
    /// let token = pool.makeOwnerToken()
    /// let entries = try await RequestOwner.$current.withValue(token.owner) {
    ///     try await client.blogs()        // sent with owner: token.owner
    /// }
    /// ```
    ///
    /// A ``Request`` that names an owner keeps its own.
    @TaskLocal public static var current: RequestOwner?
}
