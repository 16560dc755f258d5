import BasicTerminal
import BudejieClient
import Foundation
import ReaderApp
import Testing

/// The 我的 tab as a model: keys and answers in, effects and screens out.
@Suite struct MePageTests {
    static let large = ReaderModelTests.large
    static let small = ReaderModelTests.small

    @Test("entering 我的 loads the squares and measures the cache; the row says it is measuring, with a spinner")
    func entering() async throws {
        var model = ReaderModelTests.loaded(Self.large)
        #expect(model.type("7") == [.loadSquares(RequestID(2)), .measureCache(RequestID(3))])
        #expect(model.isAnimating)
        let squares = try await MeSamples.recorded()
        _ = model.handle(.squaresLoaded(RequestID(2), .success(squares)))
        ScreenFixture.expect(model.render(), matches: "me-measuring-80x24")
        #expect(model.clearCacheRow == "清除缓存(正在计算文件大小...)")
        let row = model.render().line(10)
        _ = model.handle(.tick)
        #expect(model.render().line(10) != row, "the spinner turned: \(model.render().line(10))")
        #expect(model.render().line(10).hasPrefix("  清除缓存(正在计算文件大小...) "))
    }

    @Test(
        "the grid: four squares a row across the width, CJK names cut by display width; the measured size below",
        arguments: [(large, "me-80x24"), (small, "me-40x20")])
    func grid(size: TerminalSize, fixture: String) async throws {
        let model = MeSamples.model(size, squares: try await MeSamples.recorded(), bytes: 12_345_678)
        #expect(!model.isAnimating)
        let grid = model.render()
        ScreenFixture.expect(grid, matches: fixture)
        #expect(model.clearCacheRow == "清除缓存(12.3MB)")
        for row in 0..<size.rows { #expect(TextWidthCheck.fits(grid.line(row), size.columns)) }
    }

    @Test(
        "on the smallest terminals the clear row still shows above the status line, and every line fits",
        arguments: [TerminalSize(columns: 20, rows: 5), TerminalSize(columns: 20, rows: 8)])
    func smallest(size: TerminalSize) async throws {
        var model = MeSamples.model(size, squares: try await MeSamples.recorded(), bytes: 1_000)
        _ = model.press(.character("G"))
        let grid = model.render()
        #expect(grid.line(size.rows - 2).hasPrefix("> 清除缓存(1.0KB)") || grid.line(size.rows - 3).hasPrefix("> 清除缓存"))
        for row in 0..<size.rows { #expect(TextWidthCheck.fits(grid.line(row), size.columns)) }
    }

    @Test("j/k and the arrows move over the squares and then the settings row; h/l, Tab and 1-7 still switch tabs")
    func moving() async throws {
        var model = MeSamples.model(Self.large, squares: try await MeSamples.recorded(), bytes: 0)
        #expect(model.render().line(2).hasPrefix("> 审帖"))
        #expect(model.press(.right, .right) == [])
        #expect(model.tab == .me, "→ moves inside the grid")
        #expect(model.render().line(2).contains("> 游戏中心"))
        _ = model.press(.down, .character("j"), .character("j"))
        #expect(model.render().line(8).contains("> 投稿须知"), "\(model.render().line(8))")
        _ = model.press(.down)
        #expect(model.render().line(10).hasPrefix("> 清除缓存(0B)"))
        _ = model.press(.down)
        #expect(model.render().line(10).hasPrefix("> 清除缓存(0B)"), "the last row stays selected")
        var copy = model
        #expect(copy.press(.right) == [], "首页 has its list")
        #expect(copy.tab == .home, "on the settings row → switches tabs")
        _ = model.press(.up)
        #expect(model.render().line(8).contains("> 投稿须知"), "back to the column it left from")
        _ = model.press(.character("k"), .up, .up, .up, .left, .left, .left)
        #expect(model.render().line(2).hasPrefix("> 审帖"), "never past the first square")
        #expect(model.tab == .me)
        _ = model.press(.character("G"))
        #expect(model.render().line(10).hasPrefix("> 清除缓存"))
        _ = model.press(.character("g"))
        #expect(model.render().line(2).hasPrefix("> 审帖"))
        for (keys, tab) in [
            ([Key.character("l")], ReaderTab.home), ([.character("h")], .offline), ([.tab], .home),
            ([.backTab], .offline), ([.character("3")], .news),
        ] as [([Key], ReaderTab)] {
            var copy = model
            for key in keys { _ = copy.handle(.key(key)) }
            #expect(copy.tab == tab, "\(keys)")
        }
    }

    @Test(
        "Enter on the clear row asks y/n; n keeps everything; y clears with progress, then 0B",
        arguments: [large, small])
    func clearing(size: TerminalSize) async throws {
        var model = MeSamples.model(size, squares: try await MeSamples.recorded(), bytes: 12_345_678)
        _ = model.press(.character("G"))
        #expect(model.press(.enter) == [])
        ScreenFixture.expect(model.render(), matches: "me-confirm-\(size.columns)x\(size.rows)")
        #expect(model.type("n") == [])
        #expect(model.render().line(size.rows - 1).hasPrefix("Nothing was removed."))
        #expect(model.clearCacheRow == "清除缓存(12.3MB)")
        _ = model.press(.enter)
        #expect(model.press(.escape) == [], "any key but y is no")
        _ = model.press(.enter)
        #expect(model.type("y") == [.clearCache(RequestID(4))])
        #expect(model.isAnimating)
        #expect(model.clearCacheRow == "清除缓存(正在清除...)")
        _ = model.handle(.cache(RequestID(4), .clearing(.images, done: 3, total: 10)))
        #expect(model.render().line(size.rows - 1).hasPrefix("Clearing the cache… images/ 3/10 files"))
        _ = model.handle(.cache(RequestID(4), .clearing(.custom, done: 0, total: 4)))
        #expect(model.render().line(size.rows - 1).hasPrefix("Clearing the cache… custom/ 0/4 files"))
        let cleared = CacheClearing(removedFiles: 14, freedBytes: 12_345_678, skipped: 0, remainingBytes: 0)
        _ = model.handle(.cache(RequestID(4), .cleared(.success(cleared))))
        #expect(model.clearCacheRow == "清除缓存(0B)")
        #expect(!model.isAnimating)
        ScreenFixture.expect(model.render(), matches: "me-cleared-\(size.columns)x\(size.rows)")
    }

    @Test("Enter while it measures waits; a failed measure or clear says why under the row, and r measures again")
    func cacheFailures() async throws {
        var model = MeSamples.model(Self.small, squares: try await MeSamples.recorded())
        _ = model.press(.character("G"))
        #expect(model.press(.enter) == [])
        #expect(model.render().line(19).hasPrefix("The cache is still being measured"))
        _ = model.handle(.cache(RequestID(3), .measured(.failure(ReaderFailure("permission denied")))))
        #expect(model.clearCacheRow == "清除缓存(大小未知)")
        #expect(
            model.render().line(11).hasPrefix("  Could not measure the cache: permiss"), "\(model.render().line(11))")
        #expect(model.press(.enter) == [])
        #expect(model.render().line(19) == "Clear the cache? y/n")
        #expect(model.type("y") == [.clearCache(RequestID(4))])
        _ = model.handle(.cache(RequestID(4), .cleared(.failure(ReaderFailure("refusing to clear /")))))
        #expect(model.render().line(11).hasPrefix("  Could not clear the cache: refusing"))
        #expect(model.type("r") == [.loadSquares(RequestID(5)), .measureCache(RequestID(6))])
    }

    @Test(
        "when the Budejie API does not answer, one line says so and the settings row still works",
        arguments: [large, small])
    func apiDidNotAnswer(size: TerminalSize) {
        var model = MeSamples.model(size)
        let failure = ReaderFailure("the network is unreachable (offline): GET http://api.budejie.com/api/api_open.php")
        _ = model.handle(.squaresLoaded(RequestID(2), .failure(failure)))
        _ = model.handle(.cache(RequestID(3), .measured(.success(2_500_000))))
        ScreenFixture.expect(model.render(), matches: "me-failed-\(size.columns)x\(size.rows)")
        #expect(model.render().line(4).hasPrefix("> 清除缓存(2.5MB)"), "the settings row is selected")
        _ = model.press(.up, .character("k"), .left)
        #expect(model.tab == .offline, "← outside the grid switches tabs")
        #expect(model.type("7") == [.cancel(RequestID(4)), .measureCache(RequestID(5))], "the squares wait for r")
        _ = model.handle(.cache(RequestID(5), .measured(.success(2_500_000))))
        #expect(model.press(.enter) == [])
        #expect(model.render().line(size.rows - 1).hasPrefix("Clear the cache (2.5MB)? y/n"))
        _ = model.type("n")
        #expect(model.type("r") == [.loadSquares(RequestID(6)), .measureCache(RequestID(7))])
        #expect(model.render().line(2).hasPrefix("Loading the squares…"))
    }

    @Test("leaving 我的 while it measures cancels the work; its late answers are dropped; coming back measures again")
    func leavingCancels() async throws {
        var model = MeSamples.model(Self.large)
        #expect(model.type("1") == [.cancel(RequestID(2)), .cancel(RequestID(3))])
        #expect(!model.isAnimating)
        _ = model.handle(.cache(RequestID(3), .measured(.success(99_000_000))))
        _ = model.handle(.squaresLoaded(RequestID(2), .success(try await MeSamples.recorded())))
        #expect(model.type("7") == [.loadSquares(RequestID(4)), .measureCache(RequestID(5))])
        #expect(model.clearCacheRow == "清除缓存(正在计算文件大小...)", "the late size was dropped")
        #expect(model.render().line(2).hasPrefix("Loading the squares…"), "the late squares were dropped")
        _ = model.handle(.cache(RequestID(3), .measured(.success(99_000_000))))
        #expect(model.clearCacheRow == "清除缓存(正在计算文件大小...)", "still dropped after coming back")
        _ = model.handle(.cache(RequestID(5), .measured(.success(1_500))))
        #expect(model.clearCacheRow == "清除缓存(1.5KB)")
        #expect(model.type("2") == [.cancel(RequestID(4)), .loadList(.picked, RequestID(6))])
    }

    @Test("a confirmed clear goes on when the tab is left, and its outcome shows on coming back")
    func clearOutlivesTheTab() async throws {
        var model = MeSamples.model(Self.large, squares: try await MeSamples.recorded(), bytes: 4_000)
        _ = model.press(.character("G"), .enter)
        #expect(model.type("y") == [.clearCache(RequestID(4))])
        #expect(model.type("1") == [], "nothing cancelled: the clear was asked for")
        let cleared = CacheClearing(removedFiles: 2, freedBytes: 4_000, skipped: 0, remainingBytes: 0)
        _ = model.handle(.cache(RequestID(4), .cleared(.success(cleared))))
        #expect(model.type("7") == [.measureCache(RequestID(5))], "the squares are kept; the size measured again")
        _ = model.handle(.cache(RequestID(5), .measured(.success(0))))
        #expect(model.clearCacheRow == "清除缓存(0B)")
    }

    @Test("leaving 我的 while it asks withdraws the question; quitting cancels what is in flight")
    func questionAndQuit() async throws {
        var model = MeSamples.model(Self.large, squares: try await MeSamples.recorded(), bytes: 4_000)
        _ = model.press(.character("G"), .enter)
        #expect(model.render().line(23).hasPrefix("Clear the cache"))
        #expect(model.press(.tab) == [], "the question takes the key: no")
        #expect(model.tab == .me)
        #expect(model.render().line(23).hasPrefix("Nothing was removed."))
        var fresh = MeSamples.model(Self.large)
        #expect(fresh.type("q") == [.cancel(RequestID(2)), .cancel(RequestID(3)), .quit(.quit)])
    }

    @Test("Enter routes a square's link: the browser for http, a screen of the reader for its own mod:// links")
    func routing() async throws {
        var model = MeSamples.model(Self.large, squares: MeSamples.routed, bytes: 0)
        // 设置: the settings rows.
        #expect(model.press(.enter) == [])
        #expect(model.render().line(6).hasPrefix("> 清除缓存(0B)"), "\(model.render().text())")
        #expect(model.render().line(23).hasPrefix("设置: the settings are the rows below the grid."))
        // 搜索: the search of 首页's list, typed at once; 审帖 and 视频 (ftp): not in this app.
        _ = model.press(.character("g"), .right, .right)
        var searching = model
        _ = searching.press(.enter)
        #expect(searching.tab == .home)
        #expect(searching.render().line(23).hasPrefix("/"))
        _ = searching.type("Swift")
        #expect(searching.render().line(23).hasPrefix("/Swift"))
        _ = model.press(.right, .enter)
        #expect(model.render().line(23).hasPrefix("审帖 (mod://BDJ_To_Check) is not in this app."))
        _ = model.press(.right, .right, .enter)
        #expect(model.render().line(23).hasPrefix("视频 (ftp://example.com/video) is not in this app."))
        // 投稿须知: the browser.
        _ = model.press(.left)
        let rules = try #require(URL(string: "http://m.budejie.com/rules"))
        #expect(model.press(.enter) == [.openInBrowser(rules)])
        #expect(model.render().line(23).hasPrefix("Opening http://m.budejie.com/rules in the browser…"))
        _ = model.handle(.linkNotOpened(rules, ReaderFailure("there is no xdg-open; set $BROWSER to your browser")))
        #expect(model.render().line(23).hasPrefix("Could not open http://m.budejie.com/rules: there is no xdg-open"))
        // 离线阅读: the 离线 tab.
        _ = model.press(.character("g"), .right)
        #expect(model.press(.enter) == [.loadList(.offline, RequestID(4))])
        #expect(model.tab == .offline)
    }

    @Test(
        "the routes: web links by scheme, the reader's screens by name, every other link not in this app",
        arguments: [
            ("http://m.budejie.com/game?from=app&type=1", "web http://m.budejie.com/game?from=app&type=1"),
            ("https://shop.budejie.com/?src=square&v=2", "web https://shop.budejie.com/?src=square&v=2"),
            ("mod://settings", "settings"), ("mod://Settings@tab=cache", "settings"), ("mod://offline", "offline"),
            ("mod://search/posts?q=swift", "search"), ("mod://BDJ_To_Check", "notInApp"),
            ("mod://BDJ_To_Mine@dest=2", "notInApp"), ("mod://settingsx", "notInApp"), ("ftp://x/y", "notInApp"),
            ("", "notInApp"), ("not a link", "notInApp"),
        ])
    func routes(link: String, destination: String) {
        switch SquareDestination.route(link) {
        case .web(let url): #expect("web \(url.absoluteString)" == destination)
        case let other: #expect("\(other)" == destination)
        }
    }
}
