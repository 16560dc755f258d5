import BasicFormat
import CnblogsClient

/// Rows of text in aligned columns, for lists meant for people. Widths count terminal
/// columns: CJK and other wide characters take two. Cells come from the network, so each
/// loses what a terminal must not be sent (escape sequences, bidi overrides, line breaks).
struct TextTable {
    var rows: [[String]] = []
    /// The most columns a cell may take; longer cells end in `…`. Nil for no limit.
    var maximumWidths: [Int?] = []

    /// The rows, each cell padded to its column's width, columns two spaces apart; the last
    /// column is not padded.
    func render() -> String {
        let cells = rows.map { row in
            row.enumerated().map { column, cell in
                let limit = column < maximumWidths.count ? maximumWidths[column] : nil
                let printable = TerminalText.printable(cell)
                return limit.map { TextWidth.truncated(printable, toColumns: $0) } ?? printable
            }
        }
        let columnCount = cells.map(\.count).max() ?? 0
        let widths = (0..<columnCount).map { column in
            cells.map { column < $0.count ? TextWidth.columns(of: $0[column]) : 0 }.max() ?? 0
        }
        return cells.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[column] - TextWidth.columns(of: cell))
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
