import BasicFormat

/// A screen as a grid of cells: what a terminal shows, as a value. Text is written into it with
/// the widths BasicFormat's `TextWidth` measures (a CJK character takes two cells), and it renders
/// to plain text for tests or, through ``ScreenRenderer``, to the ANSI a terminal needs.
///
/// ```swift
/// var grid = CellGrid(size: TerminalSize(columns: 20, rows: 2))
/// grid.put("博客园 cnblogs", row: 0, column: 0)
/// grid.put("selected", row: 1, column: 0, style: .inverse)
/// print(grid.text())   // 博客园 cnblogs\nselected
/// ```
public struct CellGrid: Hashable, Sendable {
    /// The grid's size.
    public let size: TerminalSize
    /// The cells, row after row.
    public private(set) var cells: [Cell]

    /// A blank grid of `size`.
    public init(size: TerminalSize) {
        self.size = size
        cells = Array(repeating: .blank, count: size.columns * size.rows)
    }

    /// The cell at `row`, `column` (from 0); a blank one outside the grid.
    public subscript(row: Int, column: Int) -> Cell {
        guard contains(row: row, column: column) else { return .blank }
        return cells[row * size.columns + column]
    }

    /// Writes `text` on `row` from `column`, in `style`, stopping at the grid's edge or after
    /// `limit` columns; returns the column after the last one written. A wide character that
    /// does not fit whole leaves a blank instead; characters of no width (control characters)
    /// are left out; writing over half of a wide character blanks its other half.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, style: CellStyle = [], limit: Int? = nil) -> Int {
        guard row >= 0, row < size.rows else { return column }
        let end = min(size.columns, limit.map { column + max($0, 0) } ?? size.columns)
        var position = column
        for character in text {
            let width = TextWidth.columns(of: character)
            guard width > 0 else { continue }
            if position + width > end {
                if position < end, position >= 0 { set(Cell(" ", style: style), row: row, column: position) }
                position = end
                break
            }
            if position >= 0 {
                set(Cell(String(character), style: style), row: row, column: position)
                if width == 2 { set(Cell("", style: style), row: row, column: position + 1) }
            }
            position += width
        }
        return position
    }

    /// Sets the style of `row` from `column` up to (not including) `end`, keeping the characters:
    /// a selection bar across a line.
    public mutating func setStyle(_ style: CellStyle, row: Int, from column: Int = 0, to end: Int? = nil) {
        guard row >= 0, row < size.rows else { return }
        for index in max(column, 0)..<min(end ?? size.columns, size.columns) {
            cells[row * size.columns + index].style = style
        }
    }

    /// The text of `row`, without trailing blanks.
    public func line(_ row: Int) -> String {
        guard row >= 0, row < size.rows else { return "" }
        var text = ""
        for column in 0..<size.columns { text += self[row, column].text }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The whole grid as text: a line per row, without trailing blanks, joined by `\n`.
    public func text() -> String {
        (0..<size.rows).map(line).joined(separator: "\n")
    }

    private func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < size.rows && column >= 0 && column < size.columns
    }

    /// Stores `cell`, blanking the halves of wide characters it breaks.
    private mutating func set(_ cell: Cell, row: Int, column: Int) {
        guard contains(row: row, column: column) else { return }
        let index = row * size.columns + column
        let old = cells[index]
        if old.isContinuation, column > 0, !cell.isContinuation, !cells[index - 1].isContinuation {
            // The right half of a wide character: its left half goes with it.
            cells[index - 1] = Cell(" ", style: cells[index - 1].style)
        }
        if !old.isContinuation, column + 1 < size.columns, cells[index + 1].isContinuation {
            // The old character was wide: its right half goes with it.
            cells[index + 1] = Cell(" ", style: cells[index + 1].style)
        }
        cells[index] = cell
    }
}
