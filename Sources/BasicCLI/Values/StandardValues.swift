import Foundation

extension String: ExpressibleByArgument {
    /// The word as it is.
    public init?(argument: String) {
        self = argument
    }

    /// `text`.
    public static var valueDescription: String { "text" }
}

extension Int: ExpressibleByArgument {
    /// A whole number in decimal, with an optional sign (`42`, `-7`, `+3`).
    public init?(argument: String) {
        self.init(argument)
    }

    /// `a whole number`.
    public static var valueDescription: String { "a whole number" }

    /// None: a number.
    public static var defaultCompletionKind: CompletionKind { .nothing }
}

extension Int64: ExpressibleByArgument {
    /// A whole number in decimal, with an optional sign.
    public init?(argument: String) {
        self.init(argument)
    }

    /// `a whole number`.
    public static var valueDescription: String { "a whole number" }

    /// None: a number.
    public static var defaultCompletionKind: CompletionKind { .nothing }
}

extension UInt: ExpressibleByArgument {
    /// A whole number of 0 or more, in decimal.
    public init?(argument: String) {
        self.init(argument)
    }

    /// `a whole number of 0 or more`.
    public static var valueDescription: String { "a whole number of 0 or more" }

    /// None: a number.
    public static var defaultCompletionKind: CompletionKind { .nothing }
}

extension Double: ExpressibleByArgument {
    /// A finite number (`0.5`, `-1234.5`, `1e3`); `nan` and `inf` are refused.
    public init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }

    /// `a number`.
    public static var valueDescription: String { "a number" }

    /// None: a number.
    public static var defaultCompletionKind: CompletionKind { .nothing }
}

extension Bool: ExpressibleByArgument {
    /// `true` or `false`.
    public init?(argument: String) {
        self.init(argument)
    }

    /// `true` and `false`.
    public static var allValueStrings: [String] { ["true", "false"] }
}

extension URL: ExpressibleByArgument {
    /// An absolute URL: a scheme, and a host for `http` and `https` (`https://example.com/path`,
    /// `file:///tmp/feed.xml`). A bare host or a path is refused, so that a malformed `--api` is a
    /// usage error instead of a failed request.
    public init?(argument: String) {
        guard let url = URL(string: argument), let scheme = url.scheme?.lowercased(), !scheme.isEmpty else {
            return nil
        }
        if scheme == "http" || scheme == "https" {
            guard let host = url.host, !host.isEmpty else { return nil }
        }
        self = url
    }

    /// `an absolute URL such as https://example.com/path`.
    public static var valueDescription: String { "an absolute URL such as https://example.com/path" }

    /// The URL as written.
    public var defaultValueDescription: String { absoluteString }

    /// None: a URL is typed or pasted.
    public static var defaultCompletionKind: CompletionKind { .nothing }
}
