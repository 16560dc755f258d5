import BasicFormat

/// Greedy line filling that counts terminal columns: lines break at spaces between Latin
/// words and anywhere beside a wide (CJK) character, and a word wider than a line is split, but
/// a URL never is: wider than a line, it gets a line of its own, whole.
enum TextWrapper {
    /// A piece of a paragraph that is never broken unless it is wider than a whole line, and a URL
    /// not even then.
    struct Piece {
        var text = ""
        var width = 0
        var isSpace = false
        var isURL = false
    }

    /// `text` (spaces already collapsed) broken into lines of at most `firstWidth` columns for
    /// the first line and `restWidth` for the others; spaces at the ends of lines are dropped.
    /// A character wider than its line (a letter followed by skin-tone modifiers, a run of Hangul
    /// leading consonants: not emoji sequences, so each scalar counts) is split between its
    /// scalars, as a terminal would draw them; only a wide scalar in a one-column line can make a
    /// line wider, and callers give lines of two columns or more. The other exception is a URL
    /// (``urlStart(in:)``) wider than a line: it has a line of its own, whole.
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
            } else if piece.isURL {
                // A URL is never cut, so that it can be clicked or copied: on a fresh line, whole,
                // and alone there when it is wider than the line.
                if !line.isEmpty {
                    lines.append(line)
                    limit = restWidth
                }
                (line, lineWidth) = (piece.text, piece.width)
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

    /// Punctuation that never starts a line (kinsoku): it joins the character before it. CJK
    /// punctuation, closing brackets of both widths, and the Latin marks that end a clause.
    static let closingPunctuation: Set<Character> = [
        "，", "。", "、", "；", "：", "？", "！", "）", "」", "』", "》", "】", "〉", "〕", "〗", "〙", "〛", "］", "｝",
        "”", "’", "…", "·", "～", ")", "]", "}", ",", ".", ";", ":", "!", "?",
    ]

    /// The pieces of `text`: each space, each wide character, each run of other characters, and
    /// each URL (``urlStart(in:)`` to ``urlEnd(in:)``), wide characters included.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        for (index, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { pieces.append(Piece(text: " ", width: 1, isSpace: true)) }
            var rest = word
            while let start = urlStart(in: rest) {
                appendPieces(of: rest[..<start], to: &pieces)
                let end = urlEnd(in: rest[start...])
                let url = String(rest[start..<end])
                pieces.append(Piece(text: url, width: TextWidth.columns(of: url), isURL: true))
                rest = rest[end...]
            }
            appendPieces(of: rest, to: &pieces)
        }
        return pieces
    }

    /// Appends the pieces of `word`, which holds no space: each wide character, each run of other
    /// characters, closing punctuation joined to what comes before it.
    private static func appendPieces(of word: Substring, to pieces: inout [Piece]) {
        var run = Piece()
        for character in word {
            let width = TextWidth.columns(of: character)
            if closingPunctuation.contains(character) && !run.text.isEmpty {
                // A line does not start with closing punctuation: it stays with what it closes.
                run.text.append(character)
                run.width += width
            } else if closingPunctuation.contains(character), let last = pieces.last, !last.isSpace {
                pieces[pieces.count - 1].text.append(character)
                pieces[pieces.count - 1].width += width
            } else if width >= 2 {
                if !run.text.isEmpty { pieces.append(run) }
                run = Piece()
                pieces.append(Piece(text: String(character), width: width))
            } else {
                run.text.append(character)
                run.width += width
            }
        }
        if !run.text.isEmpty { pieces.append(run) }
    }

    /// Where a URL starts in `word` (which holds no space): a scheme and `://` (`https://…`,
    /// `ftp://…`), `www.` or `mailto:`, at the word's start or right after a wide character or an
    /// opening bracket or quote, so that `详见https://…` and `(https://…)` hold one and `a.www.b`
    /// does not; nil when there is none.
    ///
    /// - Complexity: O(*n*) in the length of `word`.
    static func urlStart(in word: Substring) -> Substring.Index? {
        var index = word.startIndex
        var atBoundary = true
        while index < word.endIndex {
            let character = word[index]
            let columns = TextWidth.columns(of: character)
            if atBoundary && columns == 1 && startsURL(word[index...]) { return index }
            // Characters that take no columns (a joiner, a combining mark) leave the boundary as it was.
            if columns > 0 { atBoundary = columns >= 2 || urlOpeners.contains(character) || character.isWhitespace }
            index = word.index(after: index)
        }
        return nil
    }

    /// Where the URL that `url` starts with ends: before whitespace (a no-break or an ideographic
    /// space) or a wide opening bracket, or after the wide closing punctuation that ends the
    /// sentence it is in (`。`, `，`, `）`…), which stays with it. Wide letters (`wiki/博客园`) are
    /// part of it.
    ///
    /// - Complexity: O(*n*) in the length of `url`.
    static func urlEnd(in url: Substring) -> Substring.Index {
        var index = url.startIndex
        while index < url.endIndex {
            let character = url[index]
            // A space can hide inside a character (after a prepended mark such as U+0600).
            if character.unicodeScalars.contains(where: \.properties.isWhitespace) { return index }
            if TextWidth.columns(of: character) >= 2 && character.isPunctuation {
                guard closingPunctuation.contains(character) else { return index }
                var end = url.index(after: index)
                while end < url.endIndex, closingPunctuation.contains(url[end]) { end = url.index(after: end) }
                return end
            }
            index = url.index(after: index)
        }
        return url.endIndex
    }

    /// What may come right before a URL inside a word.
    static let urlOpeners: Set<Character> = ["(", "[", "<", "\"", "'", "“", "‘"]

    /// Whether `text` starts with `www.`, `mailto:` or a scheme (a letter, then at most 31 letters,
    /// digits, `+`, `.` or `-`) and `://`.
    static func startsURL(_ text: Substring) -> Bool {
        if text.hasPrefix("www.") || text.prefix(7).lowercased() == "mailto:" { return true }
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        let scheme = text.prefix(32).prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
        return text[scheme.endIndex...].hasPrefix("://")
    }
}
