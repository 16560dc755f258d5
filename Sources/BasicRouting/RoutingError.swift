/// A URL that cannot be routed, or a pattern that cannot be registered.
public enum RoutingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No registered pattern matches the URL.
    case noRoute(String)
    /// The text is not a URL the router can read.
    case malformedURL(String, reason: String)
    /// The pattern is not one the router understands.
    case invalidPattern(String, reason: String)
    /// The pattern matches exactly what an earlier one matches, with the same specificity, so
    /// neither could win.
    case ambiguousPattern(String, existing: String)

    /// One line: what failed, with the value, and how to fix it.
    public var description: String {
        switch self {
        case .noRoute(let url):
            return "no route for \(url); register a pattern for its scheme and host, or one for the whole scheme"
        case .malformedURL(let url, let reason):
            return "cannot route '\(url)': \(reason)"
        case .invalidPattern(let pattern, let reason):
            return "invalid route pattern '\(pattern)': \(reason); "
                + "write scheme://host/segment with :name parameters and * wildcards"
        case .ambiguousPattern(let pattern, let existing):
            return "the pattern '\(pattern)' matches the same URLs as '\(existing)' with the same specificity; "
                + "remove one of them"
        }
    }
}
