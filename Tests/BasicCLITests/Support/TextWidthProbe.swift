import BasicFormat

/// The terminal columns of a line, for tests that check widths.
enum TextWidthProbe {
    static func columns(of line: String) -> Int { TextWidth.columns(of: line) }
}
