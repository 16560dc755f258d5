import Foundation
import TestSupport
import Testing

/// A library folder of one test, `bsl feeds` run on it, and this test's paths on the feed server.
struct FeedsCLI {
    static let bsl = TestPaths.builtProduct("bsl")

    let directory: TemporaryDirectory
    let server: FeedTestServer
    /// A path prefix no other test uses.
    let prefix: String

    init() async throws {
        directory = try TemporaryDirectory(prefix: "FeedsCLITests")
        server = try await FeedTestServer.shared()
        prefix = "/cli/" + UUID().uuidString.lowercased()
    }

    /// The library's folder (made by the first command that writes).
    var library: String { directory.path("library").path }

    /// `bsl feeds ARGUMENTS --library <the test's folder>`, without COLUMNS (so tables are whole).
    func run(_ arguments: [String], environment: [String: String?] = [:]) async throws -> ProcessResult {
        var variables = environment
        if variables["COLUMNS"] == nil { variables["COLUMNS"] = .some(nil) }
        return try await ProcessRunner.run(
            Self.bsl, ["feeds"] + arguments + ["--library", library], environment: variables)
    }

    /// The URL of `name` under this test's prefix, as text.
    func address(_ name: String) -> String { server.url(prefix + "/" + name).absoluteString }

    /// Serves `body` at `name` (as RSS unless told otherwise).
    func serve(_ name: String, _ body: String, configure: (inout FeedTestServer.Resource) -> Void = { _ in })
        async throws
    {
        var resource = FeedTestServer.Resource(
            path: prefix + "/" + name, body: body, contentType: "application/rss+xml")
        configure(&resource)
        try await server.set(resource)
    }

    /// Makes `name` answer `status` from now on.
    func fail(_ name: String, status: Int) async throws {
        try await server.set(FeedTestServer.Resource(path: prefix + "/" + name, status: status))
    }

    /// What `name` was asked.
    func hits(_ name: String) async throws -> FeedTestServer.Hits {
        try await server.hits(prefix + "/" + name)
    }

    /// An RSS 2.0 feed of `items` (guid, title, description, content).
    static func rss(title: String, _ items: [(id: String, title: String, body: String)]) -> String {
        let entries = items.map { item in
            "<item><guid isPermaLink=\"false\">\(item.id)</guid><title>\(escaped(item.title))</title>"
                + "<link>https://example.org/\(item.id)</link>"
                + "<description>\(escaped(item.body))</description></item>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>\(escaped(title))</title><link>https://example.org/</link>
            \(entries.joined(separator: "\n"))
            </channel></rss>
            """
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    /// The JSON array a `--json` command printed.
    static func objects(_ output: String) throws -> [[String: Any]] {
        let parsed = try JSONSerialization.jsonObject(with: Data(output.utf8))
        return try #require(parsed as? [[String: Any]], "not a JSON array: \(output)")
    }

    /// The lines of `text`, without the empty last one.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }
}
