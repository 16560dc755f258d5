import Foundation

/// A URL read the way apps write links: `https://host/path?query`, `mod://topic/42`, and
/// Budejie's `mod://BDJ_To_Mine@dest=2`, where parameters follow an `@`.
///
/// ```swift
/// let link = try AppLink("mod://BDJ_To_Cate@cate=3#type=0")
/// link.host          // "BDJ_To_Cate"
/// link.query         // ["cate": "3"]
/// link.fragment      // "type=0"
/// ```
///
/// The scheme is lowercased; the host keeps its case (routes compare hosts
/// case-insensitively); path segments are percent-decoded and keep their case, and `.` and `..`
/// segments are resolved as RFC 3986 §5.2.4 removes them (`/a/b/../c` is `a`, `c`; a `..` at the
/// top stays at the top). Query values are percent-decoded; `+` stays `+`.
///
/// In `http` and `https` links, text before an `@` in the authority is a user, which routes
/// ignore. In every other scheme it is Budejie's form: the host comes before the first `@` and
/// parameters after it, a name without `=` having an empty value (`mod://BDJ_To_Mine@k` is the
/// screen `BDJ_To_Mine` with `k` set to "").
///
/// Two links are equal when their text has the same Unicode scalars: `mod://café` written with
/// U+00E9 and with `e` + U+0301 are two links, which routes tell apart. Query names are keys of a
/// `[String: String]`, which holds canonically equivalent names as one: of two such names, the
/// last value is kept.
public struct AppLink: Sendable, Hashable {
    /// The text the link was read from.
    public let text: String
    /// The scheme, lowercased: `https`, `mod`.
    public let scheme: String
    /// The host as written, without user or port; empty when there is none.
    public let host: String
    /// The path's segments, percent-decoded, empty segments dropped.
    public let pathSegments: [String]
    /// Query items (and Budejie's `@` parameters); a repeated name keeps the last value.
    public let query: [String: String]
    /// The text after `#`, if any.
    public let fragment: String?

    /// Reads a link.
    ///
    /// - Throws: ``RoutingError/malformedURL(_:reason:)`` for text with no scheme, with spaces or
    ///   control characters, with bad percent-escapes, or a web URL without a host.
    public init(_ text: String) throws(RoutingError) {
        func malformed(_ reason: String) -> RoutingError { .malformedURL(text, reason: reason) }
        guard !text.isEmpty else { throw malformed("the text is empty") }
        guard
            !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else {
            throw malformed("a URL cannot hold spaces or control characters; percent-encode them")
        }
        guard let colon = text.firstIndex(of: ":"), Self.isScheme(text[..<colon]) else {
            throw malformed("it has no scheme; write it as scheme://host/path")
        }
        self.text = text
        scheme = text[..<colon].lowercased()

        var rest = text[text.index(after: colon)...]
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        self.fragment = fragment
        var queryText: Substring?
        if let question = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }

        var query: [String: String] = [:]
        var host = ""
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<end]
            rest = rest[end...]
            if Self.isWeb(scheme) {
                // user@host: the user is not part of the route.
                if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            } else if let at = authority.firstIndex(of: "@") {
                // Budejie's links: host@name=value&name, whatever follows the host.
                try Self.readPairs(authority[authority.index(after: at)...], into: &query, malformed: malformed)
                authority = authority[..<at]
            }
            if let portColon = authority.lastIndex(of: ":"), !authority.hasPrefix("[") {
                authority = authority[..<portColon]
            }
            host = String(authority)
        }
        if Self.isWeb(scheme) && host.isEmpty {
            throw malformed("a web URL needs a host")
        }
        self.host = host
        var segments: [String] = []
        for segment in rest.split(separator: "/") {
            guard let decoded = String(segment).removingPercentEncoding else {
                throw malformed("the path segment '\(segment)' has a bad percent-escape")
            }
            // RFC 3986 §5.2.4; `%2E` is `.` (§6.2.2.2), so it counts as one.
            switch decoded {
            case ".": continue
            case "..": _ = segments.popLast()
            default: segments.append(decoded)
            }
        }
        pathSegments = segments
        if let queryText {
            try Self.readPairs(queryText, into: &query, malformed: malformed)
        }
        self.query = query
    }

    /// Whether two links have the same text, Unicode scalar for scalar.
    public static func == (lhs: AppLink, rhs: AppLink) -> Bool {
        lhs.text.hasSameScalars(as: rhs.text)
    }

    /// Hashes the link consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        text.hashScalars(into: &hasher)
    }

    /// Whether links of `scheme` (lowercased) are web URLs, with users and required hosts.
    private static func isWeb(_ scheme: String) -> Bool {
        scheme == "http" || scheme == "https"
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetter else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
        }
    }

    private static func readPairs(
        _ text: Substring, into query: inout [String: String], malformed: (String) -> RoutingError
    ) throws(RoutingError) {
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = String(parts[0]).removingPercentEncoding,
                let value = (parts.count > 1 ? String(parts[1]) : "").removingPercentEncoding
            else {
                throw malformed("the query item '\(pair)' has a bad percent-escape")
            }
            query[name] = value
        }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self)
    }
}
