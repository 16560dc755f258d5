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
    /// 订阅: the feeds, the feed opened, a refresh.
    var subscriptionsPage = SubscriptionsPage()
    /// A line for the status bar until the next key: the outcome of a removal.
    var notice: String?
    var lastRequest = 0
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

    /// The entry selected in the current tab's list, if any.
    public var selectedEntry: ReaderEntry? {
        let list = lists[tab] ?? ReaderList()
        return list.entries.indices.contains(list.selected) ? list.entries[list.selected] : nil
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
        case .subscriptions(let event):
            return handleSubscriptions(event)
        }
    }

    // MARK: Keys

    private mutating func handle(_ key: Key) -> [ReaderEffect] {
        if key == .interrupt { return cancelAll() + [.quit(.interrupted)] }
        if tab == .subscriptions, let effects = handleSubscriptionsKey(key) { return effects }
        if pager != nil { return handlePager(key) }
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
            let id = makeRequest()
            pager = ArticlePager(entry: entry, phase: .loading(id))
            return [.loadArticle(entry, id)]
        default:
            moveSelection(key)
            return []
        }
    }

    private mutating func moveSelection(_ key: Key) {
        guard var list = lists[tab] else { return }
        let height = listHeight
        switch key {
        case .character("j"), .down: list.move(by: 1, height: height)
        case .character("k"), .up: list.move(by: -1, height: height)
        case .pageDown, .character(" "): list.move(by: height, height: height)
        case .pageUp: list.move(by: -height, height: height)
        case .character("g"), .home: list.select(0, height: height)
        case .character("G"), .end: list.select(list.entries.count - 1, height: height)
        default: return
        }
        lists[tab] = list
    }

    private mutating func handlePager(_ key: Key) -> [ReaderEffect] {
        guard var pager else { return [] }
        let height = pagerHeight
        switch key {
        case .character("q"), .escape, .backspace:
            self.pager = nil
            return pager.loadingRequest.map { [.cancel($0)] } ?? []
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

    // MARK: Tabs and requests

    private mutating func switchTab(to target: ReaderTab) -> [ReaderEffect] {
        guard target != tab else { return [] }
        var effects: [ReaderEffect] = []
        if var list = lists[tab], let id = list.loadingRequest {
            // Leaving the tab cancels its request; coming back loads again.
            effects.append(.cancel(id))
            list.phase = list.entries.isEmpty ? .idle : .loaded
            lists[tab] = list
        }
        if tab == .subscriptions { effects += leaveSubscriptions() }
        tab = target
        return effects + enter(target)
    }

    /// The effects of showing `target`: its first load.
    private mutating func enter(_ target: ReaderTab) -> [ReaderEffect] {
        if target == .subscriptions { return enterSubscriptions() }
        guard target.hasList, (lists[target] ?? ReaderList()).phase == .idle else { return [] }
        return reload(target)
    }

    private mutating func reload(_ target: ReaderTab) -> [ReaderEffect] {
        guard target.hasList else { return [] }
        var list = lists[target] ?? ReaderList()
        var effects: [ReaderEffect] = list.loadingRequest.map { [.cancel($0)] } ?? []
        let id = makeRequest()
        list.phase = .loading(id)
        lists[target] = list
        effects.append(.loadList(target, id))
        return effects
    }

    private mutating func cancelAll() -> [ReaderEffect] {
        var effects = ReaderTab.allCases.compactMap { lists[$0]?.loadingRequest }.map(ReaderEffect.cancel)
        if let id = pager?.loadingRequest { effects.append(.cancel(id)) }
        effects += subscriptionsPage.requests.map(ReaderEffect.cancel)
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
