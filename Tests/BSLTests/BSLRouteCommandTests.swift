import BasicCore
import Foundation
import TestSupport
import Testing

/// Runs the built `bsl route` against the sample deep-link table and tables of its own.
@Suite struct BSLRouteCommandTests {
    static let bsl = TestPaths.builtProduct("bsl")
    static let table = TestPaths.packageRoot.appendingPathComponent("Samples/routes/budejie.json").path

    @Test(
        "routes sample links to the most specific entry, with parameters and query items",
        arguments: [
            (
                "mod://topic/42?from=push",
                #"{"name":"topic","pattern":"mod://topic/:id","parameters":{"id":"42"},"query":{"from":"push"},"fragment":null}"#
            ),
            (
                "mod://topic/hot",
                #"{"name":"hot topics","pattern":"mod://topic/hot","parameters":{},"query":{},"fragment":null}"#
            ),
            (
                "mod://BDJ_To_Mine@dest=2",
                #"{"name":"my page","pattern":"mod://BDJ_To_Mine","parameters":{},"query":{"dest":"2"},"fragment":null}"#
            ),
            (
                "mod://BDJ_To_Random",
                #"{"name":"any native screen","pattern":"mod://:screen","parameters":{"screen":"BDJ_To_Random"},"query":{},"fragment":null}"#
            ),
            (
                "mod://BDJ_To_Cate@cate=3#type=0",
                #"{"name":"category","pattern":"mod://BDJ_To_Cate","parameters":{},"query":{"cate":"3"},"fragment":"type=0"}"#
            ),
            (
                "mod://BDJ_To_Mine@k",
                #"{"name":"my page","pattern":"mod://BDJ_To_Mine","parameters":{},"query":{"k":""},"fragment":null}"#
            ),
            (
                "http://m.budejie.com/game?from=app",
                #"{"name":"web page","pattern":"http:","parameters":{},"query":{"from":"app"},"fragment":null}"#
            ),
        ])
    func routes(url: String, expected: String) async throws {
        let result = try await ProcessRunner.run(Self.bsl, ["route", url, "--table", Self.table, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try JSONValue(parsing: result.standardOutput) == (try JSONValue(parsing: expected)))
    }

    @Test("prints the route for people by default")
    func human() async throws {
        let result = try await ProcessRunner.run(
            Self.bsl, ["route", "mod://topic/42?from=push", "--table", Self.table])
        #expect(result.standardOutput == "route:   topic\npattern: mod://topic/:id\n  id = 42\n  ?from = push\n")
        let withFragment = try await ProcessRunner.run(
            Self.bsl, ["route", "mod://topic/42#comments", "--table", Self.table])
        #expect(withFragment.standardOutput == "route:   topic\npattern: mod://topic/:id\n  id = 42\n  #comments\n")
    }

    @Test(
        "no route exits 1, a malformed URL 64, a bad table 1 naming the entry",
        arguments: [
            ("ftp://files.example.com/x", nil as String?, 1 as Int32, "no route for ftp://files.example.com/x"),
            ("not a url", nil, 64, "cannot route 'not a url'"),
            ("mod://", nil, 1, "no route for mod://"),
            (
                "mod://a", #"{"routes":[{"name":"x","pattern":"mod://a/:id"},{"name":"y","pattern":"mod://a/:n"}]}"#, 1,
                "route 1:"
            ),
            ("mod://a", #"{"routes":[{"name":"x"}]}"#, 1, "needs a \"pattern\" or a \"scheme\""),
            ("mod://a", #"{"routes": 3}"#, 1, "expected {\"routes\": [...]}"),
            ("mod://a", "{", 1, "invalid JSON"),
        ])
    func failures(url: String, table: String?, status: Int32, message: String) async throws {
        let folder = try TemporaryDirectory()
        var path = Self.table
        if let table {
            path = folder.path("table.json").path
            try Data(table.utf8).write(to: URL(fileURLWithPath: path))
        }
        let result = try await ProcessRunner.run(Self.bsl, ["route", url, "--table", path])
        #expect(result.status == status, "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }
}
