import Foundation
import TestSupport
import Testing

/// 订阅 in a real terminal (tmux, 80×24): a library prepared with `bsl feeds add` against the
/// local feed server, then `bsl reader --library …`.
@Suite struct SubscriptionsTerminalTests {
    @Test("5 shows the feed and its count; Enter, Enter reads an item; back; a zeroes the count; r refreshes")
    func subscriptions() async throws {
        let server = try await FeedTestServer.shared()
        let feed = try await SubscriptionFeeds.serve(
            server, "terminal.xml", SubscriptionFeeds.rss(title: "南山的订阅", SubscriptionFeeds.entries(3)))
        try await TmuxPane.with { pane in
            let bsl = TestPaths.builtProduct("bsl")
            let library = pane.folder.path("library").path
            let added = try await ProcessRunner.run(
                bsl, ["feeds", "add", feed.absoluteString, "--folder", "技术", "--library", library])
            #expect(added.status == 0, "\(added.standardError)")
            #expect(added.standardOutput.contains("3 items"), "\(added.standardOutput)")
            try await pane.run(
                "'\(ReaderTerminalTests.bsl)' reader --replay '\(ReaderTerminalTests.sample)' --library '\(library)'; "
                    + "echo $? > status.txt")
            try await pane.waitForScreen("the reader") { $0.hasPrefix("[首页] 精华") }
            try await pane.send("5")
            try await pane.waitForScreen("the feed in its folder with 3 unread") { screen in
                screen.hasPrefix("首页 精华 新闻 排行 [订阅] 离线 我的") && screen.contains("技术/")
                    && Self.line(screen, containing: "> ")?.hasSuffix(" 3") == true
                    && screen.contains("南山的订阅")
            }
            try await pane.send("Enter")
            try await pane.waitForScreen("the feed's items, unread marked *") {
                $0.contains("南山的订阅 · 3 unread") && $0.contains("> * 第 3 篇：订阅里的文章")
                    && $0.contains("* 第 1 篇")
            }
            try await pane.send("Enter")
            try await pane.waitForScreen("the item in the pager") {
                $0.hasPrefix("第 3 篇：订阅里的文章") && $0.contains("正文 3") && $0.contains("Mutex") && $0.contains("100%")
            }
            try await pane.send("q")
            try await pane.waitForScreen("the items again, the first one read") {
                $0.contains("南山的订阅 · 2 unread") && $0.contains(">   第 3 篇") && $0.contains("1/3")
            }
            try await pane.send("Escape")
            try await pane.waitForScreen("the feed list, the count 2") {
                Self.line($0, containing: "> ")?.hasSuffix(" 2") == true
            }
            try await pane.send("a")
            try await pane.waitForScreen("the count zeroed") {
                Self.line($0, containing: "> ")?.hasSuffix(" 0") == true && $0.contains("Marked 2 read")
            }
            try await pane.send("r")
            try await pane.waitForScreen("the refresh's summary") { $0.contains("refreshed 1 feed (") }
            try await pane.send("q")
            #expect(try await pane.waitForFile("status.txt") == "0\n")
            let listed = try await ProcessRunner.run(bsl, ["feeds", "list", "--json", "--library", library])
            let json = try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]]
            #expect(json?.first?["unread"] as? Int == 0, "\(listed.standardOutput)")
        }
    }

    @Test("with no library, 订阅 says how to add a feed and suggests the cnblogs feeds; nothing is made")
    func empty() async throws {
        try await TmuxPane.with { pane in
            let library = pane.folder.path("library")
            try await pane.run(
                "'\(ReaderTerminalTests.bsl)' reader --replay '\(ReaderTerminalTests.sample)' --library "
                    + "'\(library.path)'; echo $? > status.txt")
            try await pane.waitForScreen("the reader") { $0.hasPrefix("[首页] 精华") }
            try await pane.send("5")
            try await pane.waitForScreen("the empty state") {
                $0.contains("No subscriptions yet: bsl feeds add URL")
                    && $0.contains("bsl feeds add --preset cnblogs") && $0.contains("博客园 精华")
            }
            try await pane.send("q")
            #expect(try await pane.waitForFile("status.txt") == "0\n")
            #expect(!FileManager.default.fileExists(atPath: library.path), "the reader made no library")
        }
    }

    @Test("bsl reader --help says what 订阅 shows and its keys")
    func help() async throws {
        let result = try await ProcessRunner.run(TestPaths.builtProduct("bsl"), ["reader", "--help"])
        #expect(result.status == 0)
        let text = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("订阅 lists the subscriptions of bsl feeds"), "\(text)")
        #expect(text.contains("a marks the feed read, r refreshes every feed"))
    }

    /// The first line of `screen` that contains `text`, trailing blanks dropped.
    static func line(_ screen: String, containing text: String) -> String? {
        screen.split(separator: "\n").first { $0.contains(text) }.map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
    }
}
