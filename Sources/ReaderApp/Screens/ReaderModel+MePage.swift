import BasicFormat
import BasicTerminal
import BudejieClient

extension ReaderModel {
    /// Whether something on screen is turning a spinner (a list, an article or its comments
    /// loading, a job running, the 我的 tab's squares loading, its cache measured or cleared):
    /// the runtime then sends ``ReaderEvent/tick`` now and then.
    public var isAnimating: Bool {
        isBusy || (tab == .me && pager == nil && me.isBusy)
    }

    /// The 我的 tab's settings row "清除缓存(…)" as it reads now: `清除缓存(12.3MB)`, with the
    /// seed's `正在计算文件大小...` while it is measured.
    public var clearCacheRow: String {
        switch me.cache {
        case .idle: "清除缓存"
        case .measuring: "清除缓存(正在计算文件大小...)"
        case .measured(let bytes), .confirming(let bytes?): "清除缓存(\(ByteCount(bytes)))"
        case .confirming(nil), .failed: "清除缓存(大小未知)"
        case .clearing: "清除缓存(正在清除...)"
        }
    }

    // MARK: Entering and leaving the tab

    /// The effects of showing 我的: the squares' first load, and measuring the cache (again, as
    /// the seed's settings page measures each time it appears) unless it is being cleared.
    mutating func enterMePage() -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        if me.squares == .idle {
            let id = makeRequest()
            me.squares = .loading(id)
            effects.append(.loadSquares(id))
        }
        switch me.cache {
        case .clearing: break
        default:
            let id = makeRequest()
            me.cache = .measuring(id)
            effects.append(.measureCache(id))
        }
        return effects
    }

    /// The effects of leaving 我的: its squares' loading and its measuring are cancelled (their
    /// late answers are dropped), a question is withdrawn; a clear that was confirmed goes on.
    mutating func leaveMePage() -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        if case .loading(let id) = me.squares {
            effects.append(.cancel(id))
            me.squares = .idle
        }
        switch me.cache {
        case .measuring(let id):
            effects.append(.cancel(id))
            me.cache = .idle
        case .confirming(let bytes):
            me.cache = bytes.map(MePage.Cache.measured) ?? .idle
        default:
            break
        }
        return effects
    }

    // MARK: Events

    /// Applies an answer for the 我的 tab; answers to requests it no longer waits for are dropped.
    mutating func handleMePage(_ event: ReaderEvent) -> [ReaderEffect] {
        switch event {
        case .squaresLoaded(let id, let result):
            guard me.squares == .loading(id) else { return [] }
            switch result {
            case .success(let squares): me.squares = .loaded(squares)
            case .failure(let failure): me.squares = .failed(failure.message)
            }
        case .cache(let id, let report):
            handleCache(report, id: id)
        case .linkNotOpened(let url, let failure):
            notice = "Could not open \(url.absoluteString): \(failure.message)"
        default:
            break
        }
        return []
    }

    private mutating func handleCache(_ report: CacheReport, id: RequestID) {
        switch (me.cache, report) {
        case (.measuring(id), .measured(let result)):
            switch result {
            case .success(let bytes): me.cache = .measured(bytes)
            case .failure(let failure): me.cache = .failed("Could not measure the cache: \(failure.message)")
            }
        case (.clearing(id, _), .clearing(let folder, let done, let total)):
            me.cache = .clearing(id, MePage.ClearingProgress(folder: folder, done: done, total: total))
        case (.clearing(id, _), .cleared(let result)):
            switch result {
            case .success(let clearing):
                me.cache = .measured(clearing.remainingBytes)
                var line = "Cleared \(clearing.removedFiles) file\(clearing.removedFiles == 1 ? "" : "s"), "
                line += "\(ByteCount(clearing.freedBytes)) freed"
                if clearing.skipped > 0 { line += " (\(clearing.skipped) left: in use or on another disk)" }
                notice = line + "."
            case .failure(let failure):
                me.cache = .failed("Could not clear the cache: \(failure.message)")
            }
        default:
            break  // a late answer, or one for work that was cancelled
        }
    }

    // MARK: Keys

    /// Handles `key` on the 我的 tab, or returns nil for the keys every tab shares (`q`, `Tab`,
    /// `1`–`7`, `h`/`l`, and ←/→ outside the grid).
    mutating func handleMePage(_ key: Key) -> [ReaderEffect]? {
        if case .confirming = me.cache {
            // The y/n question takes the next key, whichever it is.
            guard key == .character("y") || key == .character("Y") else {
                me.cache = leaveQuestion()
                notice = "Nothing was removed."
                return []
            }
            let id = makeRequest()
            me.cache = .clearing(id, nil)
            return [.clearCache(id)]
        }
        switch key {
        case .character("j"), .down: me.moveVertically(by: 1)
        case .character("k"), .up: me.moveVertically(by: -1)
        case .left: return me.moveHorizontally(by: -1) ? [] : nil
        case .right: return me.moveHorizontally(by: 1) ? [] : nil
        case .character("g"), .home: me.selectFirst()
        case .character("G"), .end: me.selectLast()
        case .character("r"): return refreshMePage()
        case .enter: return activate()
        default: return nil
        }
        return []
    }

    /// The state a withdrawn question goes back to.
    private func leaveQuestion() -> MePage.Cache {
        if case .confirming(let bytes?) = me.cache { return .measured(bytes) }
        return .idle
    }

    /// `r`: the squares load again, and the cache is measured again (unless it is being cleared).
    private mutating func refreshMePage() -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        if case .loading(let id) = me.squares { effects.append(.cancel(id)) }
        me.squares = .idle
        switch me.cache {
        case .measuring(let id):
            effects.append(.cancel(id))
            me.cache = .idle
        case .clearing:
            break
        default:
            me.cache = .idle
        }
        return effects + enterMePage()
    }

    /// `Enter`: the selected square's link is routed; the settings row asks to clear.
    private mutating func activate() -> [ReaderEffect] {
        switch me.selected {
        case .square(let index):
            me.selection = .square(index)
            let square = me.shownSquares[index]
            switch SquareDestination.route(square.url) {
            case .web(let url):
                notice = "Opening \(url.absoluteString) in the browser…"
                return [.openInBrowser(url)]
            case .settings:
                me.column = index % MePage.columns
                me.selection = .setting(MePage.Setting.clearCache.rawValue)
                notice = "\(square.name): the settings are the rows below the grid."
            case .offline:
                return switchTab(to: .offline)
            case .search:
                // The reader's search is `/` in a list: 首页's, typed at once.
                let effects = switchTab(to: .home)
                searchInput = ""
                return effects
            case .notInApp:
                notice = "\(square.name) (\(square.url)) is not in this app."
            }
            return []
        case .setting(let index):
            me.selection = .setting(index)
            switch me.cache {
            case .measuring:
                notice = "The cache is still being measured; a moment."
            case .clearing:
                notice = "The cache is being cleared."
            case .measured(let bytes):
                me.cache = .confirming(bytes)
            case .idle, .failed, .confirming:
                me.cache = .confirming(nil)
            }
            return []
        }
    }
}
