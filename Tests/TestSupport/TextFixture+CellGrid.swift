import BasicTerminal
import Foundation

extension TextFixture {
    /// The grid's lines between `|` marks, so a fixture shows its size and its trailing blanks.
    public static func framed(_ grid: CellGrid) -> String {
        (0..<grid.size.rows).map { row in
            var line = ""
            for column in 0..<grid.size.columns { line += grid[row, column].text }
            return "|" + line + "|"
        }.joined(separator: "\n") + "\n"
    }

    /// Nil when `grid`, framed, is the fixture at `url`; otherwise what went wrong.
    public static func mismatch(_ grid: CellGrid, fixture url: URL) -> String? {
        mismatch(framed(grid), fixture: url)
    }
}
