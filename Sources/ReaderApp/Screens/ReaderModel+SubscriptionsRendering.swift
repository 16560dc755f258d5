import BasicFormat
import BasicTerminal
import CnblogsClient
import FeedsClient

extension ReaderModel {
    /// The columns of a count at the right edge (`! 1234`).
    private static let countColumns = 7
    /// The columns of an item's relative time, as the lists write it.
    private static let timeColumns = 11

    /// 订阅 below the tab bar: the feeds in their folders, or the open feed's items.
    func drawSubscriptions(into grid: inout CellGrid) {
        let page = subscriptionsPage
        if let open = page.openFeed { return drawOpenFeed(open, into: &grid) }
        if case .failed(let message) = page.phase {
            let lines =
                Self.wrap("Could not load 订阅: \(message)", width: size.columns) + ["", "Press r to retry."]
            drawLines(lines, from: 2, into: &grid)
            drawStatus("r retry  Tab/1-7 switch tabs  q quit", right: "", into: &grid)
            return
        }
        if page.feeds.isEmpty {
            if page.phase == .loaded {
                drawNoFeeds(into: &grid)
                drawFeedsStatus(notice ?? "r reload  Tab/1-7 tabs  q quit", right: "", into: &grid)
            } else {
                drawFeedsStatus("Loading 订阅…", right: "", bold: true, into: &grid)
            }
            return
        }
        var row = 2
        if let problem = page.refreshProblem {
            grid.put(
                TextWidth.truncated(TerminalText.printable(problem), toColumns: size.columns), row: row, column: 0,
                style: .bold)
            row += 1
        }
        for (offset, line) in page.rows.dropFirst(page.top).prefix(feedListHeight).enumerated() {
            drawFeedRow(line, row: row + offset, into: &grid)
        }
        if page.loadingRequest != nil {
            drawFeedsStatus("Loading 订阅…", right: "", bold: true, into: &grid)
        } else {
            drawFeedsStatus(
                notice ?? "j/k move  Enter open  a mark read  r refresh  q quit",
                right: notice == nil ? "\(page.selected + 1)/\(page.feeds.count)" : "", into: &grid)
        }
    }

    /// What an empty list says: how to add a feed, and the cnblogs feeds the other tabs read, as
    /// `bsl feeds add --preset cnblogs` adds them.
    private func drawNoFeeds(into grid: inout CellGrid) {
        var lines = Self.wrap("No subscriptions yet: bsl feeds add URL", width: size.columns)
        lines.append("")
        lines += Self.wrap("Suggested, the cnblogs feeds the other tabs read:", width: size.columns)
        for entry in FeedPreset.cnblogs.entries {
            let line = "  " + (entry.title ?? "") + "  " + entry.url
            lines.append(TextWidth.truncated(line, toColumns: size.columns))
        }
        lines += Self.wrap("All three at once: bsl feeds add --preset cnblogs", width: size.columns)
        drawLines(lines, from: 2, into: &grid)
    }

    /// A folder's heading (its name and unread items) or a feed (title, `!` when its last
    /// refresh failed, unread count); the selected feed marked `>` and inverse.
    private func drawFeedRow(_ line: SubscriptionsPage.Row, row: Int, into grid: inout CellGrid) {
        let page = subscriptionsPage
        let countColumns = Self.countColumns
        switch line {
        case .folder(let name, let unread):
            let title = TextWidth.truncated(
                TerminalText.printable(name) + "/", toColumns: size.columns - 2 - countColumns - 1)
            grid.put(title, row: row, column: 2, style: .bold)
            let count = String(unread)
            grid.put(count, row: row, column: size.columns - TextWidth.columns(of: count), style: .bold)
        case .feed(let index):
            let feed = page.feeds[index]
            let selected = index == page.selected
            let style: CellStyle = selected ? .inverse : []
            if selected { grid.setStyle(.inverse, row: row) }
            grid.put(selected ? "> " : "  ", row: row, column: 0, style: style)
            let indent = feed.folder == nil ? 2 : 4
            let title = TextWidth.truncated(
                TerminalText.printable(feed.title), toColumns: size.columns - indent - countColumns - 1)
            grid.put(title, row: row, column: indent, style: style)
            let count = (feed.lastError == nil ? "" : "! ") + String(feed.unreadCount)
            grid.put(
                count, row: row, column: size.columns - TextWidth.columns(of: count),
                style: feed.unreadCount > 0 ? style.union(.bold) : style)
        }
    }

    /// A feed's items: its heading, then each item (`*` when unread, title, relative time).
    private func drawOpenFeed(_ open: SubscriptionsPage.OpenFeed, into grid: inout CellGrid) {
        let feed = subscriptionsPage.feed(open.feedID)
        let heading =
            TerminalText.printable(feed?.title ?? open.feedID) + (feed.map { " · \($0.unreadCount) unread" } ?? "")
        grid.put(TextWidth.truncated(heading, toColumns: size.columns), row: 2, column: 0, style: .bold)
        let keys = "j/k move  Enter read  a mark all read  r refresh  q back"
        switch open.phase {
        case .failed(let message):
            let lines =
                Self.wrap("Could not load the items: \(message)", width: size.columns) + ["", "Press r to retry."]
            drawLines(lines, from: 3, into: &grid)
            drawFeedsStatus("r retry  q back", right: "", into: &grid)
            return
        case .idle, .loading:
            if open.items.isEmpty {
                drawFeedsStatus("Loading the items…", right: "", bold: true, into: &grid)
                return
            }
        case .loaded:
            if open.items.isEmpty {
                drawLines(Self.wrap("No items yet; r refreshes the feeds.", width: size.columns), from: 3, into: &grid)
                drawFeedsStatus(notice ?? "r refresh  q back", right: "", into: &grid)
                return
            }
        }
        for (offset, item) in open.items.dropFirst(open.top).prefix(feedItemsHeight).enumerated() {
            drawItem(item, selected: open.top + offset == open.selected, row: 3 + offset, into: &grid)
        }
        drawFeedsStatus(
            notice ?? keys, right: notice == nil ? "\(open.selected + 1)/\(open.items.count)" : "", into: &grid)
    }

    /// `> * title…  3分钟前`: `*` marks an unread item (also bold), the selected row inverse.
    private func drawItem(_ item: ReaderFeedItem, selected: Bool, row: Int, into grid: inout CellGrid) {
        let timeColumns = Self.timeColumns
        var style: CellStyle = selected ? .inverse : []
        if selected { grid.setStyle(.inverse, row: row) }
        grid.put(selected ? "> " : "  ", row: row, column: 0, style: style)
        if !item.isRead { style.formUnion(.bold) }
        grid.put(item.isRead ? "  " : "* ", row: row, column: 2, style: style)
        let title = TextWidth.truncated(
            TerminalText.printable(item.title.isEmpty ? "(untitled)" : item.title),
            toColumns: size.columns - 4 - timeColumns - 1)
        grid.put(title, row: row, column: 4, style: style)
        let time = TextWidth.truncated(timeFormatter.relativeString(for: item.date), toColumns: timeColumns)
        grid.put(time, row: row, column: size.columns - TextWidth.columns(of: time), style: style)
    }

    /// The status line of 订阅: a refresh's progress while one runs, else `keys` (or a notice).
    private func drawFeedsStatus(_ keys: String, right: String, bold: Bool = false, into grid: inout CellGrid) {
        if subscriptionsPage.refreshing != nil {
            let progress = subscriptionsPage.progress.map(\.description) ?? "Refreshing the feeds…"
            grid.put(
                TextWidth.truncated(progress, toColumns: size.columns), row: size.rows - 1, column: 0, style: .bold)
        } else if bold {
            grid.put(TextWidth.truncated(keys, toColumns: size.columns), row: size.rows - 1, column: 0, style: .bold)
        } else {
            drawStatus(keys, right: right, into: &grid)
        }
    }

    /// `lines` from `row` down, as many as the list has rows for.
    private func drawLines(_ lines: [String], from row: Int, into grid: inout CellGrid) {
        for (index, line) in lines.prefix(size.rows - 1 - row).enumerated() {
            grid.put(line, row: row + index, column: 0)
        }
    }
}
