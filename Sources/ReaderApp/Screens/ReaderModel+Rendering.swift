import BasicFormat
import CnblogsClient
import BasicTerminal

extension ReaderModel {
    /// The screen as it is now: the tab bar and the current list, or the article pager.
    ///
    /// - Complexity: O(*n*) in the cells of the screen (and the lines shown).
    public func render() -> CellGrid {
        var grid = CellGrid(size: size)
        guard size.columns >= Self.minimumSize.columns, size.rows >= Self.minimumSize.rows else {
            grid.put("terminal too small", row: 0, column: 0)
            return grid
        }
        if showingHelp {
            drawHelp(into: &grid)
        } else if let pager {
            drawPager(pager, into: &grid)
        } else if let searchResults {
            drawTabBar(into: &grid)
            grid.put(String(repeating: "─", count: size.columns), row: 1, column: 0, style: .dim)
            drawSearchResults(searchResults, into: &grid)
        } else {
            drawTabBar(into: &grid)
            grid.put(String(repeating: "─", count: size.columns), row: 1, column: 0, style: .dim)
            drawList(into: &grid)
        }
        return grid
    }

    /// `首页 [精华] 新闻 …`: the current tab in brackets (and bold, underlined, in the accent colour
    /// where there is colour), so that it shows without colour.
    private func drawTabBar(into grid: inout CellGrid) {
        var column = 0
        for item in ReaderTab.allCases {
            if item == tab {
                column = grid.put("[\(item.title)]", row: 0, column: column, style: [.bold, .underline, .accent])
            } else {
                column = grid.put(item.title, row: 0, column: column)
            }
            column = grid.put(" ", row: 0, column: column)
        }
    }

    private func drawList(into grid: inout CellGrid) {
        // 我的 and 订阅 draw their own pages; every other tab is a list.
        if tab == .me { return drawMePage(into: &grid) }
        if tab == .subscriptions { return drawSubscriptions(into: &grid) }
        let status = size.rows - 1
        let list = lists[tab] ?? ReaderList()
        if case .failed(let message) = list.phase {
            drawFailure("Could not load \(tab.title): \(message)", top: 2, height: listHeight, into: &grid)
            drawStatus("r retry  Tab/1-7 switch tabs  q quit", right: "", into: &grid)
            return
        }
        for (offset, entry) in list.entries.dropFirst(list.top).prefix(listHeight).enumerated() {
            let index = list.top + offset
            drawEntry(entry, selected: index == list.selected, row: 2 + offset, into: &grid)
        }
        let keys =
            tab == .offline
            ? "j/k move  Enter read  d remove  Tab/1-7 tabs  q quit"
            : "j/k move  Enter open  Tab/1-7 tabs  r refresh  q quit"
        if let input = searchInput {
            let prompt = "/" + TerminalText.printable(input)
            grid.put(TextWidth.truncated(prompt, toColumns: size.columns), row: status, column: 0)
        } else if list.loadingRequest != nil {
            grid.put("Loading \(tab.title)… \(spinner)", row: status, column: 0, style: .bold)
        } else if list.moreRequest != nil {
            drawStatus("Loading page \(list.page + 1)… \(spinner)", right: "", into: &grid)
        } else if list.entries.isEmpty {
            let empty =
                tab == .offline
                ? "No saved articles; bsl cnblogs save ID saves one for reading offline." : "No entries."
            for (index, line) in Self.wrap(empty, width: size.columns).prefix(listHeight).enumerated() {
                grid.put(line, row: 2 + index, column: 0)
            }
            drawStatus(notice ?? "r refresh  q quit", right: "", into: &grid)
        } else {
            // A notice takes the whole line.
            let failure = list.moreFailure.map { "Could not load page \(list.page + 1): \($0) (j tries again)" }
            let line = notice ?? failure
            let position = line == nil ? "\(list.selected + 1)/\(list.entries.count)" : ""
            drawStatus(line ?? keys, right: position, into: &grid)
        }
    }

    /// `> title…  1234/5  author  03-12 10:35`: reads and comments where the source counts them and
    /// the terminal has 70 columns, the author from 60; the selected row also inverse.
    private func drawEntry(_ entry: ReaderEntry, selected: Bool, row: Int, into grid: inout CellGrid) {
        let timeColumns = 11
        let authorColumns = size.columns >= 60 ? 12 : 0
        let counts =
            size.columns >= 70 ? entry.counts.map { TextWidth.truncated($0, toColumns: Self.listCountColumns) } : nil
        let countColumns = counts == nil ? 0 : Self.listCountColumns + 2
        let titleColumns =
            size.columns - 2 - timeColumns - 1 - (authorColumns > 0 ? authorColumns + 2 : 0) - countColumns
        let style: CellStyle = selected ? .inverse : []
        if selected { grid.setStyle(.inverse, row: row) }
        grid.put(selected ? "> " : "  ", row: row, column: 0, style: style)
        let title = TextWidth.truncated(TerminalText.printable(entry.title), toColumns: titleColumns)
        grid.put(title, row: row, column: 2, style: style)
        if let counts {
            let end = 2 + titleColumns + countColumns
            grid.put(counts, row: row, column: end - TextWidth.columns(of: counts), style: selected ? style : .dim)
        }
        if authorColumns > 0 {
            let author = TextWidth.truncated(TerminalText.printable(entry.byline), toColumns: authorColumns)
            grid.put(author, row: row, column: 2 + titleColumns + countColumns + 2, style: style)
        }
        let time = TextWidth.truncated(timeFormatter.relativeString(for: entry.published), toColumns: timeColumns)
        grid.put(time, row: row, column: size.columns - TextWidth.columns(of: time), style: style)
    }

    /// The columns of a list's counts, `12345/678` and less.
    static let listCountColumns = 9

    private func drawPager(_ pager: ArticlePager, into grid: inout CellGrid) {
        let entry = pager.entry
        grid.put(
            TextWidth.truncated(TerminalText.printable(entry.title), toColumns: size.columns), row: 0, column: 0,
            style: .bold)
        let date = timeFormatter.string(from: entry.published, pattern: "yyyy-MM-dd HH:mm")
        let counts = [entry.viewCount.map { "阅读 \($0)" }, entry.commentCount.map { "评论 \($0)" }].compactMap { $0 }
        let byline = ([TerminalText.printable(entry.byline), date] + counts + [entry.link?.absoluteString ?? ""])
            .filter { !$0.isEmpty }.joined(separator: " · ")
        grid.put(TextWidth.truncated(byline, toColumns: size.columns), row: 1, column: 0)
        grid.put(String(repeating: "─", count: size.columns), row: 2, column: 0, style: .dim)
        let height = pagerHeight
        if let comments = pager.comments {
            drawComments(comments, into: &grid)
            return
        }
        switch pager.phase {
        case .loading:
            grid.put("Loading the article… \(spinner)", row: 3, column: 0, style: .bold)
            drawStatus(notice ?? "q back", right: "", into: &grid)
        case .failed(let message):
            drawFailure("Could not load the article: \(message)", top: 3, height: height, into: &grid)
            drawStatus(notice ?? "r retry  q back", right: "", into: &grid)
        case .loaded:
            for (offset, line) in pager.lines.dropFirst(pager.top).prefix(height).enumerated() {
                grid.put(line, row: 3 + offset, column: 0)
            }
            let last = min(pager.top + height, pager.lines.count)
            let percent = pager.lines.isEmpty ? 100 : last * 100 / pager.lines.count
            let position = "\(last)/\(pager.lines.count) \(percent)%"
            let keys = "Space page  c comments  s save  o open  n/p next/prev  ? keys  q back"
            drawStatus(notice ?? keys, right: notice == nil ? position : "", into: &grid)
        }
    }

    /// The token API's hits for a `/`: a heading, then the hits as a list's rows (or why there are none).
    private func drawSearchResults(_ results: SearchResults, into grid: inout CellGrid) {
        let query = TextWidth.truncated(TerminalText.printable(results.query), toColumns: 20)
        let height = max(listHeight - 1, 1)
        switch results.phase {
        case .loading:
            grid.put("Searching cnblogs for “\(query)”… \(spinner)", row: 2, column: 0, style: .bold)
            drawStatus("q back to the list", right: "", into: &grid)
        case .failed(let message):
            drawFailure("Could not search cnblogs: \(message)", top: 2, height: height, into: &grid)
            drawStatus("r retry  q back to the list", right: "", into: &grid)
        case .loaded:
            let list = results.list
            let heading =
                "cnblogs search “\(query)”: \(list.entries.isEmpty ? "nothing found" : "\(list.entries.count) hits")"
            grid.put(TextWidth.truncated(heading, toColumns: size.columns), row: 2, column: 0, style: .bold)
            for (offset, entry) in list.entries.dropFirst(list.top).prefix(height).enumerated() {
                drawEntry(entry, selected: list.top + offset == list.selected, row: 3 + offset, into: &grid)
            }
            let position = list.entries.isEmpty || notice != nil ? "" : "\(list.selected + 1)/\(list.entries.count)"
            drawStatus(notice ?? "j/k move  Enter open  q back to the list", right: position, into: &grid)
        }
    }

    /// The comments over the body: loading, failed, or the comments from ``CommentsPane/top``.
    private func drawComments(_ comments: CommentsPane, into grid: inout CellGrid) {
        let height = pagerHeight
        switch comments.phase {
        case .loading:
            grid.put("Loading the comments… \(spinner)", row: 3, column: 0, style: .bold)
            drawStatus(notice ?? "c/q back to the article", right: "", into: &grid)
        case .failed(let message):
            drawFailure("Could not load the comments: \(message)", top: 3, height: height, into: &grid)
            drawStatus(notice ?? "r retry  c/q back to the article", right: "", into: &grid)
        case .loaded(let list) where list.isEmpty:
            grid.put("No comments yet.", row: 3, column: 0)
            drawStatus(notice ?? "c/q back to the article", right: "", into: &grid)
        case .loaded(let list):
            for (offset, line) in comments.lines.dropFirst(comments.top).prefix(height).enumerated() {
                grid.put(line, row: 3 + offset, column: 0, style: line.hasPrefix("#") ? .bold : [])
            }
            let last = min(comments.top + height, comments.lines.count)
            drawStatus(
                notice ?? "\(list.count) comments  Space page  j/k line  c/q back to the article",
                right: notice == nil ? "\(last)/\(comments.lines.count)" : "", into: &grid)
        }
    }

    /// What failed, wrapped from row `top` in at most `height` rows (in the alert colour where
    /// there is colour), then "Press r to retry.".
    private func drawFailure(_ message: String, top: Int, height: Int, into grid: inout CellGrid) {
        let lines = Self.wrap(message, width: size.columns)
        for (index, line) in (lines + ["", "Press r to retry."]).prefix(height).enumerated() {
            grid.put(line, row: top + index, column: 0, style: index < lines.count ? .alert : [])
        }
    }

    /// The keys, over the whole screen, until the next key (`?`).
    private func drawHelp(into grid: inout CellGrid) {
        grid.put("Keys", row: 0, column: 0, style: .bold)
        grid.put(String(repeating: "─", count: size.columns), row: 1, column: 0, style: .dim)
        let lines = Self.helpLines(width: size.columns)
        let height = size.rows - 3
        for (index, line) in lines.dropFirst(helpTop).prefix(height).enumerated() {
            grid.put(line, row: 2 + index, column: 0)
        }
        if lines.count > height {
            drawStatus(
                "j/k scroll  any other key closes", right: "\(min(helpTop + height, lines.count))/\(lines.count)",
                into: &grid)
        } else {
            drawStatus("Any key closes this.", right: "", into: &grid)
        }
    }

    /// The help's lines at `width` columns: each key and what it does, wrapped under the key.
    static func helpLines(width: Int) -> [String] {
        let keys: [(String, String)] = [
            ("Tab S-Tab 1-7 h l", "switch tabs"), ("j k ↑ ↓", "move; past the end loads the next page"),
            ("Space PgUp PgDn", "page"), ("g G", "first, last"), ("Enter", "open the article"),
            ("/ n N", "find in the list (with a token, cnblogs' search too), next, previous"),
            ("r", "reload, or retry after an error"),
            ("d", "remove a saved article (离线)"), ("c", "the article's comments"),
            ("s", "save the article for reading offline"), ("o", "open its link in the browser"),
            ("w", "write its phone-sized page to a file"), ("n p", "next, previous article"),
            ("q Esc ⌫", "back; q on the tab bar quits"), ("Ctrl-C", "quit from anywhere"), ("?", "these keys"),
        ]
        let keyColumns = min(18, max(width / 3, 6))
        var lines: [String] = []
        for (key, meaning) in keys {
            let wrapped = wrap(meaning, width: max(width - keyColumns - 1, 4))
            for (index, part) in wrapped.enumerated() {
                let left = index == 0 ? TextWidth.truncated(key, toColumns: keyColumns) : ""
                lines.append(left + String(repeating: " ", count: keyColumns - TextWidth.columns(of: left) + 1) + part)
            }
        }
        return lines
    }

    /// The spinner's character now, turned by each tick while something loads.
    var spinner: String { Self.spinnerFrames[spinnerStep % Self.spinnerFrames.count] }

    /// The status line: keys on the left (cut to fit), `right` at the right edge.
    func drawStatus(_ keys: String, right: String, into grid: inout CellGrid) {
        let row = size.rows - 1
        let rightColumns = TextWidth.columns(of: right)
        let room = size.columns - (rightColumns > 0 ? rightColumns + 1 : 0)
        grid.put(TextWidth.truncated(keys, toColumns: room), row: row, column: 0, style: .dim)
        if rightColumns > 0 { grid.put(right, row: row, column: size.columns - rightColumns) }
    }

    /// `text` in lines of at most `width` columns, broken at spaces where it can and anywhere
    /// where it must (CJK text has no spaces).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in TerminalText.printable(text).split(separator: " ", omittingEmptySubsequences: true) {
            let wordColumns = TextWidth.columns(of: String(word))
            if used > 0, used + 1 + wordColumns <= width {
                line += " " + word
                used += 1 + wordColumns
                continue
            }
            if used > 0 {
                lines.append(line)
                line = ""
                used = 0
            }
            for character in word {
                let columns = TextWidth.columns(of: character)
                if used + columns > width, used > 0 {
                    lines.append(line)
                    line = ""
                    used = 0
                }
                line.append(character)
                used += columns
            }
        }
        if used > 0 { lines.append(line) }
        return lines
    }
}
