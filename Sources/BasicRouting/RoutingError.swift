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
    /// The handler of the route that the URL matched threw an error of its own, carried whole.
    case handlerFailed(String, CallerError)

    /// One line: what failed, with the value, and how to fix it.
    public var description: String { Self.escaped(unescapedDescription) }

    /// The description before control characters from the input are escaped.
    private var unescapedDescription: String {
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

    /// `text` with control characters, U+2028, U+2029 and bidirectional controls written as Swift
    /// escapes (`\n`, `\u{1B}`), so that a URL or pattern from the input keeps the message one
    /// line that cannot drive a terminal. (BasicRouting imports nothing of ours: the same rule as
    /// BasicCore's `ErrorText` and BasicFormat's `PrintableText.escaped`.)
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x00: result += "\\0"
            case 0x01...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// An error that a caller's own code (a route's handler) threw, carried whole: `error` is the
    /// value thrown. Two are equal when their errors have the same type and description.
    public struct CallerError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The error the caller's code threw.
        public let error: any Error

        /// Carries `error`.
        public init(_ error: any Error) {
            self.error = error
        }

        /// The carried error's own description.
        public var description: String { String(describing: error) }

        /// Whether both carry errors of the same type that read the same.
        public static func == (lhs: CallerError, rhs: CallerError) -> Bool {
            type(of: lhs.error) == type(of: rhs.error) && lhs.description == rhs.description
        }

        /// Hashes the type and description, consistently with `==`.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(type(of: error)))
            hasher.combine(description)
        }
    }
}
