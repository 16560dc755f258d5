import BasicFormat
import Foundation
import TestSupport
import Testing

/// Tables measure the terminal (TIOCGWINSZ, else COLUMNS, else 80) and cut the widest text column
/// with `…` so that no line wraps; in a pipe every value is whole.
@Suite struct BSLTerminalTableTests {
    static let bsl = TestPaths.builtProduct("bsl")
    static let sample = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs").path

    /// Runs `bsl` on a pseudo-terminal `columns` wide (util-linux's `script`), without COLUMNS;
    /// the lines come back as the terminal got them, `\r\n` ended.
    static func runOnTerminal(columns: Int, _ arguments: [String]) async throws -> [String] {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            try Test.cancel("util-linux's script is not installed, so there is no pseudo-terminal to test on")
        }
        let line = ([bsl.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let result = try await ProcessRunner.run(
            script, ["-qec", "stty cols \(columns) rows 24; " + line.joined(separator: " "), "/dev/null"],
            environment: ["COLUMNS": nil])
        #expect(result.status == 0, "\(result.standardOutput)")
        return result.standardOutput.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.isEmpty }
    }

    @Test("the legacy news at 80 columns: no line wider than the terminal, long titles cut with …")
    func newsOnTerminal() async throws {
        let lines = try await Self.runOnTerminal(
            columns: 80, ["cnblogs", "news", "--source", "legacy", "--replay", Self.sample])
        #expect(lines.count == 5, "\(lines)")
        for line in lines {
            #expect(TextWidth.columns(of: line) <= 80, "\(TextWidth.columns(of: line)) columns: \(line)")
        }
        #expect(lines[0].hasPrefix("id      title"))
        #expect(lines[0].hasSuffix("views/comments"))
        #expect(lines[1].hasPrefix("551203  小米发布新款笔记本 “Air”，售价 3"), "\(lines[1])")
        #expect(lines[1].contains("\u{2026}  IT之家"), "\(lines[1])")
        #expect(lines[4].contains("GitHub 推出 'Projects' 看板功能 "), "short titles stay whole: \(lines[4])")
    }

    @Test("piped, the same command keeps whole titles")
    func newsPiped() async throws {
        let result = try await ProcessRunner.run(
            Self.bsl, ["cnblogs", "news", "--source", "legacy", "--replay", Self.sample], environment: ["COLUMNS": nil])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("小米发布新款笔记本 “Air”，售价 3499 元起    IT之家"))
        #expect(!result.standardOutput.contains("\u{2026}"))
    }

    @Test(
        "every table fits a narrow terminal, down to the columns that cannot shrink",
        arguments: [
            (60, ["cnblogs", "blogs"]), (56, ["cnblogs", "news"]), (60, ["cnblogs", "comments", "5770214"]),
            (40, ["cnblogs", "bloggers"]),
        ])
    func narrow(columns: Int, arguments: [String]) async throws {
        let lines = try await Self.runOnTerminal(
            columns: columns, arguments + ["--source", "legacy", "--replay", Self.sample])
        #expect(lines.count > 1)
        for line in lines {
            #expect(TextWidth.columns(of: line) <= columns, "\(TextWidth.columns(of: line)) columns: \(line)")
        }
    }

    @Test("on a narrow terminal a link is never cut: names shrink to 8, and a longer link runs past the width")
    func linksStayWhole() async throws {
        let sample = TestPaths.packageRoot.appendingPathComponent("Samples/budejie").path
        let lines = try await Self.runOnTerminal(columns: 44, ["budejie", "squares", "--replay", sample])
        let squares = lines.dropLast()  // the count line
        #expect(squares.count == 16, "\(lines)")
        #expect(squares.contains("游戏中心  web     http://m.budejie.com/game?from=app&type=1"), "\(lines)")
        for line in squares {
            // Name (at most 8), kind (6), two gaps, then the link whole.
            let link = try #require(line.split(separator: " ").last.map(String.init))
            #expect(link.contains("://") && !link.contains("\u{2026}"), "\(line)")
            #expect(TextWidth.columns(of: line) <= 8 + 2 + 6 + 2 + TextWidth.columns(of: link), "\(line)")
        }
    }

    @Test("narrower than the columns that cannot shrink, each text column is cut to 8 and no further")
    func tooNarrow() async throws {
        let lines = try await Self.runOnTerminal(
            columns: 30, ["cnblogs", "news", "--source", "legacy", "--replay", Self.sample])
        // id 6, title 8, source 8, published 10, views/comments 14, and four gaps of 2.
        #expect(lines[0] == "id      title     source    published   views/comments")
        #expect(lines[1].hasPrefix("551203  小米发…   IT之家    2016-08-14"), "\(lines[1])")
    }
}
