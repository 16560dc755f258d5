/// What a router found for a link: the pattern that won and what it captured.
public struct RouteMatch: Sendable, Hashable {
    /// The link that was routed.
    public let link: AppLink
    /// The pattern that matched.
    public let pattern: RoutePattern
    /// The name the route was registered under, if any.
    public let name: String?
    /// The pattern's `:name` parameters, and `*` for what a trailing wildcard matched.
    public let parameters: [String: String]

    /// The link's query items (and Budejie's `@` parameters).
    public var query: [String: String] { link.query }
}
