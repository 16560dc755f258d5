import BasicRouting
import Testing

/// README.md's BasicRouting example, line for line: if this breaks, so does the README.
@Suite struct RoutingReadmeExampleTests {
    @Test("the README's BasicRouting example works as written")
    func readme() throws {
        var router = Router<String>()
        try router.register(scheme: "https") { "web: \($0.link.text)" }
        try router.register("mod://topic/:id") { "topic \($0.parameters["id"] ?? "")" }
        let screen = try router.route("mod://topic/42?from=push")  // "topic 42"
        #expect(screen == "topic 42")
        #expect(try router.route("https://example.com") == "web: https://example.com")
    }
}
