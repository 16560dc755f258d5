import BasicRouting
import Testing

/// Issue 12, defect 4: hosts, path segments, schemes and parameter names are matched by their
/// Unicode scalars, as URLs compare them, not by Swift's `String ==`, which holds `é` (U+00E9) and
/// `e` + U+0301 equal.
@Suite struct RoutingKeyNormalizationTests {
    static let composed = "\u{E9}"
    static let decomposed = "e\u{301}"

    @Test("a literal segment matches only a segment with the same scalars, percent-encoded or not")
    func segments() throws {
        var router = Router<String>()
        try router.register("mod://topic/caf\(Self.composed)") { _ in "composed" }
        try router.register("mod://topic/:name") { $0.parameters["name"] ?? "" }
        #expect(try router.route("mod://topic/caf%C3%A9") == "composed")
        #expect(try router.route("mod://topic/caf%65%CC%81") == "caf\(Self.decomposed)")
        #expect(try router.route("mod://topic/cafe%CC%81") != "composed")
    }

    @Test("a literal host matches only a host with the same scalars")
    func hosts() throws {
        var router = Router<String>()
        try router.register("mod://\(Self.composed)") { _ in "composed" }
        #expect(try router.route("mod://\(Self.composed)") == "composed")
        #expect(throws: RoutingError.noRoute("mod://\(Self.decomposed)")) {
            try router.route("mod://\(Self.decomposed)")
        }
    }

    @Test("patterns that differ only in normalisation are two routes, not an ambiguous pair")
    func patternsAreDistinct() throws {
        var router = Router<String>()
        try router.register("mod://topic/\(Self.composed)") { _ in "composed" }
        try router.register("mod://topic/\(Self.decomposed)") { _ in "decomposed" }
        #expect(router.patterns.count == 2)
        #expect(try router.route("mod://topic/%C3%A9") == "composed")
        #expect(try router.route("mod://topic/e%CC%81") == "decomposed")
        #expect(try RoutePattern("mod://\(Self.composed)") != RoutePattern("mod://\(Self.decomposed)"))
    }

    @Test("links that differ only in normalisation are different links")
    func linksAreDistinct() throws {
        #expect(try AppLink("mod://\(Self.composed)") != AppLink("mod://\(Self.decomposed)"))
        #expect(Set([try AppLink("mod://\(Self.composed)"), try AppLink("mod://\(Self.decomposed)")]).count == 2)
        #expect(try AppLink("mod://x/y") == AppLink("mod://x/y"))
    }

    @Test("parameter names that differ only in normalisation are refused: one dictionary cannot hold both")
    func parameterNames() throws {
        let error = #expect(throws: RoutingError.self) {
            try RoutePattern("mod://:\(Self.composed)/:\(Self.decomposed)")
        }
        #expect(error?.description.contains("differ only in Unicode normalisation") == true)
    }
}
