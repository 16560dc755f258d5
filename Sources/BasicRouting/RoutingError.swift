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
    /// The handler of the route that `url` matched threw `error`, the caller's own error, whole.
    case handlerFailed(String, error: any Error)

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
        case .handlerFailed(let url, let error):
            return "the handler for '\(url)' failed: \(error)"
        }
    }

    /// Whether two errors are the same case with the same values; two handler failures are equal
    /// when they are for the same URL and their errors have the same type and the same description.
    public static func == (lhs: RoutingError, rhs: RoutingError) -> Bool {
        switch (lhs, rhs) {
        case (.noRoute(let a), .noRoute(let b)):
            return a == b
        case (.malformedURL(let a, let reasonA), .malformedURL(let b, let reasonB)),
            (.invalidPattern(let a, let reasonA), .invalidPattern(let b, let reasonB)),
            (.ambiguousPattern(let a, let reasonA), .ambiguousPattern(let b, let reasonB)):
            return a == b && reasonA == reasonB
        case (.handlerFailed(let a, let errorA), .handlerFailed(let b, let errorB)):
            return a == b && type(of: errorA) == type(of: errorB) && "\(errorA)" == "\(errorB)"
        default:
            return false
        }
    }

    /// Hashes the error consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(caseIndex)
        switch self {
        case .noRoute(let url):
            hasher.combine(url)
        case .malformedURL(let text, let other), .invalidPattern(let text, let other),
            .ambiguousPattern(let text, let other):
            hasher.combine(text)
            hasher.combine(other)
        case .handlerFailed(let url, let error):
            hasher.combine(url)
            hasher.combine("\(error)")
        }
    }

    /// The position of the case, for `==` and hashing.
    private var caseIndex: Int {
        switch self {
        case .noRoute: 0
        case .malformedURL: 1
        case .invalidPattern: 2
        case .ambiguousPattern: 3
        case .handlerFailed: 4
        }
    }
}
