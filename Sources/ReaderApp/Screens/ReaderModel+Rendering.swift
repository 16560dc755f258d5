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
        if let pager {
            drawPager(pager, into: &grid)
        } else {
            drawTabBar(into: &grid)
            grid.put(String(repeating: "─", count: size.columns), row: 1, column: 0, style: .dim)
            drawList(into: &grid)
        }
        return grid
    }

    /// `首页 [精华] 新闻 …`: the current tab in brackets (and bold, underlined), so that it shows
    /// without colour.
    private func drawTabBar(into grid: inout CellGrid) {
        var column = 0
        for item in ReaderTab.allCases {
            if item == tab {
                column = grid.put("[\(item.title)]", row: 0, column: column, style: [.bold, .underline])
            } else {
                column = grid.put(item.title, row: 0, column: column)
            }
            column = grid.put(" ", row: 0, column: column)
        }
    }

    private func drawList(into grid: inout CellGrid) {
        let status = size.rows - 1
        if tab == .subscriptions { return drawSubscriptions(into: &grid) }
        guard tab.hasList else {
            let lines = Self.wrap(
                "\(tab.title) comes in a later version of the reader; meanwhile the one-shot commands have it "
                    + "(bsl feeds, bsl budejie).", width: size.columns)
            for (index, line) in lines.prefix(listHeight).enumerated() { grid.put(line, row: 2 + index, column: 0) }
            drawStatus("Tab/1-7 switch tabs  q quit", right: "", into: &grid)
            return
        }
        let list = lists[tab] ?? ReaderList()
        if case .failed(let message) = list.phase {
            let lines =
                Self.wrap("Could not load \(tab.title): \(message)", width: size.columns) + ["", "Press r to retry."]
            for (index, line) in lines.prefix(listHeight).enumerated() { grid.put(line, row: 2 + index, column: 0) }
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
        if list.loadingRequest != nil {
            grid.put("Loading \(tab.title)…", row: status, column: 0, style: .bold)
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
            let position = notice == nil ? "\(list.selected + 1)/\(list.entries.count)" : ""
            drawStatus(notice ?? keys, right: position, into: &grid)
        }
    }

    /// `> title…  author  03-12 10:35`; the selected row also inverse.
    private func drawEntry(_ entry: ReaderEntry, selected: Bool, row: Int, into grid: inout CellGrid) {
        let timeColumns = 11
        let authorColumns = size.columns >= 60 ? 12 : 0
        let titleColumns = size.columns - 2 - timeColumns - 1 - (authorColumns > 0 ? authorColumns + 2 : 0)
        let style: CellStyle = selected ? .inverse : []
        if selected { grid.setStyle(.inverse, row: row) }
        grid.put(selected ? "> " : "  ", row: row, column: 0, style: style)
        let title = TextWidth.truncated(TerminalText.printable(entry.title), toColumns: titleColumns)
        grid.put(title, row: row, column: 2, style: style)
        if authorColumns > 0 {
            let author = TextWidth.truncated(TerminalText.printable(entry.byline), toColumns: authorColumns)
            grid.put(author, row: row, column: 2 + titleColumns + 2, style: style)
        }
        let time = TextWidth.truncated(timeFormatter.relativeString(for: entry.published), toColumns: timeColumns)
        grid.put(time, row: row, column: size.columns - TextWidth.columns(of: time), style: style)
    }

    private func drawPager(_ pager: ArticlePager, into grid: inout CellGrid) {
        let entry = pager.entry
        grid.put(
            TextWidth.truncated(TerminalText.printable(entry.title), toColumns: size.columns), row: 0, column: 0,
            style: .bold)
        let date = timeFormatter.string(from: entry.published, pattern: "yyyy-MM-dd HH:mm")
        let byline = [TerminalText.printable(entry.byline), date, entry.link?.absoluteString ?? ""]
            .filter { !$0.isEmpty }.joined(separator: " · ")
        grid.put(TextWidth.truncated(byline, toColumns: size.columns), row: 1, column: 0)
        grid.put(String(repeating: "─", count: size.columns), row: 2, column: 0, style: .dim)
        let height = pagerHeight
        switch pager.phase {
        case .loading:
            grid.put("Loading the article…", row: 3, column: 0, style: .bold)
            drawStatus("q back", right: "", into: &grid)
        case .failed(let message):
            let lines =
                Self.wrap("Could not load the article: \(message)", width: size.columns) + ["", "Press r to retry."]
            for (index, line) in lines.prefix(height).enumerated() { grid.put(line, row: 3 + index, column: 0) }
            drawStatus("r retry  q back", right: "", into: &grid)
        case .loaded:
            for (offset, line) in pager.lines.dropFirst(pager.top).prefix(height).enumerated() {
                grid.put(line, row: 3 + offset, column: 0)
            }
            let last = min(pager.top + height, pager.lines.count)
            let percent = pager.lines.isEmpty ? 100 : last * 100 / pager.lines.count
            drawStatus(
                "Space/PgDn page  j/k line  g/G top/end  q back", right: "\(last)/\(pager.lines.count) \(percent)%",
                into: &grid)
        }
    }

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
