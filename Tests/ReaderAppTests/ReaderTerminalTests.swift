import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `bsl reader --replay Samples/cnblogs-today` in a real pseudo-terminal (tmux, 80×24): keys in,
/// the screen read back with `capture-pane -p`.
@Suite struct ReaderTerminalTests {
    static let bsl = TestPaths.builtProduct("bsl").path
    static let sample = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs-today").path

    /// The last line of a screen that has text: the reader's status line.
    static func statusLine(_ screen: String) -> String {
        screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init) ?? ""
    }

    /// The shell line that starts the reader and writes its exit status to `status.txt`.
    static func readerLine(_ pane: TmuxPane) -> String {
        "'\(bsl)' reader --replay '\(sample)' --library '\(pane.folder.path("library").path)'; echo $? > status.txt"
    }

    @Test("tabs switch, an article opens and pages, back returns to the same position, q exits 0")
    func browse() async throws {
        try await TmuxPane.with { pane in
            try await pane.run(Self.readerLine(pane))
            try await pane.waitForScreen("the site home's list") {
                $0.hasPrefix("[首页] 精华") && $0.contains("> Swift 6 的严格并发") && $0.contains("1/20")
            }
            try await pane.send("Tab")
            try await pane.waitForScreen("精华 current") {
                $0.hasPrefix("首页 [精华] 新闻") && $0.contains("读《重构》第二版")
            }
            try await pane.send("3")
            try await pane.waitForScreen("the news") { $0.hasPrefix("首页 精华 [新闻]") && $0.contains("DuckDB") }
            try await pane.send("BTab", "BTab")
            try await pane.waitForScreen("首页 again, still loaded") {
                $0.hasPrefix("[首页] 精华") && $0.contains("> Swift 6 的严格并发")
            }
            // Down two and back up two: the selection is on the first post, which the recording has.
            try await pane.send("j", "j")
            try await pane.waitForScreen("the third entry selected") { $0.contains("> Kubernetes 排错手记") }
            try await pane.send("k", "k", "Enter")
            let article = try await pane.waitForScreen("the article") {
                $0.hasPrefix("Swift 6 的严格并发") && $0.contains("南山行者 · ") && $0.contains("%")
            }
            let firstPage = Self.statusLine(article)
            try await pane.send("Space")
            try await pane.waitForScreen("the next page") {
                let status = Self.statusLine($0)
                return status != firstPage && status.contains("100%")
            }
            try await pane.send("q")
            try await pane.waitForScreen("the list, where it was") {
                $0.hasPrefix("[首页] 精华") && $0.contains("> Swift 6 的严格并发") && $0.contains("1/20")
            }
            try await pane.send("G", "Enter")
            try await pane.waitForScreen("an article the recording lacks, failing inline") {
                $0.contains("Could not load the article") && $0.contains("Press r to retry")
            }
            try await pane.send("Escape")
            try await pane.waitForScreen("the list at its last entry") { $0.contains("20/20") }
            try await pane.send("q")
            #expect(try await pane.waitForFile("status.txt") == "0\n")
        }
    }

    @Test("a resize (SIGWINCH) redraws the article and the list at the new size")
    func resize() async throws {
        try await TmuxPane.with { pane in
            try await pane.run(Self.readerLine(pane))
            try await pane.waitForScreen("the list") { $0.hasPrefix("[首页] 精华") && $0.contains("1/20") }
            try await pane.send("Enter")
            let wide = try await pane.waitForScreen("the article at 80 columns") { Self.statusLine($0).contains("%") }
            try await pane.tmux("resize-window", "-t", "0", "-x", "40", "-y", "20")
            let narrow = try await pane.waitForScreen("the article at 40 columns") { screen in
                let lines = screen.split(separator: "\n")
                return lines.count <= 20 && Self.statusLine(screen).contains("%")
                    && Self.statusLine(screen) != Self.statusLine(wide)
                    && lines.allSatisfy { BasicFormatWidth.columns(String($0)) <= 40 }
            }
            #expect(narrow.hasPrefix("Swift 6 的严格并发"))
            try await pane.send("q")
            try await pane.waitForScreen("the list at 40 columns") {
                $0.hasPrefix("[首页] 精华") && $0.contains("> Swift 6 的严格并发") && $0.contains("1/20")
                    && !$0.contains("南山行者")
            }
            try await pane.send("q")
            #expect(try await pane.waitForFile("status.txt") == "0\n")
        }
    }

    @Test(
        "after q, Ctrl-C, SIGTERM, SIGHUP or SIGQUIT the main screen is back and stty -a is as before",
        arguments: ["q", "C-c", "TERM", "HUP", "QUIT"])
    func restores(ending: String) async throws {
        try await TmuxPane.with { pane in
            try await pane.run("stty -a > before.txt")
            _ = try await pane.waitForFile("before.txt")
            try await pane.run(Self.readerLine(pane))
            try await pane.waitForScreen("the reader") { $0.hasPrefix("[首页] 精华") && $0.contains("1/20") }
            let signals = ["TERM": SIGTERM, "HUP": SIGHUP, "QUIT": SIGQUIT]
            if let signal = signals[ending] {
                let child = try #require(try await pane.childProcess(), "the reader's process")
                kill(child, signal)
            } else {
                try await pane.send(ending)
            }
            let status = try await pane.waitForFile("status.txt")
            let expected = ["q": "0\n", "C-c": "130\n"][ending] ?? signals[ending].map { "\(128 + $0)\n" }
            #expect(status == expected)
            try await pane.run("stty -a > after.txt")
            let after = try await pane.waitForFile("after.txt")
            let before = try String(contentsOf: pane.folder.path("before.txt"), encoding: .utf8)
            #expect(after == before)
            let screen = try await pane.waitForScreen("the main screen with the shell's lines") {
                $0.contains("stty -a > before.txt") && $0.contains("stty -a > after.txt")
            }
            #expect(!screen.contains("[首页]"), "the reader's screen is gone:\n\(screen)")
            let cursor = try await pane.tmux("display-message", "-p", "-t", "0", "#{cursor_flag} #{alternate_on}")
            #expect(cursor.trimmingCharacters(in: .whitespacesAndNewlines) == "1 0", "cursor shown, main screen")
        }
    }
}

/// 离线 in a real terminal, on a library in the test's temporary folder, with a cassette that has
/// no cnblogs request in it: the library is read with no network.
@Suite struct ReaderOfflineTerminalTests {
    @Test("离线 shows a saved article, reads it with no network, and d removes it")
    func offline() async throws {
        try await TmuxPane.with { pane in
            let library = pane.folder.path("library").path
            let saved = try await ProcessRunner.run(
                TestPaths.builtProduct("bsl"),
                [
                    "cnblogs", "save", "nanshan-walker/18562097", "--replay", ReaderTerminalTests.sample, "--library",
                    library,
                ])
            #expect(saved.status == 0, "\(saved.standardError)")
            let budejie = TestPaths.packageRoot.appendingPathComponent("Samples/budejie").path
            try await pane.run(
                "'\(ReaderTerminalTests.bsl)' reader --replay '\(budejie)' --library '\(library)'; echo $? > status.txt"
            )
            try await pane.waitForScreen("首页 failing inline, with no cnblogs answers") {
                $0.contains("Could not load 首页") && $0.contains("Press r to retry")
            }
            try await pane.send("6")
            try await pane.waitForScreen("the saved article") {
                $0.hasPrefix("首页 精华 新闻 排行 订阅 [离线]") && $0.contains("> Swift 6 的严格并发") && $0.contains("1/1")
            }
            try await pane.send("Enter")
            try await pane.waitForScreen("the saved article's body") { $0.contains("Mutex") && $0.contains("%") }
            try await pane.send("Escape", "d")
            try await pane.waitForScreen("the library empty") {
                $0.contains("Removed “Swift 6") && $0.contains("No saved articles")
            }
            try await pane.send("q")
            #expect(try await pane.waitForFile("status.txt") == "0\n")
            let listing = try await ProcessRunner.run(
                TestPaths.builtProduct("bsl"), ["cnblogs", "offline", "--library", library])
            #expect(!listing.standardOutput.contains("18562097"), "\(listing.standardOutput)")
        }
    }
}
