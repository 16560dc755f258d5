import BasicFormat
import BasicLayout
import BasicTerminal
import BudejieClient
import CnblogsClient
import Foundation

extension ReaderModel {
    /// The spinner's steps: ASCII, which every terminal and font has.
    static let spinnerFrames = ["-", "\\", "|", "/"]

    /// The 我的 tab below the tab bar: the square grid (or the one line that says why there is
    /// none), a blank line, the settings rows, and the status line (keys, the y/n question, or
    /// a clear's progress).
    func drawMePage(into grid: inout CellGrid) {
        let top = 2
        let height = listHeight
        // The settings block: a blank line, the rows, and a line that explains them.
        let settingsHeight = 1 + MePage.Setting.allCases.count + 1
        let gridHeight = max(height - settingsHeight, 1)
        let used = drawSquares(into: &grid, top: top, height: gridHeight)
        // On a terminal too low for both, the settings rows keep their place above the status line.
        drawSettings(into: &grid, top: min(top + used + 1, size.rows - 1 - MePage.Setting.allCases.count))
        drawMeStatus(into: &grid)
    }

    /// Draws the grid from `top`, in at most `height` rows; returns the rows used.
    private func drawSquares(into grid: inout CellGrid, top: Int, height: Int) -> Int {
        let line: String
        switch me.squares {
        case .idle, .loading:
            line = "Loading the squares… \(spinner)"
        case .failed(let message):
            line = "The Budejie API did not answer: \(message) (r retries)"
        case .loaded(let squares) where squares.isEmpty:
            line = "The Budejie API has no squares."
        case .loaded(let squares):
            return drawGrid(squares, into: &grid, top: top, height: height)
        }
        grid.put(TextWidth.truncated(TerminalText.printable(line), toColumns: size.columns), row: top, column: 0)
        return 1
    }

    /// Draws `squares` four to a row across the terminal's width (``BasicLayout/GridLayout``),
    /// each its name after a `> ` mark when selected, a blank row between rows when they fit;
    /// returns the rows used.
    private func drawGrid(_ squares: [Square], into grid: inout CellGrid, top: Int, height: Int) -> Int {
        let columns = MePage.columns
        let spans = Self.columnSpans(count: squares.count, columns: columns, width: size.columns)
        let rows = (squares.count + columns - 1) / columns
        // A blank row between rows when all fit that way; else packed, scrolled to the selection.
        let step = rows * 2 - 1 <= height ? 2 : 1
        let visible = max(step == 2 ? rows : height, 1)
        var first = 0
        if case .square(let index) = me.selected, index / columns >= visible {
            first = index / columns - visible + 1
        }
        for (index, square) in squares.enumerated() {
            let row = index / columns - first
            guard row >= 0, row < visible else { continue }
            let span = spans[index]
            let isSelected = me.selected == .square(index)
            let style: CellStyle = isSelected ? .inverse : []
            // The next square's mark is the gap between the two.
            let name = TextWidth.truncated(TerminalText.printable(square.name), toColumns: max(span.count - 2, 1))
            let line = top + row * step
            grid.put((isSelected ? "> " : "  ") + name, row: line, column: span.lowerBound, style: style)
            if isSelected { grid.setStyle(.inverse, row: line, from: span.lowerBound, to: span.upperBound) }
        }
        return min(rows - first, visible) * step - (step - 1)
    }

    /// The columns of each square, from ``BasicLayout/GridLayout``'s frames on a container as
    /// wide as the terminal (a point a column), rounded so that the squares tile the row.
    static func columnSpans(count: Int, columns: Int, width: Int) -> [Range<Int>] {
        let frames = (try? GridLayout(columns: columns).layout(count: count, width: CGFloat(width)))?.frames ?? []
        guard frames.count == count else {
            let side = max(width / columns, 1)
            return (0..<count).map { index in (index % columns * side)..<(index % columns * side + side) }
        }
        return frames.map { frame in
            let start = Int(frame.minX.rounded(.down))
            let end = min(Int(frame.maxX.rounded(.down)), width)
            return start..<max(end, start + 1)
        }
    }

    /// Draws the settings rows from `top`, and under them the line that says what they do.
    private func drawSettings(into grid: inout CellGrid, top: Int) {
        for (offset, setting) in MePage.Setting.allCases.enumerated() {
            let row = top + offset
            let isSelected = me.selected == .setting(setting.rawValue)
            var text: String
            switch setting {
            case .clearCache:
                text = clearCacheRow
                switch me.cache {
                case .measuring, .clearing: text += " " + spinner
                default: break
                }
            }
            let style: CellStyle = isSelected ? .inverse : []
            if isSelected { grid.setStyle(.inverse, row: row) }
            grid.put(
                TextWidth.truncated((isSelected ? "> " : "  ") + text, toColumns: size.columns), row: row, column: 0,
                style: style)
        }
        let detail: String
        if case .failed(let message) = me.cache {
            detail = message
        } else {
            detail = "$XDG_CACHE_HOME/bsl: images/, custom/"
        }
        grid.put(
            TextWidth.truncated("  " + TerminalText.printable(detail), toColumns: size.columns),
            row: top + MePage.Setting.allCases.count, column: 0, style: .dim)
    }

    /// The status line: the y/n question, a clear's progress, a notice, or the keys.
    private func drawMeStatus(into grid: inout CellGrid) {
        let row = size.rows - 1
        switch me.cache {
        case .confirming(let bytes):
            let size = bytes.map { " (\(ByteCount($0)))" } ?? ""
            grid.put(
                TextWidth.truncated("Clear the cache\(size)? y/n", toColumns: self.size.columns), row: row, column: 0,
                style: .bold)
            return
        case .clearing(_, let progress):
            let place = progress.map { " \($0.folder.rawValue)/ \($0.done)/\($0.total) files" } ?? ""
            grid.put(
                TextWidth.truncated("Clearing the cache…\(place)", toColumns: size.columns), row: row, column: 0,
                style: .bold)
            return
        default:
            break
        }
        drawStatus(notice ?? "j/k/←/→ move  Enter open  r refresh  Tab/1-7 tabs  q quit", right: "", into: &grid)
    }
}
