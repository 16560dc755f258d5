import BasicCore

/// Text from the network made safe to print on a terminal: nothing in it can drive the terminal
/// (escape sequences and other control characters) or make it read differently from what it is
/// (bidirectional overrides and isolates).
///
/// ```swift
/// PrintableText.oneLine("\u{1B}[2J标题\u{202E}\tby\nme")   // "[2J标题 by me"
/// ```
///
/// Tables, list lines and article text use it for every value that comes from outside, so a
/// title cannot clear the screen or hide its own end.
public enum PrintableText {
    /// `text` made safe to print on one line of a terminal: the hidden characters
    /// (``isHidden(_:)``) are removed; line and tab characters become spaces.
    ///
    /// Tab, line feed, vertical tab, form feed, carriage return, `NEL` (U+0085) and the line and
    /// paragraph separators U+2028 and U+2029 each become a space (a CR LF pair one space).
    /// Everything else, CJK included, is kept as it is; spaces are not collapsed.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func oneLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\n" where previous == "\r":
                continue
            case "\t", "\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                result.append(" ")
            default:
                if !isHidden(scalar) { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// Whether `scalar` must not reach a terminal: C0 controls (U+0000–U+001F, `ESC` included),
    /// `DEL` and C1 controls (U+007F–U+009F), the bidirectional embeddings and overrides
    /// U+202A–U+202E and the isolates U+2066–U+2069.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

extension PrintableText {
    /// `text` as one line of an error message: every control character (C0, `DEL`, C1), the line
    /// and paragraph separators U+2028 and U+2029 and the bidirectional embeddings, overrides and
    /// isolates written as Swift escapes (`\n`, `\r`, `\t`, `\0`, otherwise `\u{1B}`), the rest
    /// kept, so that a value from the input shows what it holds without breaking the line or
    /// driving the terminal. Escaping twice changes nothing more. BasicCore's `ErrorText` does
    /// the work, for every module.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    package static func escaped(_ text: String) -> String {
        ErrorText.oneLine(text)
    }
}
