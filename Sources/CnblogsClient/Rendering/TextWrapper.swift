import BasicFormat

/// Greedy line filling that counts terminal columns: lines break at spaces between Latin
/// words and anywhere beside a wide (CJK) character, and a word wider than a line is split.
enum TextWrapper {
    /// A piece of a paragraph that is never broken unless it is wider than a whole line.
    struct Piece {
        var text = ""
        var width = 0
        var isSpace = false
    }

    /// `text` (spaces already collapsed) broken into lines of at most `firstWidth` columns for
    /// the first line and `restWidth` for the others; spaces at the ends of lines are dropped.
    /// A character wider than its line (a letter followed by skin-tone modifiers, a run of Hangul
    /// leading consonants: not emoji sequences, so each scalar counts) is split between its
    /// scalars, as a terminal would draw them; only a wide scalar in a one-column line can make a
    /// line wider, and callers give lines of two columns or more.
    static func wrap(_ text: String, firstWidth: Int, restWidth: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        var limit = firstWidth
        var pendingSpace = false
        for piece in pieces(of: text) {
            if piece.isSpace {
                pendingSpace = !line.isEmpty
                continue
            }
            let spaceWidth = pendingSpace ? 1 : 0
            if lineWidth + spaceWidth + piece.width <= limit {
                if pendingSpace { line += " " }
                line += piece.text
                lineWidth += spaceWidth + piece.width
            } else {
                // A piece that fits a fresh line goes there; one wider than any line is split,
                // starting on this line when a space and a character still fit.
                let firstWidth = piece.text.first.map { TextWidth.columns(of: $0) } ?? 0
                if !line.isEmpty && (piece.width <= restWidth || lineWidth + spaceWidth + firstWidth > limit) {
                    lines.append(line)
                    (line, lineWidth, limit) = ("", 0, restWidth)
                } else if pendingSpace {
                    line += " "
                    lineWidth += 1
                }
                for character in piece.text {
                    let width = TextWidth.columns(of: character)
                    if lineWidth + width > limit && !line.isEmpty {
                        lines.append(line)
                        (line, lineWidth, limit) = ("", 0, restWidth)
                    }
                    guard width > limit else {
                        line.append(character)
                        lineWidth += width
                        continue
                    }
                    // Wider than a whole line, and alone on this one: split between its scalars.
                    for scalar in character.unicodeScalars {
                        let width = splitColumns(of: scalar)
                        if lineWidth + width > limit && !line.isEmpty {
                            lines.append(line)
                            (line, lineWidth, limit) = ("", 0, restWidth)
                        }
                        line.unicodeScalars.append(scalar)
                        lineWidth += width
                    }
                }
            }
            pendingSpace = false
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The columns a scalar of a character being split is counted as: its own width, and one for
    /// U+FE0F and the keycap U+20E3, which make a piece of the character an emoji sequence two
    /// columns wide (`↔️`, `1⃣`) from scalars of one. So a piece never takes more than counted.
    static func splitColumns(of scalar: Unicode.Scalar) -> Int {
        scalar == "\u{FE0F}" || scalar == "\u{20E3}" ? 1 : TextWidth.columns(of: scalar)
    }

    /// CJK punctuation that never starts a line (kinsoku): it joins the character before it.
    static let closingPunctuation: Set<Character> = [
        "，", "。", "、", "；", "：", "？", "！", "）", "」", "』", "》", "】", "〉", "”", "’", "…", "·", "～",
    ]

    /// The pieces of `text`: each space, each wide character, and each run of other characters.
    static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        var word = Piece()
        for character in text {
            if character == " " {
                if !word.text.isEmpty { pieces.append(word) }
                word = Piece()
                pieces.append(Piece(text: " ", width: 1, isSpace: true))
                continue
            }
            let width = TextWidth.columns(of: character)
            if Self.closingPunctuation.contains(character) && !word.text.isEmpty {
                // A line does not start with closing punctuation: it stays with what it closes.
                word.text.append(character)
                word.width += width
            } else if Self.closingPunctuation.contains(character), let last = pieces.last, !last.isSpace {
                pieces[pieces.count - 1].text.append(character)
                pieces[pieces.count - 1].width += width
            } else if width >= 2 {
                if !word.text.isEmpty { pieces.append(word) }
                word = Piece()
                pieces.append(Piece(text: String(character), width: width))
            } else {
                word.text.append(character)
                word.width += width
            }
        }
        if !word.text.isEmpty { pieces.append(word) }
        return pieces
    }
}
