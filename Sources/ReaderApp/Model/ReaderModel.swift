import BasicFormat
import BasicTerminal

/// The reader's whole state as a value: the tabs, each tab's list, the article pager. Events go
/// in (``handle(_:)``), effects come out (load this, cancel that, quit), and ``render()`` draws it
/// into a ``BasicTerminal/CellGrid`` — so every screen is tested without a terminal or a network.
///
/// ```swift
/// var model = ReaderModel(size: TerminalSize(columns: 80, rows: 24), timeFormatter: formatter)
/// let effects = model.start()                               // [.loadList(.home, #1)]
/// _ = model.handle(.listLoaded(RequestID(1), .success(entries)))
/// _ = model.handle(.key(.enter))                            // [.loadArticle(entries[0], #2)]
/// print(model.render().text())
/// ```
public struct ReaderModel: Sendable {
    /// The terminal's size.
    public private(set) var size: TerminalSize
    /// The tab shown.
    public private(set) var tab: ReaderTab = .home
    var lists: [ReaderTab: ReaderList] = [:]
    var pager: ArticlePager?
    /// The 我的 tab: its squares, its settings rows, the selection.
    var me = MePage()
    /// 订阅: the feeds, the feed opened, a refresh.
    var subscriptionsPage = SubscriptionsPage()
    /// A line for the status bar until the next key: the outcome of a removal.
    var notice: String?
    var lastRequest = 0
    /// Jobs that run on after their key: saving, opening a link, writing a page.
    var jobs: Set<RequestID> = []
    /// The spinner's step, turned by ``ReaderEvent/tick``.
    var spinnerStep = 0
    /// Whether the keys' help is shown over the screen (`?`).
    var showingHelp = false
    /// The first line of the help shown, when it is longer than the screen.
    var helpTop = 0
    /// The search being typed after `/`, or nil.
    var searchInput: String?
    /// The last search, which `n` and `N` repeat.
    var lastSearch: String?
    /// Whether `/` also asks the token API (a token is stored): the app says so.
    public var searchesAPI = false
    /// The token API's hits for the last `/`, shown over the list until `q`.
    var searchResults: SearchResults?
    let timeFormatter: TimeFormatter

    /// The narrowest and lowest terminal the screens fit; smaller ones show one line saying so.
    public static let minimumSize = TerminalSize(columns: 20, rows: 5)

    /// A model for a terminal of `size`, writing times with `timeFormatter`.
    public init(size: TerminalSize, timeFormatter: TimeFormatter) {
        self.size = size
        self.timeFormatter = timeFormatter
    }

    /// Whether the article pager is open.
    public var isReadingArticle: Bool { pager != nil }

    /// Whether the keys' help is shown (`?`).
    public var isShowingHelp: Bool { showingHelp }

    /// The entry selected in the current tab's list, if any.
    public var selectedEntry: ReaderEntry? {
        let list = searchResults?.list ?? lists[tab] ?? ReaderList()
        return list.entries.indices.contains(list.selected) ? list.entries[list.selected] : nil
    }

    /// Whether something is being loaded or a job runs: the spinner turns (the app sends
    /// ``ReaderEvent/tick`` while this is true).
    public var isBusy: Bool {
        !jobs.isEmpty || !(pager?.requests.isEmpty ?? true) || searchResults?.loadingRequest != nil
            || ReaderTab.allCases.contains { lists[$0]?.loadingRequest != nil || lists[$0]?.moreRequest != nil }
    }

    /// The first effects: loading the first tab.
    public mutating func start() -> [ReaderEffect] {
        enter(tab)
    }

    /// Applies `event`, returning what to do next.
    public mutating func handle(_ event: ReaderEvent) -> [ReaderEffect] {
        switch event {
        case .key(let key):
            notice = nil
            return handle(key)
        case .resize(let newSize):
            size = newSize
            let (width, pagerHeight, listHeight) = (size.columns, pagerHeight, listHeight)
            pager?.wrap(width: width)
            pager?.scroll(by: 0, height: pagerHeight)
            if var comments = pager?.comments {
                comments.wrap(width: width, timeFormatter: timeFormatter)
                comments.scroll(to: comments.top, height: pagerHeight)
                pager?.comments = comments
            }
            for tab in ReaderTab.allCases { lists[tab]?.keepVisible(height: listHeight) }
            fitSubscriptions()
            return []
        case .listLoaded(let id, let result):
            guard let tab = ReaderTab.allCases.first(where: { lists[$0]?.loadingRequest == id }) else { return [] }
            var list = lists[tab] ?? ReaderList()
            switch result {
            case .success(let entries):
                let listHeight = listHeight
                list.entries = entries
                list.phase = .loaded
                (list.page, list.isComplete, list.moreFailure) = (1, false, nil)
                list.select(list.selected, height: listHeight)
            case .failure(let failure):
                list.phase = .failed(failure.message)
            }
            lists[tab] = list
            return []
        case .articleLoaded(let id, let result):
            guard var pager, pager.loadingRequest == id else { return [] }
            switch result {
            case .success(let article):
                pager.phase = .loaded(article)
                pager.wrap(width: size.columns)
            case .failure(let failure):
                pager.phase = .failed(failure.message)
            }
            self.pager = pager
            return []
        case .removed(_, let result):
            switch result {
            case .success(let entry):
                guard var list = lists[.offline] else { return [] }
                list.entries.removeAll { $0.kind == entry.kind && $0.id == entry.id }
                list.select(list.selected, height: listHeight)
                lists[.offline] = list
                notice = "Removed “\(TextWidth.truncated(entry.title, toColumns: 30))” from the offline library."
            case .failure(let failure):
                notice = "Could not remove it: \(failure.message)"
            }
            return []
        case .squaresLoaded, .cache, .linkNotOpened:
            return handleMePage(event)
        case .moreLoaded(let id, let result):
            guard let tab = ReaderTab.allCases.first(where: { lists[$0]?.moreRequest == id }),
                var list = lists[tab]
            else { return [] }
            list.moreRequest = nil
            switch result {
            case .success(let entries):
                list.append(entries)
                list.moreFailure = nil
            case .failure(let failure):
                list.moreFailure = failure.message
            }
            lists[tab] = list
            return []
        case .commentsLoaded(let id, let result):
            guard var pager, var comments = pager.comments, comments.loadingRequest == id else { return [] }
            switch result {
            case .success(let loaded): comments.phase = .loaded(loaded)
            case .failure(let failure): comments.phase = .failed(failure.message)
            }
            comments.wrap(width: size.columns, timeFormatter: timeFormatter)
            pager.comments = comments
            self.pager = pager
            return []
        case .searched(let id, let result):
            guard var results = searchResults, results.loadingRequest == id else { return [] }
            switch result {
            case .success(let entries):
                results.list.entries = entries
                results.list.phase = .loaded
                results.phase = .loaded
            case .failure(let failure):
                results.phase = .failed(failure.message)
            }
            searchResults = results
            return []
        case .progress(let id, let line):
            if jobs.contains(id) { notice = line }
            return []
        case .finished(let id, let result):
            guard jobs.remove(id) != nil else { return [] }
            switch result {
            case .success(let line): notice = line
            case .failure(let failure): notice = failure.message
            }
            return []
        case .tick:
            if isAnimating { spinnerStep += 1 }
            return []
        case .subscriptions(let event):
            return handleSubscriptions(event)
        }
    }

    // MARK: Keys

    private mutating func handle(_ key: Key) -> [ReaderEffect] {
        if key == .interrupt { return cancelAll() + [.quit(.interrupted)] }
        if showingHelp {
            // A help longer than the screen scrolls; any other key closes it.
            let height = max(size.rows - 3, 1)
            let last = max(Self.helpLines(width: size.columns).count - height, 0)
            let scroll: Int? =
                switch key {
                case .character("j"), .down: 1
                case .character("k"), .up: -1
                case .character(" "), .pageDown: height
                case .pageUp: -height
                default: nil
                }
            if let scroll, last > 0 {
                helpTop = min(max(helpTop + scroll, 0), last)
            } else {
                showingHelp = false
            }
            return []
        }
        if key == .character("?") {
            showingHelp = true
            helpTop = 0
            return []
        }
        if tab == .subscriptions, let effects = handleSubscriptionsKey(key) { return effects }
        if pager != nil { return handlePager(key) }
        if searchInput != nil { return handleSearchInput(key) }
        if searchResults != nil { return handleSearchResults(key) }
        if tab == .me, let effects = handleMePage(key) { return effects }
        switch key {
        case .character("q"):
            return cancelAll() + [.quit(.quit)]
        case .tab, .character("l"), .right:
            return switchTab(to: tab.next)
        case .backTab, .character("h"), .left:
            return switchTab(to: tab.previous)
        case .character(let digit) where ("1"..."7").contains(digit):
            guard let number = digit.wholeNumberValue, let target = ReaderTab(rawValue: number - 1) else { return [] }
            return switchTab(to: target)
        case .character("r"):
            return reload(tab)
        case .character("d") where tab == .offline:
            guard let entry = selectedEntry else { return [] }
            return [.removeSaved(entry, makeRequest())]
        case .enter:
            guard let entry = selectedEntry else { return [] }
            return open(entry)
        case .character("/") where tab.hasList:
            searchInput = ""
            return []
        case .character("n"):
            find(lastSearch, forward: true)
            return []
        case .character("N"):
            find(lastSearch, forward: false)
            return []
        default:
            return moveSelection(key)
        }
    }

    /// Opens the pager on `entry`, loading its article.
    private mutating func open(_ entry: ReaderEntry) -> [ReaderEffect] {
        let id = makeRequest()
        pager = ArticlePager(entry: entry, phase: .loading(id))
        return [.loadArticle(entry, id)]
    }

    /// Moves the selection; moving down from the last entry of a list that pages loads the next
    /// page (load more).
    private mutating func moveSelection(_ key: Key) -> [ReaderEffect] {
        guard var list = lists[tab] else { return [] }
        let height = listHeight
        let wasLast = list.selected == list.entries.count - 1
        guard let target = ListKeys.target(of: key, selected: list.selected, count: list.entries.count, height: height)
        else { return [] }
        list.select(target, height: height)
        let forward = [Key.character("j"), .down, .pageDown, .character(" "), .character("G"), .end].contains(key)
        var effects: [ReaderEffect] = []
        if forward, wasLast, tab.pages, list.phase == .loaded, !list.entries.isEmpty, !list.isComplete,
            list.moreRequest == nil
        {
            let id = makeRequest()
            list.moreRequest = id
            list.moreFailure = nil
            effects.append(.loadMore(tab, page: list.page + 1, id))
        }
        lists[tab] = list
        return effects
    }

    // MARK: Search

    /// A key while the search is typed: characters add to it, Backspace takes one back, Enter
    /// finds the first entry after the selection whose title or byline holds it, Esc gives up.
    private mutating func handleSearchInput(_ key: Key) -> [ReaderEffect] {
        guard let input = searchInput else { return [] }
        switch key {
        case .escape:
            searchInput = nil
        case .backspace:
            searchInput = String(input.dropLast())
        case .enter:
            searchInput = nil
            guard !input.isEmpty else { return [] }
            lastSearch = input
            find(input, forward: true)
            if searchesAPI, tab.pages || tab == .ranking {
                let id = makeRequest()
                searchResults = SearchResults(query: input, phase: .loading(id))
                return [.search(input, news: tab == .news, id)]
            }
        case .character(let character):
            searchInput = input + String(character)
        default:
            break
        }
        return []
    }

    /// A key over the API's hits: move, open, retry, or back to the list (`q`, `Esc`, `Backspace`).
    private mutating func handleSearchResults(_ key: Key) -> [ReaderEffect] {
        guard var results = searchResults else { return [] }
        let height = max(listHeight - 1, 1)
        switch key {
        case .character("q"), .escape, .backspace:
            searchResults = nil
            return results.loadingRequest.map { [.cancel($0)] } ?? []
        case .character("r"):
            guard case .failed = results.phase else { return [] }
            let id = makeRequest()
            results.phase = .loading(id)
            searchResults = results
            return [.search(results.query, news: tab == .news, id)]
        case .enter:
            guard let entry = selectedEntry else { return [] }
            return open(entry)
        default:
            let list = results.list
            guard
                let target = ListKeys.target(
                    of: key, selected: list.selected, count: list.entries.count, height: height)
            else { return [] }
            results.list.select(target, height: height)
        }
        searchResults = results
        return []
    }

    /// Selects the next (or previous) entry of the current list, after (or before) the selection
    /// and wrapping around, whose title or byline holds `query` (ignoring case), and says how
    /// many do.
    private mutating func find(_ query: String?, forward: Bool) {
        guard let query, var list = lists[tab], !list.entries.isEmpty else {
            if query == nil { notice = "Nothing to find again: / starts a search." }
            return
        }
        let matches = list.entries.indices.filter {
            list.entries[$0].title.localizedCaseInsensitiveContains(query)
                || list.entries[$0].byline.localizedCaseInsensitiveContains(query)
        }
        guard !matches.isEmpty else {
            notice = "No “\(TextWidth.truncated(query, toColumns: 20))” in \(tab.title)."
            return
        }
        let next =
            forward
            ? matches.first { $0 > list.selected } ?? matches[0]
            : matches.last { $0 < list.selected } ?? matches[matches.count - 1]
        list.select(next, height: listHeight)
        lists[tab] = list
        let position = (matches.firstIndex(of: next) ?? 0) + 1
        notice = "“\(TextWidth.truncated(query, toColumns: 20))”: \(position) of \(matches.count)  n/N next/previous"
    }

    private mutating func handlePager(_ key: Key) -> [ReaderEffect] {
        guard var pager else { return [] }
        if pager.comments != nil, let effects = handleComments(key) { return effects }
        let height = pagerHeight
        switch key {
        case .character("q"), .escape, .backspace:
            self.pager = nil
            return pager.requests.map(ReaderEffect.cancel)
        case .character("c"):
            let id = makeRequest()
            pager.comments = CommentsPane(phase: .loading(id))
            self.pager = pager
            return [.loadComments(pager.entry, id)]
        case .character("s"):
            guard let article = pager.article else { return wait("saving") }
            guard !pager.entry.isSaved else {
                notice = "It is in the offline library already; d in 离线 removes it."
                return []
            }
            notice = "Saving “\(TextWidth.truncated(pager.entry.title, toColumns: 30))”…"
            return [.save(article, startJob())]
        case .character("o"):
            guard let link = pager.entry.link ?? pager.article?.link else {
                notice = "This article has no link to open."
                return []
            }
            notice = "Opening \(link.absoluteString) in the browser…"
            return [.openInBrowser(link)]
        case .character("w"):
            guard let article = pager.article else { return wait("writing its page") }
            return [.writePage(article, startJob())]
        case .character("n"):
            return openNeighbour(1)
        case .character("p"):
            return openNeighbour(-1)
        case .character("r"):
            guard case .failed = pager.phase else { return [] }
            let id = makeRequest()
            pager.phase = .loading(id)
            self.pager = pager
            return [.loadArticle(pager.entry, id)]
        case .character("j"), .down, .enter: pager.scroll(by: 1, height: height)
        case .character("k"), .up: pager.scroll(by: -1, height: height)
        case .pageDown, .character(" "), .character("f"): pager.scroll(by: height, height: height)
        case .pageUp, .character("b"): pager.scroll(by: -height, height: height)
        case .character("g"), .home: pager.scroll(to: 0, height: height)
        case .character("G"), .end: pager.scroll(to: pager.lines.count, height: height)
        default: return []
        }
        self.pager = pager
        return []
    }

    /// A key while the comments are shown, or nil for one the article handles (`s`, `o`, `w`,
    /// `n`, `p`, and the comments' own keys, scroll and back, handled here).
    private mutating func handleComments(_ key: Key) -> [ReaderEffect]? {
        guard var pager, var comments = pager.comments else { return nil }
        let height = pagerHeight
        switch key {
        case .character("q"), .escape, .backspace, .character("c"):
            pager.comments = nil
            self.pager = pager
            return comments.loadingRequest.map { [.cancel($0)] } ?? []
        case .character("r"):
            guard case .failed = comments.phase else { return [] }
            let id = makeRequest()
            comments = CommentsPane(phase: .loading(id))
            pager.comments = comments
            self.pager = pager
            return [.loadComments(pager.entry, id)]
        case .character("j"), .down, .enter: comments.scroll(to: comments.top + 1, height: height)
        case .character("k"), .up: comments.scroll(to: comments.top - 1, height: height)
        case .pageDown, .character(" "), .character("f"): comments.scroll(to: comments.top + height, height: height)
        case .pageUp, .character("b"): comments.scroll(to: comments.top - height, height: height)
        case .character("g"), .home: comments.scroll(to: 0, height: height)
        case .character("G"), .end: comments.scroll(to: comments.lines.count, height: height)
        default: return nil
        }
        pager.comments = comments
        self.pager = pager
        return []
    }

    /// The article `offset` entries from this one in the list it was opened from, opened in its
    /// place (what was loading for this one is cancelled).
    private mutating func openNeighbour(_ offset: Int) -> [ReaderEffect] {
        guard let pager, var list = searchResults?.list ?? lists[tab] else { return [] }
        let index = list.selected + offset
        guard list.entries.indices.contains(index) else {
            notice = offset > 0 ? "This is the last article of the list." : "This is the first article of the list."
            return []
        }
        list.select(index, height: listHeight)
        if searchResults != nil {
            searchResults?.list = list
        } else {
            lists[tab] = list
        }
        return pager.requests.map(ReaderEffect.cancel) + open(list.entries[index])
    }

    /// The notice for a key that needs the article's body, which has not come.
    private mutating func wait(_ what: String) -> [ReaderEffect] {
        notice = "The article has not loaded yet; try \(what) once it shows."
        return []
    }

    /// A new request for a job that runs on after its key.
    private mutating func startJob() -> RequestID {
        let id = makeRequest()
        jobs.insert(id)
        return id
    }

    // MARK: Tabs and requests

    mutating func switchTab(to target: ReaderTab) -> [ReaderEffect] {
        guard target != tab else { return [] }
        var effects: [ReaderEffect] = []
        if tab == .me { effects += leaveMePage() }
        if var list = lists[tab], let id = list.loadingRequest {
            // Leaving the tab cancels its request; coming back loads again.
            effects.append(.cancel(id))
            list.phase = list.entries.isEmpty ? .idle : .loaded
            lists[tab] = list
        }
        if let id = lists[tab]?.moreRequest {
            effects.append(.cancel(id))
            lists[tab]?.moreRequest = nil
        }
        searchInput = nil
        if tab == .subscriptions { effects += leaveSubscriptions() }
        tab = target
        return effects + enter(target)
    }

    /// The effects of showing `target`: its first load.
    private mutating func enter(_ target: ReaderTab) -> [ReaderEffect] {
        if target == .me { return enterMePage() }
        if target == .subscriptions { return enterSubscriptions() }
        guard target.hasList, (lists[target] ?? ReaderList()).phase == .idle else { return [] }
        return reload(target)
    }

    private mutating func reload(_ target: ReaderTab) -> [ReaderEffect] {
        guard target.hasList else { return [] }
        var list = lists[target] ?? ReaderList()
        var effects: [ReaderEffect] = [list.loadingRequest, list.moreRequest].compactMap { $0 }.map(ReaderEffect.cancel)
        list.moreRequest = nil
        let id = makeRequest()
        list.phase = .loading(id)
        lists[target] = list
        effects.append(.loadList(target, id))
        return effects
    }

    private mutating func cancelAll() -> [ReaderEffect] {
        var effects = ReaderTab.allCases.compactMap { lists[$0]?.loadingRequest }.map(ReaderEffect.cancel)
        effects += ReaderTab.allCases.compactMap { lists[$0]?.moreRequest }.map(ReaderEffect.cancel)
        effects += (pager?.requests ?? []).map(ReaderEffect.cancel)
        effects += me.requests.map(ReaderEffect.cancel)
        effects += subscriptionsPage.requests.map(ReaderEffect.cancel)
        if let id = searchResults?.loadingRequest { effects.append(.cancel(id)) }
        return effects
    }

    mutating func makeRequest() -> RequestID {
        lastRequest += 1
        return RequestID(lastRequest)
    }

    /// The rows of a list: all but the tab bar, its rule and the status line.
    var listHeight: Int { max(size.rows - 3, 1) }

    /// The rows of an article's body: all but the header (title, byline, rule) and the status line.
    var pagerHeight: Int { max(size.rows - 4, 1) }
}
