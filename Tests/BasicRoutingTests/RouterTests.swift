import BasicRouting
import Foundation
import Testing

@Suite struct RouterTests {
    enum Destination: Equatable, Sendable {
        case web(String)
        case check
        case topic(String)
        case hotTopic
        case anyScreen(String)
        case deep(String, String)
    }

    static let registrations: [(String?, String, @Sendable (RouteMatch) -> Destination)] = [
        ("http", "", { .web($0.link.text) }),
        ("https", "", { .web($0.link.text) }),
        (nil, "mod://BDJ_To_Check", { _ in .check }),
        (nil, "mod://topic/:id", { .topic($0.parameters["id"] ?? "") }),
        (nil, "mod://topic/hot", { _ in .hotTopic }),
        (nil, "mod://:screen", { .anyScreen($0.parameters["screen"] ?? "") }),
        (nil, "mod://*/*", { .deep($0.link.host, $0.parameters["*"] ?? "") }),
    ]

    static func router(reversed: Bool) throws -> Router<Destination> {
        var router = Router<Destination>()
        for (scheme, pattern, handler) in reversed ? registrations.reversed() : registrations {
            if let scheme {
                try router.register(scheme: scheme, handler)
            } else {
                try router.register(pattern, handler)
            }
        }
        return router
    }

    @Test(
        "the most specific pattern wins, whatever the order of registration",
        arguments: [
            ("mod://topic/hot", Destination.hotTopic),
            ("mod://topic/42", .topic("42")),
            ("mod://topic/42?from=push", .topic("42")),
            ("mod://BDJ_To_Check", .check),
            ("mod://bdj_to_check", .check),
            ("mod://BDJ_To_Mine@dest=2", .anyScreen("BDJ_To_Mine")),
            ("mod://topic", .anyScreen("topic")),
            ("mod://topic/42/comments", .deep("topic", "42/comments")),
            ("mod://other/x/y", .deep("other", "x/y")),
            ("http://m.budejie.com/game?from=app", .web("http://m.budejie.com/game?from=app")),
            ("https://shop.budejie.com/", .web("https://shop.budejie.com/")),
        ] as [(String, Destination)])
    func specificity(url: String, expected: Destination) throws {
        #expect(try Self.router(reversed: false).route(url) == expected)
        #expect(try Self.router(reversed: true).route(url) == expected)
    }

    @Test("a match carries the pattern, its parameters and the query items")
    func matchDetails() throws {
        let router = try Self.router(reversed: false)
        let match = try router.match("mod://topic/42?from=push&ref=%E6%88%91")
        #expect(match.pattern.description == "mod://topic/:id")
        #expect(match.parameters == ["id": "42"])
        #expect(match.query == ["from": "push", "ref": "我"])
        let budejie = try router.match("mod://BDJ_To_Cate@cate=3#type=0")
        #expect(budejie.query == ["cate": "3"])
        #expect(budejie.link.fragment == "type=0")
        #expect(try router.route(try #require(URL(string: "mod://topic/7"))) == .topic("7"))
    }

    @Test("no matching route is noRoute naming the URL", arguments: ["ftp://files.example.com/x", "budejie://home"])
    func noRoute(url: String) throws {
        let router = try Self.router(reversed: false)
        #expect(throws: RoutingError.noRoute(url)) { try router.route(url) }
        #expect(RoutingError.noRoute(url).description.hasPrefix("no route for \(url)"))
    }

    @Test("a malformed URL is an error, not a trap")
    func malformed() throws {
        let router = try Self.router(reversed: false)
        #expect(throws: RoutingError.self) { try router.route("not a url") }
        #expect(throws: RoutingError.self) { try router.route("") }
    }

    @Test(
        "a pattern that would tie with an earlier one is a registration error",
        arguments: [
            ("mod://topic/:id", "mod://topic/:name"),
            ("mod://*/x", "mod://*/x"),
            ("mod://a/*", "mod://A/*"),
        ])
    func ties(first: String, second: String) throws {
        var router = Router<Int>()
        try router.register(first) { _ in 1 }
        #expect(throws: RoutingError.ambiguousPattern(second, existing: first)) {
            try router.register(second) { _ in 2 }
        }
        #expect(router.patterns.count == 1)
    }

    @Test("two routes for the same scheme tie; different literals do not")
    func schemeTiesAndDistinctLiterals() throws {
        var router = Router<Int>()
        try router.register(scheme: "http") { _ in 1 }
        #expect(throws: RoutingError.self) { try router.register(scheme: "HTTP") { _ in 2 } }
        try router.register("mod://a/b") { _ in 3 }
        try router.register("mod://a/c") { _ in 4 }
        #expect(try router.route("mod://a/c") == 4)
    }

    @Test(
        "invalid patterns are errors that say what is wrong",
        arguments: [
            ("topic/:id", "no '://'"),
            ("mod://", "no host"),
            ("mod://a//b", "empty segment"),
            ("mod://a/:", "needs a name"),
            ("mod://a/:x/:x", "appears twice"),
            ("mod://a/b*", "mixes text"),
            ("*://a", "scheme must be written out"),
            ("mod://a/b?x=1", "holds ? or #"),
        ])
    func invalidPatterns(pattern: String, reason: String) {
        var router = Router<Int>()
        do {
            try router.register(pattern) { _ in 0 }
            Issue.record("\(pattern) was accepted")
        } catch {
            guard case .invalidPattern(let text, let message) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(text == pattern)
            #expect(message.contains(reason), "\(message)")
        }
    }

    @Test("an error the handler throws reaches the caller whole, inside handlerFailed")
    func handlerErrors() throws {
        struct Refused: Error, Equatable, CustomStringConvertible {
            var description: String { "the screen is locked" }
        }
        var router = Router<Int>()
        try router.register("mod://locked") { _ in throw Refused() }
        do throws(RoutingError) {
            _ = try router.route("mod://locked")
            Issue.record("the handler's error was lost")
        } catch {
            guard case .handlerFailed(let url, let underlying) = error else {
                Issue.record("expected handlerFailed, got \(error)")
                return
            }
            #expect(url == "mod://locked")
            #expect(underlying.error as? Refused == Refused())
            #expect(error == .handlerFailed("mod://locked", .init(Refused())))
            #expect(error.description == "the handler for 'mod://locked' failed: the screen is locked")
        }
    }

    @Test("a RoutingError the handler throws, from a router of its own, passes through unwrapped")
    func handlerRoutingErrors() throws {
        var innerRouter = Router<Int>()
        try innerRouter.register("mod://inner/a") { _ in 1 }
        let inner = innerRouter
        var outer = Router<Int>()
        try outer.register("mod://outer/:rest") { match in
            try inner.route("mod://inner/\(match.parameters["rest"] ?? "")")
        }
        #expect(try outer.route("mod://outer/a") == 1)
        #expect(throws: RoutingError.noRoute("mod://inner/b")) { try outer.route("mod://outer/b") }
    }
}
