import BasicTerminal
import CnblogsClient
import ReaderApp
import Testing

@Suite struct ReaderModelTests {
    static let large = TerminalSize(columns: 80, rows: 24)
    static let small = TerminalSize(columns: 40, rows: 20)

    /// A model whose first tab has loaded `count` entries.
    static func loaded(_ size: TerminalSize, count: Int = 30) -> ReaderModel {
        var model = ReaderModel(size: size, timeFormatter: ReaderSamples.formatter)
        _ = model.start()
        _ = model.handle(.listLoaded(RequestID(1), .success(ReaderSamples.entries(count))))
        return model
    }

    @Test("start loads 首页 and says so while it loads")
    func loading() {
        var model = ReaderModel(size: Self.large, timeFormatter: ReaderSamples.formatter)
        #expect(model.start() == [.loadList(.home, RequestID(1))])
        ScreenFixture.expect(model.render(), matches: "home-loading-80x24")
    }

    @Test(
        "a list with CJK titles, cut by display width with …, author and relative time",
        arguments: [(large, "home-80x24"), (small, "home-40x20")])
    func list(size: TerminalSize, fixture: String) {
        var model = Self.loaded(size)
        _ = model.press(.character("j"), .down, .character("k"), .down)
        ScreenFixture.expect(model.render(), matches: fixture)
        let grid = model.render()
        for row in 0..<size.rows { #expect(TextWidthCheck.fits(grid.line(row), size.columns)) }
    }

    @Test("the selection scrolls the list: PgDn, G, g, and never past either end")
    func scrolling() {
        var model = Self.loaded(Self.small, count: 30)
        _ = model.press(.pageDown)
        #expect(model.selectedEntry?.id == 1017)
        _ = model.press(.character("G"))
        #expect(model.selectedEntry?.id == 1029)
        #expect(model.render().line(18).hasPrefix("> 30."))
        _ = model.press(.down, .down)
        #expect(model.selectedEntry?.id == 1029)
        _ = model.press(.character("g"), .up)
        #expect(model.selectedEntry?.id == 1000)
        #expect(model.render().line(2).hasPrefix("> 1."))
        _ = model.press(.character(" "))
        #expect(model.selectedEntry?.id == 1017)
        _ = model.press(.pageUp)
        #expect(model.selectedEntry?.id == 1000)
    }

    @Test(
        "Tab, Shift-Tab, 1–7, h/l and arrows switch tabs, wrapping around",
        arguments: [
            ([Key.tab], ReaderTab.picked), ([.backTab], .me), ([.character("l")], .picked), ([.character("h")], .me),
            ([.right, .right], .news), ([.left], .me), ([.character("4")], .ranking), ([.character("7")], .me),
            ([.character("6"), .tab, .tab], .home), ([.character("3"), .backTab, .backTab], .home),
        ])
    func tabs(keys: [Key], tab: ReaderTab) {
        var model = Self.loaded(Self.large)
        for key in keys { _ = model.handle(.key(key)) }
        #expect(model.tab == tab)
        let bar = model.render().line(0)
        #expect(bar.contains("[\(tab.title)]"), "the current tab is bracketed, not only coloured: \(bar)")
        #expect(bar.components(separatedBy: "[").count == 2)
    }

    @Test("leaving a tab while it loads cancels its request; its late answer is dropped; coming back loads again")
    func leavingCancels() {
        var model = Self.loaded(Self.large)
        #expect(model.press(.tab) == [.loadList(.picked, RequestID(2))])
        #expect(model.type("3") == [.cancel(RequestID(2)), .loadList(.news, RequestID(3))])
        _ = model.handle(.listLoaded(RequestID(2), .success(ReaderSamples.entries(3))))
        #expect(model.type("2") == [.cancel(RequestID(3)), .loadList(.picked, RequestID(4))])
        #expect(model.render().line(23).hasPrefix("Loading 精华…"))
        _ = model.handle(.listLoaded(RequestID(3), .success(ReaderSamples.entries(3))))
        _ = model.type("3")
        #expect(model.render().line(2).isEmpty, "news never showed the answer of a cancelled request")
        #expect(model.type("1") == [.cancel(RequestID(5))], "首页 has its list already")
        #expect(model.render().line(2).hasPrefix("> 1."))
    }

    @Test("a failed list shows its error inline, and r retries")
    func failure() {
        var model = ReaderModel(size: Self.small, timeFormatter: ReaderSamples.formatter)
        _ = model.start()
        _ = model.handle(.listLoaded(RequestID(1), .failure(ReaderFailure("the network is unreachable (offline)"))))
        ScreenFixture.expect(model.render(), matches: "home-failed-40x20")
        #expect(model.type("r") == [.loadList(.home, RequestID(2))])
        _ = model.handle(.listLoaded(RequestID(2), .success(ReaderSamples.entries(2))))
        #expect(model.render().line(2).hasPrefix("> 1."))
    }

    @Test("Enter shows the header at once, the body when it comes; it pages; back returns to the same place")
    func pager() throws {
        var model = Self.loaded(Self.large)
        _ = model.press(.pageDown, .down, .down)
        let entry = try #require(model.selectedEntry)
        let before = model.render()
        #expect(model.press(.enter) == [.loadArticle(entry, RequestID(2))])
        ScreenFixture.expect(model.render(), matches: "pager-loading-80x24")
        _ = model.handle(.articleLoaded(RequestID(2), .success(ReaderSamples.article(for: entry))))
        ScreenFixture.expect(model.render(), matches: "pager-80x24")
        _ = model.press(.pageDown)
        #expect(model.render().line(3).hasPrefix("第 11 段"), "\(model.render().line(3))")
        _ = model.press(.character("j"), .character("k"), .character("k"))
        #expect(model.render().line(3).isEmpty)
        #expect(model.render().line(4).hasPrefix("第 11 段"))
        _ = model.press(.character("G"))
        #expect(model.render().line(23).contains("100%"))
        for back in [Key.character("q"), .escape, .backspace] {
            var copy = model
            #expect(copy.press(back) == [])
            #expect(!copy.isReadingArticle)
            #expect(copy.render() == before)
        }
    }

    @Test("leaving an article before it loads cancels its request and drops its answer")
    func pagerCancel() throws {
        var model = Self.loaded(Self.large)
        let entry = try #require(model.selectedEntry)
        _ = model.press(.enter)
        #expect(model.press(.escape) == [.cancel(RequestID(2))])
        _ = model.handle(.articleLoaded(RequestID(2), .success(ReaderSamples.article(for: entry))))
        #expect(!model.isReadingArticle)
    }

    @Test("a failed article says why under its header, and r retries")
    func pagerFailure() {
        var model = Self.loaded(Self.small)
        _ = model.press(.enter)
        _ = model.handle(.articleLoaded(RequestID(2), .failure(ReaderFailure("no exchange for GET https://x/p/1"))))
        ScreenFixture.expect(model.render(), matches: "pager-failed-40x20")
        #expect(model.type("r") == [.loadArticle(ReaderSamples.entries(1)[0], RequestID(3))])
    }

    @Test("a resize re-wraps the article at the new width; below 20 columns one line says it is too small")
    func resize() throws {
        var model = Self.loaded(Self.large)
        let entry = try #require(model.selectedEntry)
        _ = model.press(.enter)
        _ = model.handle(.articleLoaded(RequestID(2), .success(ReaderSamples.article(for: entry))))
        _ = model.handle(.resize(Self.small))
        let grid = model.render()
        #expect(grid.size == Self.small)
        #expect(grid.line(3).hasPrefix("第 1 段"))
        #expect(!grid.line(4).isEmpty && !grid.line(4).hasPrefix("第"), "the paragraph wraps onto a second line")
        for row in 0..<20 { #expect(TextWidthCheck.fits(grid.line(row), 40)) }
        _ = model.handle(.resize(TerminalSize(columns: 19, rows: 10)))
        #expect(model.render().text().hasPrefix("terminal too small"))
    }

    @Test("q on the tab bar quits; Ctrl-C quits from anywhere, cancelling what is in flight")
    func quitting() {
        var model = Self.loaded(Self.large)
        var copy = model
        #expect(copy.type("q") == [.quit(.quit)])
        _ = model.press(.enter)
        #expect(model.type("q") == [.cancel(RequestID(2))])
        _ = model.press(.enter)
        #expect(model.press(.interrupt) == [.cancel(RequestID(3)), .quit(.interrupted)])
    }

    @Test("every tab has a screen of its own now: none says it comes in a later version", arguments: ReaderTab.allCases)
    func everyTab(tab: ReaderTab) {
        var model = Self.loaded(Self.small)
        _ = model.type(String(tab.rawValue + 1))
        #expect(model.tab == tab)
        #expect(!model.render().text().contains("later version"))
    }
}

/// Width checks through BasicFormat, as the grid measures.
enum TextWidthCheck {
    static func fits(_ line: String, _ columns: Int) -> Bool {
        BasicFormatWidth.columns(line) <= columns
    }
}

@Suite struct ReaderOfflineTabTests {
    static let saved = ReaderSamples.entries(3).map { entry in
        var copy = entry
        copy.isSaved = true
        return copy
    }

    @Test("离线 lists the saved articles; d removes the selected one once the library says so")
    func removing() {
        var model = ReaderModel(size: TerminalSize(columns: 40, rows: 20), timeFormatter: ReaderSamples.formatter)
        _ = model.start()
        #expect(model.type("6") == [.cancel(RequestID(1)), .loadList(.offline, RequestID(2))])
        _ = model.handle(.listLoaded(RequestID(2), .success(Self.saved)))
        _ = model.press(.down)
        #expect(model.type("d") == [.removeSaved(Self.saved[1], RequestID(3))])
        #expect(model.render().line(3).hasPrefix("> 2."), "still listed until the library answers")
        _ = model.handle(.removed(RequestID(3), .success(Self.saved[1])))
        let grid = model.render()
        #expect(grid.line(2).hasPrefix("  1."))
        #expect(grid.line(3).hasPrefix("> 3."))
        #expect(grid.line(19).hasPrefix("Removed “2."), "\(grid.line(19))")
        _ = model.press(.up)
        #expect(model.render().line(19).hasPrefix("j/k move  Enter read  d remove"))
        #expect(model.type("d") == [.removeSaved(Self.saved[0], RequestID(4))])
        _ = model.handle(.removed(RequestID(4), .failure(ReaderFailure("the disk is full"))))
        #expect(model.render().line(19).hasPrefix("Could not remove it: the disk is full"))
    }

    @Test("d does nothing outside 离线; an empty library says how to save")
    func elsewhere() {
        var model = ReaderModelTests.loaded(ReaderModelTests.large)
        #expect(model.type("d") == [])
        _ = model.type("6")
        _ = model.handle(.listLoaded(RequestID(2), .success([])))
        #expect(model.render().line(2).hasPrefix("No saved articles; bsl cnblogs save ID"))
        #expect(model.type("d") == [])
    }
}
