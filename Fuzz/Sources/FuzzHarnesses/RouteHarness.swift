import BasicRouting
import Foundation

/// See ``Harness/route``.
enum RouteHarness {
    /// At most this many patterns are registered, so that inputs stay cheap.
    static let maximumPatterns = 16

    static func run(_ data: Data) throws(HarnessFailure) {
        var lines = Check.text(data).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let link = lines.popLast() ?? ""

        var router = Router<Int>()
        var registered: [RoutePattern] = []
        for line in lines.prefix(maximumPatterns) {
            let index = registered.count
            do {
                if line.hasSuffix(":"), !line.contains("://") {
                    try router.register(scheme: String(line.dropLast())) { _ in index }
                } else {
                    try router.register(line) { _ in index }
                }
            } catch {
                try Check.clearError(error, from: "Router.register")
                continue
            }
            guard let pattern = router.patterns.last, router.patterns.count == index + 1 else {
                throw HarnessFailure("register of \(Check.quoted(line)) succeeded but added no pattern")
            }
            registered.append(pattern)
        }

        do {
            let parsed = try AppLink(link)
            try Check.that(parsed.scheme == parsed.scheme.lowercased(), "AppLink kept an upper-case scheme")
            try Check.that(parsed.text == link, "AppLink's text is not the text it was read from")
            try Check.that(
                !link.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F },
                "AppLink accepted spaces or control characters: \(Check.quoted(link))")
        } catch let failure as HarnessFailure {
            throw failure
        } catch {
            try Check.clearError(error, from: "AppLink(_:)")
        }

        let match: RouteMatch
        do {
            match = try router.match(link)
        } catch {
            try Check.clearError(error, from: "Router.match")
            return
        }
        let output: Int
        do {
            output = try router.route(link)
        } catch {
            throw HarnessFailure("match found \(match.pattern) for \(Check.quoted(link)) but route threw \(error)")
        }
        try Check.that(
            registered.indices.contains(output) && registered[output] == match.pattern,
            "route of \(Check.quoted(link)) ran the handler of another pattern than match found (\(match.pattern))")
        try Check.that(match.link.text == link, "the match's link is not the link routed")
    }
}
