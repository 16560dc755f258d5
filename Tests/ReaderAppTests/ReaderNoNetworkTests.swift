import Foundation
import TestSupport
import Testing

/// `bsl reader` with no network and no replay: every request is refused at once (a proxy on a
/// closed port of 127.0.0.1 stands for the missing network, so the test is the same on a machine
/// that has one), and every tab says what failed while the keys keep working.
@Suite struct ReaderNoNetworkTests {
    @Test("with no network every tab shows its error or its offline state, and the reader stays usable")
    func everyTab() async throws {
        try await TmuxPane.with { pane in
            let proxy = "http://127.0.0.1:9"
            let environment =
                "http_proxy=\(proxy) https_proxy=\(proxy) HTTP_PROXY=\(proxy) HTTPS_PROXY=\(proxy) "
                + "XDG_CACHE_HOME='\(pane.folder.path("cache").path)' HOME='\(pane.folder.url.path)'"
            let bsl = ReaderTerminalTests.bsl
            try await pane.run(
                "env \(environment) '\(bsl)' reader --library '\(pane.folder.path("library").path)'; "
                    + "echo $? > status.txt")
            let lists = [("1", "[首页]", "首页"), ("2", "[精华]", "精华"), ("3", "[新闻]", "新闻"), ("4", "[排行]", "排行")]
            for (key, tab, name) in lists {
                try await pane.send(key)
                try await pane.waitForScreen("\(name)'s error") {
                    $0.contains(tab) && $0.contains("Could not load \(name): request to")
                        && $0.contains("Press r to retry.")
                }
            }
            try await pane.send("5")
            try await pane.waitForScreen("订阅 with no library") { $0.contains("[订阅]") && $0.contains("bsl feeds add") }
            try await pane.send("6")
            try await pane.waitForScreen("离线 with no library") {
                $0.contains("[离线]") && $0.contains("No saved articles")
            }
            try await pane.send("7")
            try await pane.waitForScreen("我的's error, its settings row still there") {
                $0.contains("[我的]") && $0.contains("The Budejie API did not answer") && $0.contains("清除缓存(")
            }
            try await pane.send("1", "r")
            try await pane.waitForScreen("首页 tried again, failing again") {
                $0.contains("[首页]") && $0.contains("Could not load 首页")
            }
            try await pane.send("?")
            try await pane.waitForScreen("the keys") { $0.hasPrefix("Keys") }
            try await pane.send("x", "q")
            #expect(try await pane.waitForFile("status.txt") == "0\n")
        }
    }
}
