import BasicFormat
import Foundation
import TestSupport
import Testing

/// README.md's `swift run bsl cnblogs …` lines, run as written (from the package root, with the
/// built `bsl`, a data folder of their own and a temporary folder for `/tmp` files): if this
/// breaks, so does the README.
@Suite struct CnblogsReadmeCommandTests {
    /// Every `swift run bsl cnblogs` line of the README's shell blocks, as words, without its comment.
    static func commandLines() throws -> [[String]] {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var lines: [[String]] = []
        var inShell = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
                continue
            }
            guard inShell, line.hasPrefix("swift run bsl cnblogs") else { continue }
            let command = line.components(separatedBy: "  #")[0]
            lines.append(command.split(separator: " ").map(String.init))
        }
        return lines
    }

    @Test("the README shows the quick start and the cnblogs commands, and every one of them runs")
    func readmeCommands() async throws {
        let lines = try Self.commandLines()
        #expect(lines.first == ["swift", "run", "bsl", "cnblogs", "news", "--replay", "Samples/cnblogs-today"])
        #expect(lines.count >= 10, "\(lines)")
        let folder = try TemporaryDirectory(prefix: "CnblogsReadme")
        for words in lines {
            let arguments = words.dropFirst(3).map {
                $0.hasPrefix("/tmp/") ? folder.path(String($0.dropFirst(5))).path : $0
            }
            let result = try await ProcessRunner.run(
                TestPaths.builtProduct("bsl"), Array(arguments), currentDirectory: TestPaths.packageRoot,
                environment: [
                    "CNBLOGS_TOKEN": nil, "CNBLOGS_CLIENT_SECRET": nil, "XDG_DATA_HOME": folder.path("data").path,
                ])
            let line = words.joined(separator: " ")
            #expect(result.status == 0, "\(line): \(result.standardError)")
            #expect(!result.standardOutput.isEmpty, "\(line) printed nothing")
            if line.contains("offline") { #expect(result.standardOutput.contains("news-551203"), "\(line)") }
            if line.contains("--html") {
                #expect(FileManager.default.fileExists(atPath: folder.path("news.html").path))
            }
        }
    }

    @Test("the quick start's news at 80 columns: no line wider than the terminal, long titles cut with …, counts —")
    func quickStartOnTerminal() async throws {
        let lines = try await BSLTerminalTableTests.runOnTerminal(
            columns: 80,
            ["cnblogs", "news", "--replay", TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs-today").path])
        #expect(lines.count == 9, "\(lines)")  // the header and the feed's 8 items
        for line in lines {
            #expect(TextWidth.columns(of: line) <= 80, "\(TextWidth.columns(of: line)) columns: \(line)")
        }
        #expect(lines.first?.hasPrefix("id      title") == true)
        #expect(lines.count > 1 && lines[1].hasPrefix("789012  开源数据库 DuckDB 发布 1.3 版"), "\(lines)")
        #expect(lines.count > 1 && lines[1].contains("\u{2026}"), "\(lines)")
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix("\u{2014}/\u{2014}") }, "\(lines)")
    }
}
