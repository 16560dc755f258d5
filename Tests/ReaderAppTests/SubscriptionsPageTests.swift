import BasicTerminal
import CnblogsClient
import Foundation
import ReaderApp
import Testing

/// 订阅 as a pure model: keys and answers in, effects and screens out.
@Suite struct SubscriptionsPageTests {
    static let large = ReaderModelTests.large
    static let small = ReaderModelTests.small
    static let sizes = [(large, "80x24"), (small, "40x20")]

    /// A model on 订阅 whose feeds have loaded (request #2; #1 was 首页's, cancelled).
    static func opened(_ size: TerminalSize, feeds: [ReaderFeed] = SubscriptionsSamples.feeds) -> ReaderModel {
        var model = ReaderModel(size: size, timeFormatter: ReaderSamples.formatter)
        _ = model.start()
        _ = model.type("5")
        _ = model.handle(.subscriptions(.feedsLoaded(RequestID(2), .success(feeds))))
        return model
    }

    /// A model with 博客园 首页's 25 items open (request #3).
    static func feedOpen(_ size: TerminalSize) -> ReaderModel {
        var model = opened(size)
        _ = model.type("jj")
        _ = model.press(.enter)
        _ = model.handle(.subscriptions(.itemsLoaded(RequestID(3), .success(SubscriptionsSamples.items(25)))))
        return model
    }

    static func expectFits(_ grid: CellGrid, sourceLocation: SourceLocation = #_sourceLocation) {
        for row in 0..<grid.size.rows {
            #expect(TextWidthCheck.fits(grid.line(row), grid.size.columns), sourceLocation: sourceLocation)
        }
    }

    @Test("5 loads the feeds (cancelling 首页's load) and says so while they load")
    func loading() {
        var model = ReaderModel(size: Self.large, timeFormatter: ReaderSamples.formatter)
        _ = model.start()
        #expect(model.type("5") == [.cancel(RequestID(1)), .subscriptions(.loadFeeds(RequestID(2)))])
        #expect(model.render().line(0).hasPrefix("首页 精华 新闻 排行 [订阅] 离线 我的"))
        #expect(model.render().line(23).hasPrefix("Loading 订阅…"))
        #expect(model.type("5") == [], "already there")
    }

    @Test("the feeds under their folders' headings, each with its unread count; ! marks a failed feed")
    func feeds() {
        for (size, name) in Self.sizes {
            var model = Self.opened(size)
            _ = model.type("jj")
            ScreenFixture.expect(model.render(), matches: "subscriptions-\(name)")
            Self.expectFits(model.render())
        }
        let screen = Self.opened(Self.large).render()
        #expect(screen.line(2).hasPrefix("> 阮一峰的网络日志") && screen.line(2).hasSuffix("12"))
        #expect(screen.line(4).hasPrefix("  cnblogs/") && screen.line(4).hasSuffix("23"))
        #expect(screen.line(3).hasSuffix("! 0"), "\(screen.line(3))")
    }

    @Test("no subscriptions: one line says how to add one, and the cnblogs feeds are suggested")
    func empty() {
        for (size, name) in Self.sizes {
            var model = Self.opened(size, feeds: [])
            ScreenFixture.expect(model.render(), matches: "subscriptions-empty-\(name)")
            Self.expectFits(model.render())
            #expect(model.render().text().contains("--preset cnblogs"))
            #expect(model.type("r") == [.subscriptions(.loadFeeds(RequestID(3)))], "nothing to refresh: r reloads")
            #expect(model.press(.enter) == [] && model.type("a") == [])
        }
        let screen = Self.opened(Self.large, feeds: []).render()
        #expect(screen.line(2) == "No subscriptions yet: bsl feeds add URL", "one line, at 40 columns too")
        #expect(Self.opened(Self.small, feeds: []).render().line(3).isEmpty)
        #expect(screen.text().contains("博客园 首页  https://feed.cnblogs.com/blog/sitehome/rss"))
    }

    @Test("Enter on a feed lists its items: * marks the unread (no colour needed), times relative")
    func items() throws {
        for (size, name) in Self.sizes {
            var model = Self.opened(size)
            _ = model.type("jj")
            #expect(model.press(.enter) == [.subscriptions(.loadItems(feedID: "a002", RequestID(3)))])
            #expect(model.render().line(2).hasPrefix("博客园 首页 · 20 unread"))
            #expect(model.render().line(size.rows - 1).hasPrefix("Loading the items…"))
            let items = SubscriptionsSamples.items(25)
            _ = model.handle(.subscriptions(.itemsLoaded(RequestID(3), .success(items))))
            _ = model.press(.down, .down)
            ScreenFixture.expect(model.render(), matches: "subscriptions-items-\(name)")
            Self.expectFits(model.render())
            let grid = model.render()
            #expect(grid.line(2).hasPrefix("博客园 首页 · 17 unread"), "the items' count wins over the list's")
            #expect(grid.line(3).hasPrefix("  * 1. Swift 6"))
            #expect(grid.line(5).hasPrefix(">   3. Kubernetes"), "read: no *")
        }
    }

    @Test("a marks the open feed read: no * is left and its count is 0, on the feed list too")
    func markAll() throws {
        for (size, name) in Self.sizes {
            var model = Self.feedOpen(size)
            #expect(model.type("a") == [.subscriptions(.markAllRead(feedID: "a002", RequestID(4)))])
            #expect(model.render().line(3).hasPrefix("> * 1."), "still unread until the store answers")
            _ = model.handle(.subscriptions(.markedRead(RequestID(4), .success(17))))
            ScreenFixture.expect(model.render(), matches: "subscriptions-marked-\(name)")
            #expect(!model.render().text().contains("* "))
            _ = model.press(.escape)
            let list = model.render()
            #expect(list.line(5).hasPrefix(">   博客园 首页") && list.line(5).hasSuffix(" 0"), "\(list.line(5))")
            #expect(list.line(4).hasSuffix(" 3"), "the folder's total: 0 + 3 + 0")
        }
    }

    @Test("a on the feed list marks the selected feed; a failure says so in the status line")
    func markSelected() {
        var model = Self.opened(Self.large)
        #expect(model.type("a") == [.subscriptions(.markAllRead(feedID: "a001", RequestID(3)))])
        _ = model.handle(.subscriptions(.markedRead(RequestID(3), .success(12))))
        #expect(model.render().line(2).hasSuffix(" 0"))
        #expect(model.render().line(23).hasPrefix("Marked 12 read in “阮一峰的网络日志”."))
        _ = model.type("j")
        #expect(model.type("a") == [.subscriptions(.markAllRead(feedID: "a004", RequestID(4)))])
        _ = model.handle(.subscriptions(.markedRead(RequestID(4), .failure(ReaderFailure("the disk is full")))))
        #expect(model.render().line(23).hasPrefix("Could not mark them read: the disk is full"))
        _ = model.handle(.subscriptions(.markedRead(RequestID(4), .success(3))))
        #expect(model.render().line(23).hasPrefix("Could not mark them read"), "a second answer is dropped")
    }

    @Test("r refreshes every feed, its progress in the status line; at the end the counts update")
    func refresh() throws {
        for (size, name) in Self.sizes {
            var model = Self.opened(size)
            _ = model.type("j")
            #expect(model.type("r") == [.subscriptions(.refresh(RequestID(3)))])
            #expect(model.render().line(size.rows - 1).hasPrefix("Refreshing the feeds…"))
            _ = model.handle(
                .subscriptions(.refreshProgress(RequestID(3), SubscriptionsProgress(done: 3, total: 7, failed: 1))))
            ScreenFixture.expect(model.render(), matches: "subscriptions-refreshing-\(name)")
            #expect(model.type("r") == [], "one refresh at a time")
            #expect(model.render().line(size.rows - 1).hasPrefix("refreshed 3/7, 1 failed"))

            var feeds = SubscriptionsSamples.feeds
            feeds[0].unreadCount = 15
            let refresh = SubscriptionsRefresh(
                summary: "refreshed 6 feeds (4 not modified), 3 new items, 1 failed, 0 not due",
                failures: ["Hacker News: Front Page: HTTP 500"], feeds: feeds)
            _ = model.handle(.subscriptions(.refreshed(RequestID(3), .success(refresh))))
            let grid = model.render()
            #expect(grid.line(2).hasPrefix("1 feed failed (r retries): Hacker"))
            #expect(grid.line(3).hasSuffix("15"))
            #expect(grid.line(4).hasPrefix("> Hacker News"), "the selection stays on its feed")
            #expect(grid.line(size.rows - 1).hasPrefix("refreshed 6 feeds"))
            _ = model.type("k")
            #expect(model.render().line(size.rows - 1).hasPrefix("j/k move"), "the summary goes with the next key")
        }
    }

    @Test("a refresh that fails shows why above the feeds; r tries again")
    func refreshFailure() {
        var model = Self.opened(Self.small)
        _ = model.type("r")
        _ = model.handle(
            .subscriptions(.refreshed(RequestID(3), .failure(ReaderFailure("the store is locked by another process")))))
        let grid = model.render()
        #expect(grid.line(2).hasPrefix("Could not refresh (r retries)"))
        #expect(grid.line(3).hasPrefix("> 阮一峰"))
        #expect(model.type("r") == [.subscriptions(.refresh(RequestID(4)))])
    }

    @Test("a library that cannot be opened shows its error inline, and r retries")
    func failure() {
        for (size, name) in Self.sizes {
            var model = ReaderModel(size: size, timeFormatter: ReaderSamples.formatter)
            _ = model.start()
            _ = model.type("5")
            let failure = ReaderFailure(
                "the offline library at /home/me/.local/share/bsl cannot be used: its key file offline.key is missing")
            _ = model.handle(.subscriptions(.feedsLoaded(RequestID(2), .failure(failure))))
            ScreenFixture.expect(model.render(), matches: "subscriptions-failed-\(name)")
            Self.expectFits(model.render())
            #expect(model.press(.enter) == [] && model.type("a") == [])
            #expect(model.type("r") == [.subscriptions(.loadFeeds(RequestID(3)))])
            _ = model.handle(.subscriptions(.feedsLoaded(RequestID(3), .success(SubscriptionsSamples.feeds))))
            #expect(model.render().line(2).hasPrefix("> 阮一峰"))
        }
    }

    @Test("Enter on an item reads it in the pager, marks it read; q back to the items, Esc back to the feeds")
    func reading() throws {
        var model = Self.feedOpen(Self.large)
        _ = model.press(.down)
        let item = SubscriptionsSamples.items(25)[1]
        #expect(model.press(.enter) == [.subscriptions(.openItem(item, RequestID(4)))])
        #expect(model.isReadingArticle)
        let header = model.render()
        #expect(header.line(0).hasPrefix("2. Rust 与 C++"))
        #expect(header.line(1).hasPrefix("博客园 首页 · 2026-03-12 11:34 · https://www.cnblogs.com/"), "\(header.line(1))")
        #expect(header.line(3).hasPrefix("Loading the article…"))
        _ = model.handle(.subscriptions(.itemOpened(RequestID(4), .success(SubscriptionsSamples.article(for: item)))))
        #expect(model.render().line(3).hasPrefix("第 1 段：订阅里的文章"))
        _ = model.press(.pageDown)
        #expect(model.render().line(3).hasPrefix("第 11 段"))
        for back in [Key.character("q"), .escape, .backspace] {
            var copy = model
            #expect(copy.press(back) == [])
            let items = copy.render()
            #expect(items.line(2).hasPrefix("博客园 首页 · 16 unread"))
            #expect(items.line(4).hasPrefix(">   2. Rust"), "read now, and still selected: \(items.line(4))")
        }
        _ = model.press(.escape)
        for back in [Key.character("q"), .escape, .backspace] {
            var copy = model
            #expect(copy.press(back) == [])
            let feeds = copy.render()
            #expect(feeds.line(5).hasPrefix(">   博客园 首页") && feeds.line(5).hasSuffix("16"), "\(feeds.line(5))")
        }
    }

    @Test(
        "in a feed item, the cnblogs article's keys say why they do nothing; o opens the item's own page",
        arguments: [
            ("c", "A feed item has no comments in the reader"), ("s", "A feed item stays in 订阅"),
            ("w", "A feed item stays in 订阅"), ("n", "n and p move along cnblogs lists"),
            ("p", "n and p move along cnblogs lists"),
        ])
    func feedItemKeys(key: Character, notice: String) throws {
        var model = Self.feedOpen(Self.large)
        let item = SubscriptionsSamples.items(25)[0]
        _ = model.press(.enter)
        _ = model.handle(.subscriptions(.itemOpened(RequestID(4), .success(SubscriptionsSamples.article(for: item)))))
        #expect(model.type(String(key)) == [])
        #expect(model.render().line(23).hasPrefix(notice), "\(model.render().line(23))")
        let effects = model.type("o")
        guard case .openInBrowser(let url) = effects.first else {
            Issue.record("o opened nothing: \(effects)")
            return
        }
        #expect(url == item.link)
    }

    @Test("a failed item says why under its header, and r opens the item again, not a cnblogs article")
    func readingFailure() {
        var model = Self.feedOpen(Self.small)
        let item = SubscriptionsSamples.items(25)[0]
        _ = model.press(.enter)
        _ = model.handle(.subscriptions(.itemOpened(RequestID(4), .failure(ReaderFailure("k3f9a8d2x1 is gone")))))
        let text = model.render().text()
        #expect(text.contains("Could not load the") && text.contains("is gone"), "\(text)")
        #expect(model.type("r") == [.subscriptions(.openItem(item, RequestID(5)))])
        #expect(model.type("r") == [], "loading: nothing to retry")
        _ = model.handle(.subscriptions(.itemOpened(RequestID(5), .success(SubscriptionsSamples.article(for: item)))))
        #expect(model.render().line(3).hasPrefix("第 1 段"))
        _ = model.type("q")
        #expect(model.render().line(2).hasPrefix("博客园 首页 · 16 unread"))
    }

    @Test("leaving 订阅 cancels its loads and its refresh; late answers are dropped; coming back loads again")
    func leaving() {
        var model = ReaderModel(size: Self.large, timeFormatter: ReaderSamples.formatter)
        _ = model.start()
        _ = model.type("5")
        #expect(model.type("1") == [.cancel(RequestID(2)), .loadList(.home, RequestID(3))])
        _ = model.handle(.subscriptions(.feedsLoaded(RequestID(2), .success(SubscriptionsSamples.feeds))))
        #expect(model.type("5") == [.cancel(RequestID(3)), .subscriptions(.loadFeeds(RequestID(4)))])
        #expect(model.render().line(2).isEmpty, "the cancelled answer never showed")
        _ = model.handle(.subscriptions(.feedsLoaded(RequestID(4), .success(SubscriptionsSamples.feeds))))

        #expect(model.type("r") == [.subscriptions(.refresh(RequestID(5)))])
        #expect(model.type("6") == [.cancel(RequestID(5)), .loadList(.offline, RequestID(6))])
        _ = model.handle(.subscriptions(.refreshProgress(RequestID(5), SubscriptionsProgress(done: 1, total: 7))))
        _ = model.handle(
            .subscriptions(.refreshed(RequestID(5), .success(SubscriptionsRefresh(summary: "late", feeds: [])))))
        #expect(model.type("5") == [.cancel(RequestID(6))], "the feeds are loaded already")
        #expect(model.render().line(23).hasPrefix("j/k move"), "no progress and no summary of the dropped refresh")
        #expect(model.render().line(2).hasPrefix("> 阮一峰"))

        _ = model.type("jj")
        #expect(model.press(.enter) == [.subscriptions(.loadItems(feedID: "a002", RequestID(7)))])
        #expect(model.type("l") == [.cancel(RequestID(7)), .loadList(.offline, RequestID(8))])
        #expect(
            model.type("h") == [.cancel(RequestID(8)), .subscriptions(.loadItems(feedID: "a002", RequestID(9)))],
            "the open feed's items load again")
    }

    @Test("marking read is not cancelled by leaving: its answer still zeroes the count")
    func markingAcrossTabs() {
        var model = Self.opened(Self.large)
        #expect(model.type("a") == [.subscriptions(.markAllRead(feedID: "a001", RequestID(3)))])
        #expect(model.type("1") == [.loadList(.home, RequestID(4))])
        _ = model.handle(.subscriptions(.markedRead(RequestID(3), .success(12))))
        _ = model.type("5")
        #expect(model.render().line(2).hasSuffix(" 0"))
    }

    @Test("q on the feed list quits; with a feed open it goes back; Ctrl-C cancels everything in flight")
    func quitting() {
        var model = Self.opened(Self.large)
        var copy = model
        #expect(copy.type("q") == [.quit(.quit)])
        _ = model.type("jj")
        _ = model.press(.enter)
        _ = model.type("r")
        #expect(model.press(.interrupt) == [.cancel(RequestID(3)), .cancel(RequestID(4)), .quit(.interrupted)])
        #expect(model.type("q") == [.cancel(RequestID(3))], "back to the feeds, cancelling the items' load")
        #expect(model.type("q") == [.cancel(RequestID(4)), .quit(.quit)])
    }

    @Test("j/k, G and g move over the feeds only, skipping folder headings; a resize keeps the selection shown")
    func moving() {
        var model = Self.opened(TerminalSize(columns: 40, rows: 8))
        _ = model.type("G")
        var grid = model.render()
        #expect(grid.line(6).hasPrefix(">   Swift 论坛"), "\(grid.text())")
        _ = model.type("kkkk")
        #expect(model.render().line(2).hasPrefix("  cnblogs/"), "a folder's first feed shows its heading")
        _ = model.type("g")
        #expect(model.render().line(2).hasPrefix("> 阮一峰"))
        _ = model.type("G")
        _ = model.handle(.resize(TerminalSize(columns: 40, rows: 6)))
        grid = model.render()
        #expect(grid.line(4).hasPrefix(">   Swift 论坛"), "\(grid.text())")
    }
}
