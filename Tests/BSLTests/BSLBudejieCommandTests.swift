import BasicCore
import Foundation
import TestSupport
import Testing

/// Runs the built `bsl budejie squares` on the sample recording and against the test server.
@Suite struct BSLBudejieCommandTests {
    static let bsl = TestPaths.builtProduct("bsl")
    static let sample = TestPaths.packageRoot.appendingPathComponent("Samples/budejie").path

    @Test("squares --replay prints a table of name, kind of link and link, and what was dropped")
    func table() async throws {
        let result = try await ProcessRunner.run(Self.bsl, ["budejie", "squares", "--replay", Self.sample])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 17)
        #expect(lines[0] == "审帖        native  mod://BDJ_To_Check")
        #expect(lines[2] == "游戏中心    web     http://m.budejie.com/game?from=app&type=1")
        #expect(lines.last == "16 squares, 2 dropped (no name or no link)")
    }

    @Test("with COLUMNS=60 every link stays whole, however long")
    func narrowTerminal() async throws {
        let result = try await ProcessRunner.run(
            Self.bsl, ["budejie", "squares", "--replay", Self.sample], environment: ["COLUMNS": "60"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 17)
        // A link is never cut: it is clicked or copied whole (issue 13), even past the width.
        #expect(lines[2].hasSuffix("  http://m.budejie.com/game?from=app&type=1"), "\(lines[2])")
        let json = try await ProcessRunner.run(Self.bsl, ["budejie", "squares", "--replay", Self.sample, "--json"])
        let links = try JSONValue(parsing: json.standardOutput)["squares"]?.arrayValue?.compactMap {
            $0["url"]?.asString
        }
        #expect(links?.count == 16)
        for (line, link) in zip(lines, links ?? []) {
            #expect(line.hasSuffix("  " + link), "\(line)")
        }
    }

    @Test("squares --json prints the models")
    func json() async throws {
        let result = try await ProcessRunner.run(Self.bsl, ["budejie", "squares", "--replay", Self.sample, "--json"])
        let output = try JSONValue(parsing: result.standardOutput)
        #expect(output["squares"]?.arrayValue?.count == 16)
        #expect(
            output["squares"]?[1] == [
                "id": 31, "name": "排行榜", "icon": "http://img.spriteapp.cn/ugc/2016/0412/rank_icon.png",
                "url": "mod://BDJ_To_Mine@dest=2", "kind": "native",
            ])
        #expect(output["squares"]?[6]?["icon"] == .null)
        #expect(output["tags"]?[1] == ["id": 124, "name": "萌宠乐园"])
        #expect(output["dropped"] == 2)
    }

    @Test("a network failure exits 1 with the error and a hint to replay")
    func networkFailure() async throws {
        let stopped = try await TestHTTPServer.start()
        stopped.stop()
        let result = try await ProcessRunner.run(
            Self.bsl, ["budejie", "squares", "--api", stopped.baseURL.absoluteString])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains("--replay Samples/budejie"))
    }

    @Test("a malformed response exits 1 naming the key path")
    func malformedResponse() async throws {
        let server = try await TestHTTPServer.shared()
        let result = try await ProcessRunner.run(
            Self.bsl, ["budejie", "squares", "--api", server.url("/fixtures/budejie/list-string").absoluteString])
        #expect(result.status == 1)
        #expect(result.standardError.contains("square_list"), "\(result.standardError)")
    }
}
