/// Rows of text in aligned columns, for lists meant for people. Widths count terminal
/// columns: CJK and other wide characters take two.
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
                return limit.map { Self.truncated(cell, to: $0) } ?? cell
            }
        }
        let columnCount = cells.map(\.count).max() ?? 0
        let widths = (0..<columnCount).map { column in
            cells.map { column < $0.count ? Self.width(of: $0[column]) : 0 }.max() ?? 0
        }
        return cells.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[column] - Self.width(of: cell))
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// How many terminal columns `text` takes.
    static func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// Two for East Asian wide and full-width characters, zero for combining marks, else one.
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            2
        default: 1
        }
    }

    /// `text` cut to at most `limit` columns, ending in `…` when cut.
    static func truncated(_ text: String, to limit: Int) -> String {
        guard width(of: text) > limit else { return text }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = width(of: String(character))
            if used + characterWidth > limit - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }
}
