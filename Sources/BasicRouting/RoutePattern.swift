/// A pattern of links a route handles: `mod://topic/:id`, `https://m.budejie.com/*`, or a
/// whole scheme.
///
/// - A literal host or segment matches itself (hosts case-insensitively), Unicode scalar for
///   scalar: `café` written with U+00E9 does not match `cafe` followed by U+0301. A literal
///   segment is percent-decoded, as a link's segments are: `%E4%B8%AD` matches `中`.
/// - `:name` matches any one host or segment, never an empty one (`mod://` and `mod:` have no
///   screen), and passes it on as the parameter `name`.
/// - `*` matches any one host or segment, never an empty one; as the last segment it matches
///   everything that follows, even nothing, passed on as the parameter `*`.
///
/// Specificity decides between patterns that both match, from the host down the path: a literal
/// beats a parameter, a parameter beats `*`, and a trailing `*` is the weakest; a pattern for a
/// whole scheme loses to every pattern with a host.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    enum Part: Sendable, Hashable {
        case literal(String)
        case parameter(String)
        case wildcard
        case rest

        /// Rank for specificity; `end` (the pattern has ended) sits between `rest` and `wildcard`.
        var rank: Int {
            switch self {
            case .literal: 4
            case .parameter: 3
            case .wildcard: 2
            case .rest: 0
            }
        }

        static let endRank = 1

        /// The part with the parameter's name dropped: two patterns with equal shapes match
        /// the same links.
        var shape: Part {
            if case .parameter = self { return .parameter("") }
            return self
        }

        /// Literals and names compare by their Unicode scalars, as links are matched.
        static func == (lhs: Part, rhs: Part) -> Bool {
            switch (lhs, rhs) {
            case (.literal(let a), .literal(let b)), (.parameter(let a), .parameter(let b)): a.hasSameScalars(as: b)
            case (.wildcard, .wildcard), (.rest, .rest): true
            default: false
            }
        }

        func hash(into hasher: inout Hasher) {
            switch self {
            case .literal(let text):
                hasher.combine(0)
                text.hashScalars(into: &hasher)
            case .parameter(let name):
                hasher.combine(1)
                name.hashScalars(into: &hasher)
            case .wildcard:
                hasher.combine(2)
            case .rest:
                hasher.combine(3)
            }
        }
    }

    /// The text of the pattern.
    public let description: String
    /// The scheme, lowercased.
    public let scheme: String
    /// The host and then the path segments; empty for a whole-scheme pattern.
    let parts: [Part]
    let isWholeScheme: Bool

    /// Reads a pattern written `scheme://host/segment/…`.
    ///
    /// - Throws: ``RoutingError/invalidPattern(_:reason:)``.
    public init(_ text: String) throws(RoutingError) {
        func invalid(_ reason: String) -> RoutingError { .invalidPattern(text, reason: reason) }
        guard !Self.hasSpaceOrControl(text) else {
            throw invalid("it holds spaces or control characters, which no link can; percent-encode them")
        }
        guard let separator = text.range(of: "://") else { throw invalid("it has no '://'") }
        let scheme = text[..<separator.lowerBound]
        guard !scheme.isEmpty, !scheme.contains(where: { $0 == "*" || $0 == ":" || $0 == "/" }) else {
            throw invalid("the scheme must be written out")
        }
        let pieces = text[separator.upperBound...].split(separator: "/", omittingEmptySubsequences: false)
        guard let hostPiece = pieces.first, !hostPiece.isEmpty else {
            throw invalid("it has no host; use * for any host")
        }
        var parts: [Part] = []
        var names: Set<String> = []
        for (offset, piece) in pieces.enumerated() {
            if offset > 0 && piece.isEmpty {
                if offset == pieces.count - 1 { continue }  // a trailing slash
                throw invalid("it has an empty segment")
            }
            if piece == "*" {
                parts.append(offset > 0 && offset == pieces.count - 1 ? .rest : .wildcard)
            } else if piece.hasPrefix(":") {
                let name = String(piece.dropFirst())
                guard !name.isEmpty else { throw invalid("a parameter needs a name after ':'") }
                // `names` is a Set<String>: it folds canonically equivalent names, as the match's
                // `[String: String]` parameters would, so such a pair is refused too.
                let (inserted, existing) = names.insert(name)
                guard inserted else {
                    if existing.hasSameScalars(as: name) { throw invalid("the parameter :\(name) appears twice") }
                    throw invalid(
                        "the parameters :\(existing) and :\(name) differ only in Unicode normalisation, so their "
                            + "values could not be told apart; rename one")
                }
                parts.append(.parameter(name))
            } else if piece.contains("*") || piece.contains(":") || piece.contains("?") || piece.contains("#") {
                throw invalid(
                    "'\(piece)' mixes text with * or :, or holds ? or #; match queries through the route's query")
            } else if offset == 0 {
                parts.append(.literal(piece.lowercased()))
            } else {
                guard let decoded = String(piece).removingPercentEncoding else {
                    throw invalid("the segment '\(piece)' has a bad percent-escape")
                }
                guard decoded != "." && decoded != ".." else {
                    throw invalid("'\(piece)' is a dot segment, which links never keep; write the path it stands for")
                }
                parts.append(.literal(decoded))
            }
        }
        self.description = text
        self.scheme = scheme.lowercased()
        self.parts = parts
        isWholeScheme = false
    }

    /// A pattern for every link of a scheme, whatever its host and path.
    public init(scheme: String) throws(RoutingError) {
        guard !scheme.isEmpty, !Self.hasSpaceOrControl(scheme),
            !scheme.contains(where: { $0 == "*" || $0 == ":" || $0 == "/" })
        else {
            throw RoutingError.invalidPattern(scheme, reason: "the scheme must be written out")
        }
        description = "\(scheme.lowercased()):"
        self.scheme = scheme.lowercased()
        parts = []
        isWholeScheme = true
    }

    /// Whether `text` holds what ``AppLink`` refuses in a link: white space or control characters.
    private static func hasSpaceOrControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
    }

    /// The parameters when `link` matches, or `nil`.
    func match(_ link: AppLink) -> [String: String]? {
        guard link.scheme.hasSameScalars(as: scheme) else { return nil }
        if isWholeScheme { return [:] }
        let values = [link.host] + link.pathSegments
        var parameters: [String: String] = [:]
        for (offset, part) in parts.enumerated() {
            switch part {
            case .rest:
                parameters["*"] = values[min(offset, values.count)...].joined(separator: "/")
                return parameters
            case _ where offset >= values.count:
                return nil
            case .literal(let literal):
                // Hosts compare case-insensitively (the pattern's host is stored lowercased).
                let value = offset == 0 ? values[offset].lowercased() : values[offset]
                guard literal.hasSameScalars(as: value) else { return nil }
            case .parameter(let name):
                guard !values[offset].isEmpty else { return nil }
                parameters[name] = values[offset]
            case .wildcard:
                guard !values[offset].isEmpty else { return nil }
            }
        }
        return parts.count == values.count ? parameters : nil
    }

    /// The ranks compared for specificity, padded with the end rank.
    func ranks(count: Int) -> [Int] {
        if isWholeScheme { return [-1] + Array(repeating: -1, count: max(0, count - 1)) }
        return parts.map(\.rank) + Array(repeating: Part.endRank, count: max(0, count - parts.count))
    }

    /// Whether this pattern is more specific than `other`.
    func isMoreSpecific(than other: RoutePattern) -> Bool {
        let length = max(parts.count, other.parts.count, 1)
        return other.ranks(count: length).lexicographicallyPrecedes(ranks(count: length))
    }

    /// Whether two patterns were written the same, Unicode scalar for scalar.
    public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool {
        lhs.isWholeScheme == rhs.isWholeScheme && lhs.description.hasSameScalars(as: rhs.description)
    }

    /// Hashes the pattern consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(isWholeScheme)
        description.hashScalars(into: &hasher)
    }

    /// Whether the two patterns match exactly the same links with the same specificity.
    func isAmbiguous(with other: RoutePattern) -> Bool {
        scheme.hasSameScalars(as: other.scheme) && isWholeScheme == other.isWholeScheme
            && parts.map(\.shape) == other.parts.map(\.shape)
    }
}
