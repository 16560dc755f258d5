import Foundation
import TestSupport
import Testing

/// `bsl reader` under the environments a terminal user has: `NO_COLOR`, `TERM` from
/// `xterm-256color` down to `vt100` and `dumb`, a locale that is not UTF-8 — and the article
/// pager's keys end to end (`?`, `c`, `s` into 离线), in a real pseudo-terminal (tmux).
@Suite struct ReaderTerminalEnvironmentTests {
    /// The shell line that starts the reader under `environment` (`NAME=value …`) and writes its
    /// exit status to `status.txt`.
    static func readerLine(_ pane: TmuxPane, environment: String) -> String {
        "env \(environment) \(ReaderTerminalTests.readerLine(pane))"
    }

    @Test(
        "colour shows on colour terminals, and goes with NO_COLOR or vt100 (which loses faint text too)",
        arguments: [
            ("TERM=xterm-256color", true, true), ("TERM=xterm-256color NO_COLOR=1", false, true),
            ("TERM=screen-256color", true, true), ("TERM=linux", true, true), ("TERM=vt100", false, false),
        ])
    func colour(environment: String, colour: Bool, faint: Bool) async throws {
        try await TmuxPane.with { pane in
            try await pane.run(Self.readerLine(pane, environment: environment))
            try await pane.waitForScreen("the list") { $0.hasPrefix("[首页] 精华") && $0.contains("1/20") }
            let escapes = try await pane.screenWithEscapes()
            // tmux writes the current tab's accent (SGR 36) and the status line's faint (SGR 2)
            // back as escapes of its own: a 36 and a 2 among the parameters of an SGR.
            #expect(Self.hasSGR(escapes, "36") == colour, "\(escapes.prefix(300).debugDescription)")
            #expect(Self.hasSGR(escapes, "2") == faint, "\(escapes.suffix(300).debugDescription)")
            try await pane.send("q")
            #expect(try await pane.waitForFile("status.txt") == "0\n")
        }
    }

    /// Whether some SGR sequence in `text` has `code` among its parameters.
    static func hasSGR(_ text: String, _ code: String) -> Bool {
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { !("0"..."9").contains($0) && $0 != ";" }) else { return false }
            if rest[end] == "m", rest[..<end].split(separator: ";").contains(Substring(code)) { return true }
            rest = rest[end...]
        }
        return false
    }

    @Test(
        "a locale that is not UTF-8, or a dumb terminal, is refused at start in one line, with exit 64",
        arguments: [
            ("LANG=C LC_ALL= LC_CTYPE=", "the locale C is not UTF-8"),
            ("LC_ALL=zh_CN.GB18030", "the locale zh_CN.GB18030 is not UTF-8"),
            ("TERM=dumb", "(TERM=dumb) cannot move the cursor"),
        ])
    func refused(environment: String, message: String) async throws {
        try await TmuxPane.with { pane in
            try await pane.run(Self.readerLine(pane, environment: environment))
            #expect(try await pane.waitForFile("status.txt") == "64\n")
            let screen = try await pane.screen()
            #expect(screen.contains(message), "\(screen)")
            #expect(screen.contains("Error: "), "\(screen)")
        }
    }

    @Test("? shows the keys; c shows the comments; s saves the article, which 离线 then lists")
    func pagerKeys() async throws {
        try await TmuxPane.with { pane in
            try await pane.run(ReaderTerminalTests.readerLine(pane))
            try await pane.waitForScreen("the list") { $0.contains("> Swift 6 的严格并发") && $0.contains("1/20") }
            try await pane.send("?")
            try await pane.waitForScreen("the keys") { $0.hasPrefix("Keys") && $0.contains("the article's comments") }
            try await pane.send("x")
            try await pane.waitForScreen("the list again") { $0.contains("> Swift 6 的严格并发") }
            try await pane.send("Enter")
            try await pane.waitForScreen("the article") { $0.hasPrefix("Swift 6 的严格并发") && $0.contains("%") }
            try await pane.send("c")
            try await pane.waitForScreen("the comments") { $0.contains("#1 ") && $0.contains("comments") }
            try await pane.send("c")
            try await pane.waitForScreen("the article again") { $0.contains("c comments") }
            try await pane.send("s")
            try await pane.waitForScreen("the article saved") { $0.contains("for reading offline") }
            try await pane.send("q", "6")
            try await pane.waitForScreen("离线 listing it") {
                $0.hasPrefix("首页 精华 新闻 排行 订阅 [离线]") && $0.contains("Swift 6 的严格并发")
            }
            try await pane.send("q")
            #expect(try await pane.waitForFile("status.txt") == "0\n")
        }
    }
}
