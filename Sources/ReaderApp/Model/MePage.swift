import BudejieClient

/// The 我的 tab: the Budejie square grid, the settings rows below it, and the selection over
/// both. Part of ``ReaderModel``; ``ReaderModel/handleMePage(_:)-(Key)`` drives it.
struct MePage: Hashable, Sendable {
    /// The square grid.
    enum Squares: Hashable, Sendable {
        /// Never loaded, or its loading was cancelled.
        case idle
        /// Waiting for this request.
        case loading(RequestID)
        /// Loaded.
        case loaded([Square])
        /// The Budejie API did not answer, or not with squares: why, in one line.
        case failed(String)
    }

    /// The settings row "清除缓存(…)": what it knows of the cache folders.
    enum Cache: Hashable, Sendable {
        /// Not measured (or its measuring was cancelled).
        case idle
        /// Measuring, off the UI loop.
        case measuring(RequestID)
        /// Measured: the bytes in `images/` and `custom/`.
        case measured(UInt64)
        /// Measuring or clearing failed: why.
        case failed(String)
        /// Asking whether to clear, on the status line; the size when it was known.
        case confirming(UInt64?)
        /// Clearing, and how far it has got (nil until the first report).
        case clearing(RequestID, ClearingProgress?)
    }

    /// How far a clear has got: the folder being emptied, its files done and in all.
    struct ClearingProgress: Hashable, Sendable {
        var folder: ReaderCaches.Folder
        var done: Int
        var total: Int
    }

    /// What is selected: a square of the grid, or a settings row.
    enum Selection: Hashable, Sendable {
        case square(Int)
        case setting(Int)
    }

    /// The settings rows, in order.
    enum Setting: Int, CaseIterable, Hashable, Sendable {
        /// 清除缓存: the cache folders' size; Enter clears them.
        case clearCache
    }

    /// The squares in a row of the grid, as the Budejie page lays them out.
    static let columns = 4

    var squares = Squares.idle
    var cache = Cache.idle
    /// The selection as last set; see ``selected``.
    var selection = Selection.square(0)
    /// The grid's column the selection left it from, to come back to.
    var column = 0

    /// The squares shown: none until they have loaded.
    var shownSquares: [Square] {
        if case .loaded(let squares) = squares { return squares }
        return []
    }

    /// The selection in effect: a square only while there are squares (and clamped to them), else
    /// the first settings row.
    var selected: Selection {
        let count = shownSquares.count
        switch selection {
        case .square(let index):
            return count > 0 ? .square(min(max(index, 0), count - 1)) : .setting(0)
        case .setting(let index):
            return .setting(min(max(index, 0), Setting.allCases.count - 1))
        }
    }

    /// The requests in flight: the squares' and the cache's.
    var requests: [RequestID] {
        var ids: [RequestID] = []
        if case .loading(let id) = squares { ids.append(id) }
        switch cache {
        case .measuring(let id), .clearing(let id, _): ids.append(id)
        default: break
        }
        return ids
    }

    /// Whether a spinner shows: the squares load, or the cache is measured or cleared.
    var isBusy: Bool {
        if case .loading = squares { return true }
        switch cache {
        case .measuring, .clearing: return true
        default: return false
        }
    }

    // MARK: Moving

    /// Moves the selection a row down (`delta` 1) or up (-1): through the grid's rows, then the
    /// settings rows.
    mutating func moveVertically(by delta: Int) {
        let count = shownSquares.count
        let columns = Self.columns
        switch selected {
        case .square(let index):
            let row = index / columns
            let lastRow = (count - 1) / columns
            if delta > 0 {
                if row < lastRow {
                    selection = .square(min(index + columns, count - 1))
                } else {
                    column = index % columns
                    selection = .setting(0)
                }
            } else if row > 0 {
                selection = .square(index - columns)
            }
        case .setting(let index):
            if delta > 0 {
                selection = .setting(min(index + 1, Setting.allCases.count - 1))
            } else if index > 0 {
                selection = .setting(index - 1)
            } else if count > 0 {
                let lastRowStart = (count - 1) / columns * columns
                selection = .square(min(lastRowStart + column, count - 1))
            }
        }
    }

    /// Moves the selection to the square before (`delta` -1) or after (1), in reading order;
    /// false when the selection is not in the grid, where ←/→ switch tabs instead.
    mutating func moveHorizontally(by delta: Int) -> Bool {
        guard case .square(let index) = selected else { return false }
        selection = .square(min(max(index + delta, 0), shownSquares.count - 1))
        return true
    }

    /// Selects the first square (or the first settings row when there are none).
    mutating func selectFirst() {
        selection = shownSquares.isEmpty ? .setting(0) : .square(0)
    }

    /// Selects the last settings row.
    mutating func selectLast() {
        if case .square(let index) = selected { column = index % Self.columns }
        selection = .setting(Setting.allCases.count - 1)
    }
}
