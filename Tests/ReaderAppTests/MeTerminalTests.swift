import Foundation
import TestSupport
import Testing

/// 我的 in a real terminal (tmux, 80×24): `bsl reader --replay Samples/cnblogs-today --replay
/// Samples/budejie` with `HOME` and `XDG_CACHE_HOME` inside the test's temporary folder, where the
/// cache folders hold files and decoys lie next to them; `BROWSER` is a script that writes what
/// it was asked to open.
@Suite struct MeTerminalTests {
    static let decoys = [
        "cache/bsl/keep.txt", "cache/other-app/cached.bin", "home/.local/share/bsl/keep.txt", "home/notes.txt",
        "library/keep.txt",
    ]

    static func write(_ path: String, bytes: Int, in pane: TmuxPane) throws {
        let url = pane.folder.path(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0x42, count: bytes).write(to: url)
    }

    @Test("switch to 我的: the grid and the size; Enter on a web square opens the browser; clear asks, y clears to 0B")
    func mePage() async throws {
        try await TmuxPane.with { pane in
            try Self.write("cache/bsl/images/a.jpg", bytes: 2_000_000, in: pane)
            try Self.write("cache/bsl/images/thumbs/b.png", bytes: 300_000, in: pane)
            try Self.write("cache/bsl/custom/list.json", bytes: 200_000, in: pane)
            for decoy in Self.decoys { try Self.write(decoy, bytes: 999, in: pane) }
            let browser = pane.folder.path("browser.sh")
            try MeSamples.writeScript(
                "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(pane.folder.path("opened.txt").path)'\n", to: browser)
            let folder = pane.folder.url.path
            let budejie = MeSamples.budejie.path
            try await pane.run(
                "HOME='\(folder)/home' XDG_CACHE_HOME='\(folder)/cache' BROWSER='\(browser.path)' "
                    + "'\(ReaderTerminalTests.bsl)' reader --replay '\(ReaderTerminalTests.sample)' --replay '\(budejie)' "
                    + "--library '\(folder)/library'; echo $? > status.txt")
            try await pane.waitForScreen("the site home's list") { $0.hasPrefix("[首页] 精华") && $0.contains("1/20") }
            try await pane.send("7")
            try await pane.waitForScreen("the grid and the measured size") {
                $0.hasPrefix("首页 精华 新闻 排行 订阅 离线 [我的]") && $0.contains("> 审帖") && $0.contains("游戏中心")
                    && $0.contains("夜间模式") && $0.contains("清除缓存(2.5MB)")
            }
            try await pane.send("Right", "Right", "Enter")
            try await pane.waitForScreen("the browser starting") { $0.contains("Opening http://m.budejie.com/game") }
            #expect(try await pane.waitForFile("opened.txt") == "http://m.budejie.com/game?from=app&type=1\n")
            try await pane.send("Left", "Enter")
            try await pane.waitForScreen("a Budejie screen the reader lacks") {
                $0.contains("排行榜 (mod://BDJ_To_Mine@dest=2) is not in this app.")
            }
            try await pane.send("G", "Enter")
            try await pane.waitForScreen("the question") { $0.contains("Clear the cache (2.5MB)? y/n") }
            try await pane.send("y")
            try await pane.waitForScreen("0B") {
                $0.contains("> 清除缓存(0B)") && $0.contains("Cleared 3 files, 2.5MB freed.")
            }
            for cache in ["images", "custom"] {
                let left = try FileManager.default.contentsOfDirectory(
                    atPath: pane.folder.path("cache/bsl/\(cache)").path)
                #expect(left.isEmpty, "\(cache)/ is empty and still there: \(left)")
            }
            for decoy in Self.decoys {
                #expect((try? Data(contentsOf: pane.folder.path(decoy)))?.count == 999, "\(decoy) survived")
            }
            try await pane.send("q")
            #expect(try await pane.waitForFile("status.txt") == "0\n")
        }
    }

    @Test("with no Budejie answers, the grid says so in one line and the clear row still works")
    func apiDidNotAnswer() async throws {
        try await TmuxPane.with { pane in
            try Self.write("cache/bsl/custom/list.json", bytes: 1_500, in: pane)
            try Self.write("cache/keep.txt", bytes: 999, in: pane)
            let folder = pane.folder.url.path
            try await pane.run(
                "HOME='\(folder)/home' XDG_CACHE_HOME='\(folder)/cache' "
                    + "'\(ReaderTerminalTests.bsl)' reader --replay '\(ReaderTerminalTests.sample)' "
                    + "--library '\(folder)/library'; echo $? > status.txt")
            try await pane.waitForScreen("the site home's list") { $0.hasPrefix("[首页] 精华") && $0.contains("1/20") }
            try await pane.send("7")
            try await pane.waitForScreen("the API's failure in one line, and the size") {
                $0.contains("The Budejie API did not answer:") && $0.contains("> 清除缓存(1.5KB)")
            }
            try await pane.send("Enter", "y")
            try await pane.waitForScreen("0B") { $0.contains("> 清除缓存(0B)") }
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: pane.folder.path("cache/bsl/custom").path).isEmpty)
            #expect((try? Data(contentsOf: pane.folder.path("cache/keep.txt")))?.count == 999)
            try await pane.send("q")
            #expect(try await pane.waitForFile("status.txt") == "0\n")
        }
    }
}

/// `bsl reader --help` on the 我的 page.
@Suite struct MeCommandTests {
    @Test("help tells of 我的: the squares, the browser, 清除缓存 and the cache folder")
    func help() async throws {
        let result = try await ProcessRunner.run(TestPaths.builtProduct("bsl"), ["reader", "--help"])
        #expect(result.status == 0)
        for text in ["我的", "$BROWSER", "xdg-open", "清除缓存", "$XDG_CACHE_HOME/bsl", "y clears"] {
            #expect(result.standardOutput.contains(text), "\(text) in \(result.standardOutput)")
        }
    }
}
