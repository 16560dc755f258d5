/// Turns successive ``CellGrid``s into what a terminal needs to show them: the first grid (or
/// one of a new size) whole, each later one as only the cells that changed, with cursor moves
/// and SGR styles in ANSI (ECMA-48), so a redraw never flickers.
///
/// ```swift
/// var renderer = ScreenRenderer()
/// terminal.write(renderer.render(first))    // clears and draws everything
/// terminal.write(renderer.render(second))   // moves to the changed cells and writes them
/// ```
public struct ScreenRenderer: Sendable {
    /// The grid the terminal shows now, as far as this renderer knows; nil before the first.
    public private(set) var shown: CellGrid?

    /// What the terminal can show: styles it cannot are drawn without what it lacks.
    public let capabilities: TerminalCapabilities

    /// A renderer for a terminal with `capabilities` whose contents it does not know yet.
    public init(capabilities: TerminalCapabilities = .full) {
        self.capabilities = capabilities
    }

    /// Forgets what the terminal shows, so that the next render draws everything (after the
    /// terminal was cleared by someone else, or on Ctrl-L).
    public mutating func invalidate() {
        shown = nil
    }

    /// The ANSI text that changes the terminal from what it shows to `grid`; empty when
    /// nothing changed.
    ///
    /// - Complexity: O(*n*) in the number of cells.
    public mutating func render(_ grid: CellGrid) -> String {
        defer { shown = grid }
        var output = ""
        var style: CellStyle? = nil
        let previous = shown.flatMap { $0.size == grid.size ? $0 : nil }
        if previous == nil { output += "\u{1B}[0m\u{1B}[2J" }
        for row in 0..<grid.size.rows {
            var column = 0
            var cursor: Int? = nil  // where the terminal's cursor is on this row, when known
            while column < grid.size.columns {
                let cell = grid[row, column]
                if let previous, previous[row, column] == cell, !Self.touchesChange(grid, previous, row, column) {
                    column += 1
                    continue
                }
                var start = column
                if cell.isContinuation, start > 0 { start -= 1 }
                let lead = grid[row, start]
                if cursor != start { output += "\u{1B}[\(row + 1);\(start + 1)H" }
                let shown = lead.style.shown(with: capabilities)
                if style != shown {
                    output += shown.sgr
                    style = shown
                }
                output += lead.text.isEmpty ? " " : lead.text
                let wide = start + 1 < grid.size.columns && grid[row, start + 1].isContinuation
                column = start + (wide ? 2 : 1)
                cursor = column
            }
        }
        if !output.isEmpty, style != [] { output += "\u{1B}[0m" }
        return output
    }

    /// Whether the cell at `column` is the left half of a wide character whose right half
    /// changed, so that the pair must be written again.
    private static func touchesChange(_ grid: CellGrid, _ previous: CellGrid, _ row: Int, _ column: Int) -> Bool {
        column + 1 < grid.size.columns && grid[row, column + 1].isContinuation
            && previous[row, column + 1] != grid[row, column + 1]
    }
}
