import BasicCLI
import BasicFormat

/// Rows of text in aligned columns, for lists meant for people.
///
/// Widths count terminal columns: CJK and other wide characters take two (BasicFormat's
/// `TextWidth`). Cells come from the network, so each loses what a terminal must not be sent
/// (`PrintableText`: escape sequences, bidirectional overrides, line breaks).
///
/// On a terminal (or with `COLUMNS` set) the table fits the width, so that no line wraps: the
/// widest of the ``shrinkable`` columns (titles, names, comments; never ids, dates or counts) is
/// cut first, with `…`, down to the width of the next widest, and so on, none below
/// ``minimumShrunkColumns``. Written to a pipe or a file without `COLUMNS`, every value is whole.
///
/// A link is never cut, so that it can still be clicked or copied: a column that holds one (a
/// cell that starts with a scheme and `://`, ``isLink(_:)``) stays whole even when it is listed
/// in ``shrinkable``, and the line is then wider than the terminal rather than the link broken.
struct TextTable {
    /// The narrowest a shrinkable column is cut to (or its widest cell, when narrower).
    static let minimumShrunkColumns = 8
    /// The space between two columns.
    static let gap = 2

    var rows: [[String]] = []
    /// The columns that may be cut to fit the width, by index; never one that holds a link.
    var shrinkable: Set<Int> = []

    /// The rows, each cell padded to its column's width, columns two spaces apart; the last
    /// column is not padded. With `width`, no line is wider than it, unless the columns that
    /// cannot shrink are already wider; without, every value is whole.
    func render(width: Int? = nil) -> String {
        let cells = rows.map { $0.map(PrintableText.oneLine) }
        let columnCount = cells.map(\.count).max() ?? 0
        let natural = (0..<columnCount).map { column in
            cells.map { column < $0.count ? TextWidth.columns(of: $0[column]) : 0 }.max() ?? 0
        }
        let cuttable = shrinkable.filter { column in !cells.contains { column < $0.count && Self.isLink($0[column]) } }
        let widths = width.map { Self.fitted(natural, shrinkable: cuttable, into: $0) } ?? natural
        return cells.map { row in
            row.enumerated().map { column, cell in
                let fitted = TextWidth.truncated(cell, toColumns: widths[column])
                guard column < row.count - 1 else { return fitted }
                return fitted + String(repeating: " ", count: widths[column] - TextWidth.columns(of: fitted))
            }.joined(separator: String(repeating: " ", count: Self.gap))
        }.joined(separator: "\n")
    }

    /// Whether `cell` is a link: a URL scheme (a letter, then letters, digits, `+`, `-` or `.`)
    /// and `://`, as `https://…` and the app's own `mod://…`.
    static func isLink(_ cell: String) -> Bool {
        guard let separator = cell.range(of: "://") else { return false }
        let scheme = cell[..<separator.lowerBound].unicodeScalars
        guard let first = scheme.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scheme.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
    }

    /// The rows fitted to where standard output goes: the terminal's width (or `COLUMNS`), or
    /// whole values in a pipe.
    func render(fitting measured: TerminalWidth) -> String {
        render(width: measured.source == .fallback ? nil : measured.columns)
    }

    /// Column widths no wider in all than `width`: the shrinkable columns cut to one cap, the
    /// largest that fits, so the widest lose columns first.
    ///
    /// - Complexity: O(*c* log *w*) for *c* columns of at most *w* columns each.
    static func fitted(_ natural: [Int], shrinkable: Set<Int>, into width: Int) -> [Int] {
        func widths(capped cap: Int) -> [Int] {
            natural.enumerated().map { column, columns in
                shrinkable.contains(column) ? min(columns, max(cap, minimumShrunkColumns)) : columns
            }
        }
        func total(_ widths: [Int]) -> Int { widths.reduce(0, +) + gap * max(0, widths.count - 1) }
        guard total(natural) > width else { return natural }
        // The largest cap that fits; the smallest (every shrinkable column at its minimum) if none does.
        var low = 0
        var high = natural.max() ?? 0
        while low < high {
            let middle = (low + high + 1) / 2
            if total(widths(capped: middle)) <= width { low = middle } else { high = middle - 1 }
        }
        return widths(capped: low)
    }
}
