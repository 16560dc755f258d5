import BasicRouting
import Testing

/// Issue 17, routes: empty hosts never fill a parameter, Budejie's `X@k` keeps X as the screen,
/// percent-escapes in patterns, and RFC 3986's dot segments.
@Suite struct RouteConformanceTests {
    enum Screen: Equatable, Sendable {
        case any(String)
        case mine(String)
        case topic(String)
        case deep(String, String)
    }

    static func router() throws -> Router<Screen> {
        var router = Router<Screen>()
        try router.register("mod://:screen") { .any($0.parameters["screen"] ?? "<nil>") }
        try router.register("mod://*/*") { .deep($0.link.host, $0.parameters["*"] ?? "<nil>") }
        try router.register("mod://BDJ_To_Mine") { .mine($0.link.query["dest"] ?? "") }
        try router.register("mod://topic/%E4%B8%AD") { _ in .topic("中") }
        return router
    }

    @Test(
        "a link with no host routes nowhere: a parameter or * never matches an empty host",
        arguments: ["mod://", "mod:", "mod:///", "mod://?from=push", "mod://#top", "mod://@dest=2"])
    func emptyHost(link: String) throws {
        let router = try Self.router()
        #expect(throws: RoutingError.noRoute(link)) { try router.route(link) }
    }

    @Test(
        "Budejie's host@parameters: the host stays the screen, with or without =value",
        arguments: [
            ("mod://BDJ_To_Mine@dest=2", "BDJ_To_Mine", ["dest": "2"]),
            ("mod://BDJ_To_Mine@k", "BDJ_To_Mine", ["k": ""]),
            ("mod://BDJ_To_Mine@", "BDJ_To_Mine", [:]),
            ("mod://BDJ_To_Mine@k&dest=3", "BDJ_To_Mine", ["k": "", "dest": "3"]),
            ("mod://BDJ_To_Cate@email=a@b.example", "BDJ_To_Cate", ["email": "a@b.example"]),
            ("https://user@example.com/a", "example.com", [:]),
            ("http://user:pw@example.com:8080/", "example.com", [:]),
        ] as [(String, String, [String: String])])
    func budejieParameters(text: String, host: String, query: [String: String]) throws {
        let link = try AppLink(text)
        #expect(link.host == host)
        #expect(link.query == query)
    }

    @Test("mod://X@k routes to the screen X, as mod://X@k=v does")
    func keyWithoutValueRoutes() throws {
        let router = try Self.router()
        #expect(try router.route("mod://BDJ_To_Mine@k") == .mine(""))
        #expect(try router.route("mod://BDJ_To_Mine@dest=2") == .mine("2"))
        #expect(try router.route("mod://BDJ_To_Other@k") == .any("BDJ_To_Other"))
    }

    @Test(
        "a percent-escape in a pattern's segment matches the decoded segment, escaped or not",
        arguments: ["mod://topic/中", "mod://topic/%E4%B8%AD", "mod://topic/%e4%b8%ad"])
    func percentInPattern(link: String) throws {
        #expect(try Self.router().route(link) == .topic("中"))
    }

    @Test(
        "a pattern with a bad escape or a dot segment is refused, saying why",
        arguments: [
            ("mod://topic/%zz", "bad percent-escape"), ("mod://a/../b", "dot segment"),
            ("mod://a/%2E", "dot segment"), ("mo\nd://a/:id", "control characters"), ("mod://a b/:id", "spaces"),
        ])
    func refusedPatterns(pattern: String, reason: String) {
        do {
            _ = try RoutePattern(pattern)
            Issue.record("\(pattern) was accepted")
        } catch {
            #expect(error.description.contains(reason), "\(error)")
        }
    }

    /// RFC 3986 §5.2.4's own examples and the dot-segment cases of §5.4 ("g/./h", "g/../h",
    /// "../../../g"…), written as absolute paths of one link.
    @Test(
        "dot segments are removed as RFC 3986 §5.2.4 says",
        arguments: [
            ("/a/b/c/./../../g", ["a", "g"]),
            ("/mid/content=5/../6", ["mid", "6"]),
            ("/b/c/./g/.", ["b", "c", "g"]),
            ("/b/c/g/./h", ["b", "c", "g", "h"]),
            ("/b/c/g/../h", ["b", "c", "h"]),
            ("/b/c/./../g", ["b", "g"]),
            ("/./g", ["g"]),
            ("/../g", ["g"]),
            ("/b/../../../g", ["g"]),
            ("/b/c/g.", ["b", "c", "g."]),
            ("/b/c/.g", ["b", "c", ".g"]),
            ("/b/c/g..", ["b", "c", "g.."]),
            ("/b/c/..g", ["b", "c", "..g"]),
            ("/b/c/.", ["b", "c"]),
            ("/b/c/..", ["b"]),
            ("/a/%2E%2E/b", ["b"]),
            ("/a/%2e/b", ["a", "b"]),
        ] as [(String, [String])])
    func dotSegments(path: String, segments: [String]) throws {
        #expect(try AppLink("mod://h" + path).pathSegments == segments)
        #expect(try AppLink("https://example.com" + path).pathSegments == segments)
    }

    @Test("a link that climbs out with .. routes as the path it resolves to")
    func dotSegmentsRoute() throws {
        let router = try Self.router()
        #expect(try router.route("mod://topic/x/../%E4%B8%AD") == .topic("中"))
        #expect(try router.route("mod://topic/./中") == .topic("中"))
    }
}
