import BasicFormat

/// Breaks text into lines that fit a number of terminal columns, counting columns as a terminal
/// draws them: CJK and other wide characters take two (`TextWidth` of BasicFormat).
///
/// ```swift
/// TextWrapper.wrap("读取博客园的文章列表，按时间排序。", toColumns: 12)
/// // ["读取博客园的", "文章列表，按", "时间排序。"]
/// TextWrapper.wrap("See https://example.com/a/very/long/path for more.", toColumns: 20)
/// // ["See", "https://example.com/a/very/long/path", "for more."]
/// ```
///
/// Lines break at spaces, and between two characters where one is wide (Chinese and Japanese
/// text has no spaces), but never before closing punctuation (`。`, `，`, `）`, `」`, `)`…) or after
/// an opening bracket (`（`, `「`, `(`…). A word wider than the width, such as a URL, is never cut:
/// it goes on a line of its own, whole, so it can still be clicked or copied.
///
/// Each line of `text` (split at `\n`) is wrapped on its own, and blank lines are kept. A line's
/// leading spaces indent its continuation lines too, and so does a list marker (`- ` or `* `).
public enum TextWrapper {
    /// Characters that never start a line.
    static let closing: Set<Character> = [
        "。", "，", "、", "．", "：", "；", "！", "？", "）", "」", "』", "】", "〕", "〉", "》", "’", "”", "…", "‥", "ー",
        "々", "〜", "・", "｝", "］", "％", ")", "]", "}", ".", ",", ";", ":", "!", "?", "%",
    ]

    /// Characters that never end a line.
    static let opening: Set<Character> = ["（", "「", "『", "【", "〔", "〈", "《", "‘", "“", "｛", "［", "(", "[", "{"]

    /// The lines of `text`, each at most `width` columns wide unless one word is wider; lines after
    /// the first of each line of `text` start with `continuationIndent` more spaces.
    ///
    /// A `width` below 1 is taken as 1.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func wrap(_ text: String, toColumns width: Int, continuationIndent: Int = 0) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += wrapLine(Substring(line), width: width, continuationIndent: max(0, continuationIndent))
        }
        return lines
    }

    /// One unbreakable piece of a line and whether a space came before it.
    struct Unit {
        var text: String
        var columns: Int
        var spaceBefore: Bool
    }

    private static func wrapLine(_ line: Substring, width: Int, continuationIndent: Int) -> [String] {
        let leading = line.prefix { $0 == " " || $0 == "\t" }
        let body = line.dropFirst(leading.count)
        guard !body.isEmpty else { return [String(line)] }
        let marker = body.hasPrefix("- ") || body.hasPrefix("* ") ? 2 : 0
        let firstPrefix = String(leading)
        let nextPrefix = String(
            repeating: " ", count: TextWidth.columns(of: String(leading)) + marker + continuationIndent)

        var lines: [String] = []
        var current = firstPrefix
        var currentColumns = TextWidth.columns(of: firstPrefix)
        var isEmpty = true
        for unit in units(of: body) {
            let separator = unit.spaceBefore && !isEmpty ? 1 : 0
            if !isEmpty && currentColumns + separator + unit.columns > width {
                lines.append(current)
                current = nextPrefix
                currentColumns = TextWidth.columns(of: nextPrefix)
                isEmpty = true
            } else if separator == 1 {
                current += " "
                currentColumns += 1
            }
            current += unit.text
            currentColumns += unit.columns
            isEmpty = false
        }
        lines.append(current)
        return lines
    }

    /// The unbreakable pieces of `text`: words of narrow characters, single wide characters, with
    /// closing punctuation joined to what comes before it and opening brackets to what follows.
    static func units(of text: Substring) -> [Unit] {
        var units: [Unit] = []
        var current: Unit?
        var currentIsWord = false
        var spacePending = false
        var joinsNext = false

        func flush() {
            if let unit = current { units.append(unit) }
            current = nil
        }

        for character in text {
            if character == " " || character == "\t" {
                flush()
                spacePending = true
                joinsNext = false
                continue
            }
            let columns = TextWidth.columns(of: character)
            let isWide = columns >= 2
            if joinsNext && current != nil {
                // After an opening bracket: part of what it opens.
                current?.text.append(character)
                current?.columns += columns
                currentIsWord = !isWide
            } else if closing.contains(character) && current != nil && !spacePending {
                current?.text.append(character)
                current?.columns += columns
                if isWide { currentIsWord = false }
            } else if !isWide && currentIsWord && current != nil {
                current?.text.append(character)
                current?.columns += columns
            } else {
                flush()
                current = Unit(text: String(character), columns: columns, spaceBefore: spacePending && !units.isEmpty)
                currentIsWord = !isWide
            }
            spacePending = false
            joinsNext = opening.contains(character)
        }
        flush()
        return units
    }
}
