import BasicTerminal
import CnblogsClient
import Foundation
import ReaderApp
import Testing

/// The article pager's keys beyond paging — comments, save, open, write, next and previous — and
/// the list's search, help, load-more and spinner, as effects out and screens drawn.
@Suite struct ReaderPagerKeysTests {
    static let large = ReaderModelTests.large
    static let small = ReaderModelTests.small

    /// A model reading the selected (first, unless moved) entry, its article loaded.
    static func reading(_ size: TerminalSize = large, count: Int = 30) throws -> (ReaderModel, ReaderEntry) {
        var model = ReaderModelTests.loaded(size, count: count)
        let entry = try #require(model.selectedEntry)
        _ = model.press(.enter)
        _ = model.handle(.articleLoaded(RequestID(2), .success(ReaderSamples.article(for: entry))))
        return (model, entry)
    }

    static let comments = [
        Comment(
            id: 1, authorName: "读者甲", published: ReaderSamples.now.addingTimeInterval(-120),
            html: "写得好，<b>Mutex</b> 那段终于看懂了。"),
        Comment(
            id: 2, authorName: "codewriter", published: ReaderSamples.now.addingTimeInterval(-7200),
            html: "Sendable 检查在 Swift 6 里默认打开<br/>第二行"),
    ]

    @Test("c loads the comments over the article, c or q goes back to it where it was")
    func comments() throws {
        var (model, entry) = try Self.reading()
        _ = model.press(.pageDown)
        let article = model.render()
        #expect(model.type("c") == [.loadComments(entry, RequestID(3))])
        #expect(model.render().line(3).hasPrefix("Loading the comments…"))
        _ = model.handle(.commentsLoaded(RequestID(3), .success(Self.comments)))
        let grid = model.render()
        #expect(grid.line(3) == "#1 读者甲 · 2分钟前")
        #expect(grid.line(4).hasPrefix("写得好，Mutex 那段终于看懂了。"))
        #expect(grid.line(6).hasPrefix("#2 codewriter · 2小时前"))
        #expect(grid.line(23).hasPrefix("2 comments"))
        #expect(model.type("c") == [])
        #expect(model.render() == article)
        _ = model.type("c")
        #expect(model.press(.escape) == [.cancel(RequestID(4))], "leaving before they come cancels them")
        _ = model.handle(.commentsLoaded(RequestID(4), .success(Self.comments)))
        #expect(model.render() == article, "their late answer is dropped")
    }

    @Test("comments that fail say why with r to retry; none says so")
    func commentsFailure() throws {
        var (model, entry) = try Self.reading(Self.small)
        _ = model.type("c")
        _ = model.handle(
            .commentsLoaded(RequestID(3), .failure(ReaderFailure("reading a news item's comments needs a token"))))
        #expect(model.render().line(3) == "Could not load the comments: reading a")
        #expect(model.type("r") == [.loadComments(entry, RequestID(4))])
        _ = model.handle(.commentsLoaded(RequestID(4), .success([])))
        #expect(model.render().line(3) == "No comments yet.")
    }

    @Test("s saves the loaded article, showing the job's progress and its outcome in the status line")
    func save() throws {
        var model = ReaderModelTests.loaded(Self.large)
        let entry = try #require(model.selectedEntry)
        _ = model.press(.enter)
        #expect(model.type("s") == [], "nothing to save before the body comes")
        #expect(model.render().line(23).hasPrefix("The article has not loaded yet"))
        let article = ReaderSamples.article(for: entry)
        _ = model.handle(.articleLoaded(RequestID(2), .success(article)))
        #expect(model.type("s") == [.save(article, RequestID(3))])
        #expect(model.isBusy)
        #expect(model.render().line(23).hasPrefix("Saving “1. Swift 6 的严格并发"))
        _ = model.handle(.progress(RequestID(3), "Saving images 2/5…"))
        #expect(model.render().line(23).hasPrefix("Saving images 2/5…"))
        _ = model.handle(.finished(RequestID(3), .success("Saved post-1000 for reading offline (5 of 5 images).")))
        #expect(model.render().line(23).hasPrefix("Saved post-1000 for reading offline"))
        #expect(!model.isBusy)
        _ = model.handle(.finished(RequestID(3), .success("again")))
        #expect(!model.render().line(23).hasPrefix("again"), "a job ends once")
    }

    @Test("a saved article is not saved again from 离线")
    func saveSaved() {
        var model = ReaderModel(size: Self.large, timeFormatter: ReaderSamples.formatter)
        _ = model.start()
        _ = model.type("6")
        var saved = ReaderSamples.entries(1)[0]
        saved.isSaved = true
        _ = model.handle(.listLoaded(RequestID(2), .success([saved])))
        _ = model.press(.enter)
        _ = model.handle(.articleLoaded(RequestID(3), .success(ReaderSamples.article(for: saved))))
        #expect(model.type("s") == [])
        #expect(model.render().line(23).hasPrefix("It is in the offline library already"))
    }

    @Test("o opens the link in the browser, w writes the page; a failure is a line, not a crash")
    func openAndWrite() throws {
        var (model, entry) = try Self.reading()
        let link = try #require(entry.link)
        #expect(model.type("o") == [.openInBrowser(link)])
        #expect(model.render().line(23).hasPrefix("Opening https://www.cnblogs.com/nanshan-walker/p/1000 in the"))
        _ = model.handle(.linkNotOpened(link, ReaderFailure("there is no xdg-open; set $BROWSER to your browser")))
        #expect(model.render().line(23).hasPrefix("Could not open https://www.cnblogs.com/nanshan-walker/p/1000: th"))
        #expect(model.type("w") == [.writePage(ReaderSamples.article(for: entry), RequestID(3))])
        _ = model.handle(.finished(RequestID(3), .success("Wrote /tmp/x/post-1000.html")))
        #expect(model.render().line(23).hasPrefix("Wrote /tmp/x/post-1000.html"))
        _ = model.press(.down)
        #expect(model.render().line(23).contains("c comments"), "the next key clears the notice")
    }

    @Test("n and p open the next and previous article of the list, cancelling the one loading; back is on it")
    func neighbours() throws {
        var (model, _) = try Self.reading()
        let entries = ReaderSamples.entries(30)
        #expect(model.type("p") == [])
        #expect(model.render().line(23).hasPrefix("This is the first article of the list."))
        #expect(model.type("n") == [.loadArticle(entries[1], RequestID(3))])
        #expect(model.render().line(0).hasPrefix("2. Rust"))
        #expect(model.type("n") == [.cancel(RequestID(3)), .loadArticle(entries[2], RequestID(4))])
        _ = model.handle(.articleLoaded(RequestID(3), .success(ReaderSamples.article(for: entries[1]))))
        #expect(model.render().line(3).hasPrefix("Loading the article…"), "the late answer for 2. is dropped")
        #expect(model.type("p") == [.cancel(RequestID(4)), .loadArticle(entries[1], RequestID(5))])
        _ = model.type("q")
        #expect(model.selectedEntry == entries[1])
        _ = model.press(.character("G"), .enter)
        #expect(model.type("n") == [])
        #expect(model.render().line(23).hasPrefix("This is the last article of the list."))
    }

    @Test(
        "? shows the keys over any screen until the next key",
        arguments: [(large, "help-80x24"), (small, "help-40x20")])
    func help(size: TerminalSize, fixture: String) throws {
        var model = ReaderModelTests.loaded(size)
        let list = model.render()
        #expect(model.type("?") == [])
        ScreenFixture.expect(model.render(), matches: fixture)
        let grid = model.render()
        for row in 0..<size.rows { #expect(TextWidthCheck.fits(grid.line(row), size.columns)) }
        if size == Self.small {
            _ = model.press(.character("G"))
            #expect(model.render() == list, "G is no scrolling key: it closes the help, and does nothing else")
            _ = model.type("?")
            for _ in 0..<40 { _ = model.press(.down) }
            #expect(model.isShowingHelp, "j and ↓ scroll a help longer than the screen")
            #expect(model.render().line(18).hasPrefix("?"), "the last key shows at the end of the help")
            let position = model.render().line(19).split(separator: " ").last?.split(separator: "/") ?? []
            #expect(position.count == 2 && position.first == position.last, "\(model.render().line(19))")
        }
        #expect(model.type("q") == [], "the key that closes the help does nothing else")
        #expect(model.render() == list)
        var (reading, _) = try Self.reading(size)
        let article = reading.render()
        _ = reading.type("?")
        #expect(reading.render().line(0) == "Keys")
        _ = reading.press(.escape)
        #expect(reading.render() == article)
    }

    @Test("/ finds in the list: typed in the status line, Enter selects the next match, n and N go on")
    func search() {
        var model = ReaderModelTests.loaded(Self.large, count: 12)
        _ = model.type("/rus")
        #expect(model.render().line(23).hasPrefix("/rus"))
        _ = model.press(.backspace)
        _ = model.type("st")
        #expect(model.render().line(23).hasPrefix("/rust"))
        #expect(model.press(.enter) == [])
        #expect(model.selectedEntry?.id == 1001)
        #expect(model.render().line(23).hasPrefix("“rust”: 1 of 2"))
        _ = model.type("n")
        #expect(model.selectedEntry?.id == 1007)
        _ = model.type("n")
        #expect(model.selectedEntry?.id == 1001, "wrapping around")
        _ = model.type("N")
        #expect(model.selectedEntry?.id == 1007)
        _ = model.type("/codewriter")
        _ = model.press(.enter)
        #expect(model.selectedEntry?.id == 1009, "the byline counts too")
        _ = model.type("/没有这个")
        _ = model.press(.enter)
        #expect(model.selectedEntry?.id == 1009)
        #expect(model.render().line(23).hasPrefix("No “没有这个” in 首页."))
        _ = model.type("/q")
        _ = model.press(.escape)
        #expect(model.render().line(23).hasPrefix("j/k move"), "Esc gives the search up; q was typed, not a quit")
    }

    @Test("moving past the last entry loads the next page once; its new entries are added, a repeat is not")
    func loadMore() {
        var model = ReaderModelTests.loaded(Self.large, count: 20)
        #expect(model.press(.character("G")) == [])
        #expect(model.press(.down) == [.loadMore(.home, page: 2, RequestID(2))])
        #expect(model.press(.down) == [], "one request at a time")
        #expect(model.render().line(23).hasPrefix("Loading page 2… -"))
        let more = Array(ReaderSamples.entries(25).suffix(6))  // one repeat, five new
        _ = model.handle(.moreLoaded(RequestID(2), .success(more)))
        #expect(model.selectedEntry?.id == 1019)
        _ = model.press(.down)
        #expect(model.selectedEntry?.id == 1020)
        _ = model.press(.character("G"))
        #expect(model.selectedEntry?.id == 1024)
        #expect(model.press(.down) == [.loadMore(.home, page: 3, RequestID(3))])
        _ = model.handle(.moreLoaded(RequestID(3), .failure(ReaderFailure("HTTP 503"))))
        #expect(model.render().line(23).hasPrefix("Could not load page 3: HTTP 503 (j tries again)"))
        #expect(model.press(.down) == [.loadMore(.home, page: 3, RequestID(4))])
        _ = model.handle(.moreLoaded(RequestID(4), .success(more)))
        #expect(model.press(.down) == [], "a page with nothing new ends the list")
        #expect(model.type("r") == [.loadList(.home, RequestID(5))], "reloading starts from the first page again")
        _ = model.handle(.listLoaded(RequestID(5), .success(ReaderSamples.entries(20))))
        _ = model.press(.character("g"), .character("G"))
        #expect(model.press(.down) == [.loadMore(.home, page: 2, RequestID(6))])
        #expect(model.type("2") == [.cancel(RequestID(6)), .loadList(.picked, RequestID(7))], "leaving cancels it")
    }

    @Test("排行 and 离线 do not page")
    func noPaging() {
        var model = ReaderModel(size: Self.large, timeFormatter: ReaderSamples.formatter)
        _ = model.start()
        _ = model.type("4")
        _ = model.handle(.listLoaded(RequestID(2), .success(ReaderSamples.entries(5))))
        #expect(model.press(.character("G"), .down) == [])
    }

    @Test("the spinner turns on each tick while something loads, and stands still otherwise")
    func spinner() {
        var model = ReaderModel(size: Self.large, timeFormatter: ReaderSamples.formatter)
        _ = model.start()
        #expect(model.isBusy)
        var seen: [String] = []
        for _ in 0..<5 {
            seen.append(model.render().line(23))
            _ = model.handle(.tick)
        }
        #expect(seen.map { String($0.suffix(1)) } == ["-", "\\", "|", "/", "-"])
        _ = model.handle(.listLoaded(RequestID(1), .success(ReaderSamples.entries(3))))
        #expect(!model.isBusy)
        let still = model.render()
        _ = model.handle(.tick)
        #expect(model.render() == still)
    }

    @Test("every effect that starts a request names it, so the app can give it an owner; the others name none")
    func startedRequests() throws {
        let entry = ReaderSamples.entries(1)[0]
        let article = ReaderSamples.article(for: entry)
        let id = RequestID(9)
        let starting: [ReaderEffect] = [
            .loadList(.home, id), .loadArticle(entry, id), .removeSaved(entry, id), .loadSquares(id), .measureCache(id),
            .clearCache(id), .loadMore(.news, page: 2, id), .loadComments(entry, id), .save(article, id),
            .writePage(article, id), .subscriptions(.loadFeeds(id)),
        ]
        for effect in starting { #expect(effect.startedRequest == id, "\(effect)") }
        let link = try #require(entry.link)
        for effect in [ReaderEffect.openInBrowser(link), .cancel(id), .quit(.quit)] {
            #expect(effect.startedRequest == nil, "\(effect)")
        }
    }

    @Test("reads and comments show where the source counts them: in the list from 70 columns, in the article's header")
    func counts() throws {
        var entries = ReaderSamples.entries(3)
        (entries[0].viewCount, entries[0].commentCount) = (1234, 5)
        entries[1].viewCount = 88
        var model = ReaderModel(size: Self.large, timeFormatter: ReaderSamples.formatter)
        _ = model.start()
        _ = model.handle(.listLoaded(RequestID(1), .success(entries)))
        let grid = model.render()
        #expect(grid.line(2).contains(" 1234/5  南山行者"), "\(grid.line(2))")
        #expect(grid.line(3).contains("  88/—  codewriter"), "\(grid.line(3))")
        #expect(!grid.line(4).contains("/"), "no counts, no column: \(grid.line(4))")
        for row in 2...4 { #expect(TextWidthCheck.fits(grid.line(row), 80)) }
        var narrow = model
        _ = narrow.handle(.resize(TerminalSize(columns: 69, rows: 24)))
        #expect(!narrow.render().line(2).contains("1234/5"))
        _ = model.press(.enter)
        #expect(model.render().line(1).hasPrefix("南山行者 · 2026-03-12 11:59 · 阅读 1234 · 评论 5 · https://"))
    }

    @Test("with a token, / also asks the token API: its hits show over the list, open in the pager, q goes back")
    func apiSearch() throws {
        var model = ReaderModelTests.loaded(Self.large, count: 12)
        model.searchesAPI = true
        _ = model.type("/rust")
        #expect(model.press(.enter) == [.search("rust", news: false, RequestID(2))])
        #expect(model.render().line(2).hasPrefix("Searching cnblogs for “rust”… -"))
        let hits = Array(ReaderSamples.entries(40).suffix(3))
        _ = model.handle(.searched(RequestID(2), .success(hits)))
        let grid = model.render()
        #expect(grid.line(0).hasPrefix("[首页]"))
        #expect(grid.line(2) == "cnblogs search “rust”: 3 hits")
        #expect(grid.line(3).hasPrefix("> 38. "))
        #expect(grid.line(23).hasPrefix("“rust”: 1 of 2"), "the list's own find says how many it has")
        _ = model.press(.down)
        #expect(model.render().line(23).hasSuffix("2/3"))
        #expect(model.press(.enter) == [.loadArticle(hits[1], RequestID(3))])
        _ = model.handle(.articleLoaded(RequestID(3), .success(ReaderSamples.article(for: hits[1]))))
        #expect(model.type("n") == [.loadArticle(hits[2], RequestID(4))], "n goes along the hits")
        _ = model.type("q")
        #expect(model.render().line(2).hasPrefix("cnblogs search “rust”"), "back from the article: the hits")
        _ = model.type("q")
        #expect(model.selectedEntry?.id == 1001, "back from the hits: the list, as the local find left it")
        #expect(model.render().line(2).hasPrefix("  1. ") && model.render().line(3).hasPrefix("> 2. "))

        _ = model.type("3")
        _ = model.handle(.listLoaded(RequestID(5), .success(ReaderSamples.entries(3))))
        _ = model.type("/开源")
        #expect(model.press(.enter) == [.search("开源", news: true, RequestID(6))], "新闻 searches the news")
        _ = model.handle(.searched(RequestID(6), .failure(ReaderFailure("HTTP 500"))))
        #expect(model.render().line(2) == "Could not search cnblogs: HTTP 500")
        #expect(model.type("r") == [.search("开源", news: true, RequestID(7))])
        #expect(model.type("q") == [.cancel(RequestID(7))])
    }

    @Test("without a token, / searches only the list")
    func localSearchOnly() {
        var model = ReaderModelTests.loaded(Self.large, count: 12)
        _ = model.type("/rust")
        #expect(model.press(.enter) == [])
    }
}
