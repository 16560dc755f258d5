/// How a cell is drawn: attributes that every terminal shows (bold, underline, inverse), faint
/// text where the terminal has it, and two colours — ``accent`` and ``alert`` — that only
/// underline what the attributes already say, dropped where the terminal has no colour or
/// `NO_COLOR` is set (``TerminalCapabilities``).
public struct CellStyle: OptionSet, Hashable, Sendable {
    /// The attributes' bits.
    public let rawValue: UInt8

    /// A style from its bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Bold (SGR 1).
    public static let bold = CellStyle(rawValue: 1 << 0)
    /// Underlined (SGR 4).
    public static let underline = CellStyle(rawValue: 1 << 1)
    /// Foreground and background swapped (SGR 7), as a selection bar.
    public static let inverse = CellStyle(rawValue: 1 << 2)
    /// Faint (SGR 2); plain where the terminal has no faint text.
    public static let dim = CellStyle(rawValue: 1 << 3)
    /// Cyan text (SGR 36), for what is current (the tab shown); plain without colour.
    public static let accent = CellStyle(rawValue: 1 << 4)
    /// Red text (SGR 31), for what failed; plain without colour.
    public static let alert = CellStyle(rawValue: 1 << 5)

    /// The style as a terminal with `capabilities` can show it: without the colours where it has
    /// none, without faint where it has no faint text.
    func shown(with capabilities: TerminalCapabilities) -> CellStyle {
        var style = self
        if !capabilities.colors { style.subtract([.accent, .alert]) }
        if !capabilities.faint { style.remove(.dim) }
        return style
    }

    /// The SGR sequence that sets exactly this style (after a reset).
    var sgr: String {
        var codes = ["0"]
        if contains(.bold) { codes.append("1") }
        if contains(.dim) { codes.append("2") }
        if contains(.underline) { codes.append("4") }
        if contains(.inverse) { codes.append("7") }
        if contains(.alert) {
            codes.append("31")
        } else if contains(.accent) {
            codes.append("36")
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}

/// One column of a ``CellGrid``: a character and its style. A wide character (CJK, most emoji)
/// fills its cell and the next one, which is then a continuation cell (empty ``text``).
public struct Cell: Hashable, Sendable {
    /// The character drawn here: one grapheme, `" "` for a blank, `""` for the right half of a
    /// wide character.
    public var text: String
    /// Its style.
    public var style: CellStyle

    /// A cell of `text` in `style`.
    public init(_ text: String, style: CellStyle = []) {
        self.text = text
        self.style = style
    }

    /// A blank cell.
    public static let blank = Cell(" ")

    /// Whether this is the right half of a wide character.
    public var isContinuation: Bool { text.isEmpty }
}
