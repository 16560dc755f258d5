/// How many terminal columns text takes, counted per character (grapheme cluster) as a terminal
/// draws it: East Asian wide and full-width characters and emoji take two, combining marks,
/// zero-width and control characters none, everything else one.
///
/// ```swift
/// TextWidth.columns(of: "博客园 cnblogs")             // 14
/// TextWidth.columns(of: "⚠️ 注意")                    // 7
/// TextWidth.truncated("博客园 cnblogs", toColumns: 7)  // 博客园…
/// ```
///
/// A scalar's width follows the East Asian Width property of **Unicode 17.0**
/// (`EastAsianWidth.txt`): wide (`W`) and full-width (`F`) take two, the rest one. Characters of
/// ambiguous width (`•`, `│`, `…`) count as one, as they do outside CJK locales. Unassigned code
/// points count as one, except those between wide characters of one block (CJK, Tangut, emoji)
/// and the rest of planes 2 and 3, which count as two. Unicode 16.0 made the Yijing trigrams and
/// hexagrams (`☰` U+2630, `䷀` U+4DC0), the monograms and digrams, the Tai Xuan Jing symbols and
/// the counting rod numerals wide; python 3.11's `unicodedata` (Unicode 14.0) still calls them
/// narrow.
///
/// A character made of several scalars is measured as a whole:
/// - an emoji presentation sequence, an emoji and U+FE0F (`❤️`, `✔️`, `⚠️`), takes two;
/// - a keycap (`1️⃣`, `#️⃣`, and `1⃣` without U+FE0F) takes two;
/// - an emoji ZWJ sequence (`👨‍👩‍👧`), an emoji with a skin-tone modifier (`👍🏽`), a tag
///   sequence (a subdivision flag) and a flag (two regional indicators, `🇨🇳`) take two;
/// - a text presentation sequence, an emoji and U+FE0E (`⌚︎`), takes one;
/// - anything else takes the sum of its scalars' widths, so `é` written as `e` and a combining
///   acute accent takes one, and a letter followed by skin-tone modifiers (`a🏽`, not an emoji
///   sequence) takes what a terminal draws for each.
///
/// A lone regional indicator takes two, as terminals draw it. The python `wcwidth` package
/// (0.7.0, Unicode 17.0) agrees on every assigned scalar but these: control characters
/// (`wcwidth`: -1; here 0), spacing combining marks (`wcwidth`: 0; here 1, or 2 where East Asian
/// Width says wide), the Hangul fillers U+3164 and U+FFA0 (`wcwidth`: 0) and the line and
/// paragraph separators (`wcwidth`: 0). On characters it differs where `wcwidth` measures only
/// the first scalar: a text presentation sequence of a wide emoji (`⌚︎`: `wcwidth` 2), a keycap
/// without U+FE0F (`1⃣`: 1), a modifier or ZWJ sequence that starts with a narrow emoji (`✌🏽`,
/// `❤‍🔥`: 1), and scalars that make no emoji sequence (`😀🏽`: 2, here 4). Where the two
/// disagree this counts more columns than `wcwidth`, except for `⌚︎`.
public enum TextWidth {
    /// The columns `text` takes: the sum of its characters' widths (see ``columns(of:)-(Character)``).
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func columns(of text: String) -> Int {
        // Printable ASCII, the common case, without splitting into characters.
        var total = 0
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else {
                total = 0
                for character in text { total += columns(of: character) }
                return total
            }
            total += 1
        }
        return total
    }

    /// The columns `character` takes: two for an emoji sequence, one for a text presentation
    /// sequence, otherwise the sum of its scalars' widths, by the rules above.
    ///
    /// - Complexity: O(*n*) in the number of scalars in `character`.
    public static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        guard let second = iterator.next() else { return columns(of: first) }
        if let width = emojiSequenceColumns(scalars) { return width }
        var total = columns(of: first) + columns(of: second)
        while let scalar = iterator.next() { total += columns(of: scalar) }
        return total
    }

    /// The columns `scalar` takes: 2 for East Asian wide and full-width characters and regional
    /// indicators; 0 for combining and enclosing marks, format characters (zero-width space and
    /// joiner, the byte-order mark, tags), variation selectors, Hangul medial vowels and
    /// final consonants, and control characters; 1 for the rest, the soft hyphen and the
    /// prepended concatenation marks (U+0600 ARABIC NUMBER SIGN and the like) included.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Printable ASCII, the common case, first.
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value == 0xAD { return 1 }  // The soft hyphen: a format character that terminals draw.
        if isWide(value) { return 2 }
        switch value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return 0  // Hangul medial vowels and final consonants
        case 0x1F1E6...0x1F1FF: return 2  // regional indicators
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD: return 1
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// `text` cut to at most `limit` columns, ending in `…` when cut; whole characters only, so
    /// the result can be a column short when a wide character would straddle the limit.
    ///
    /// ```swift
    /// TextWidth.truncated("cnblogs", toColumns: 5)   // cnbl…
    /// TextWidth.truncated("博客园", toColumns: 4)     // 博…
    /// ```
    ///
    /// A `limit` of zero or less gives an empty string.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func truncated(_ text: String, toColumns limit: Int) -> String {
        guard limit > 0 else { return "" }
        guard columns(of: text) > limit else { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = columns(of: character)
            if used + width > limit - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    // MARK: Emoji sequences

    /// The width of a character of two or more scalars that is an emoji sequence: 2 for a keycap,
    /// a flag, and one or more emoji joined by U+200D, each optionally followed by U+FE0F, a
    /// skin-tone modifier (after a modifier base) or tags; 1 for an emoji followed by U+FE0E;
    /// nil for anything else, which counts scalar by scalar.
    static func emojiSequenceColumns(_ scalars: String.UnicodeScalarView) -> Int? {
        var iterator = scalars.makeIterator()
        guard var base = iterator.next() else { return nil }
        if (0x1F1E6...0x1F1FF).contains(base.value) {
            // A flag: two regional indicators and nothing else.
            guard let second = iterator.next(), (0x1F1E6...0x1F1FF).contains(second.value), iterator.next() == nil
            else { return nil }
            return 2
        }
        guard base.properties.isEmoji else { return nil }
        var next = iterator.next()
        if next == "\u{FE0E}" {
            return iterator.next() == nil ? 1 : nil
        }
        if base.value < 0x80 {
            // Keycaps (`1️⃣`, `1⃣`) and the emoji presentation of a digit, `#` or `*` (`1️`).
            if next == "\u{FE0F}" { next = iterator.next() }
            if next == "\u{20E3}" { next = iterator.next() } else if next != nil { return nil }
            return next == nil ? 2 : nil
        }
        // Elements joined by ZWJ: an emoji, then U+FE0F, a modifier or tags.
        while true {
            // U+0000 cannot follow an emoji inside a character (a control character ends it).
            switch next?.value ?? 0 {
            case 0xFE0F:
                next = iterator.next()
            case 0x1F3FB...0x1F3FF:
                guard base.properties.isEmojiModifierBase else { return nil }
                next = iterator.next()
            case 0xE0020...0xE007E:
                while let tag = next, (0xE0020...0xE007E).contains(tag.value) { next = iterator.next() }
                guard next == "\u{E007F}" else { return nil }
                next = iterator.next()
            default:
                break
            }
            guard let joiner = next else { return 2 }
            guard joiner == "\u{200D}", let joined = iterator.next(), joined.value >= 0x80, joined.properties.isEmoji
            else { return nil }
            base = joined
            next = iterator.next()
        }
    }

    // MARK: The table

    /// The ranges of East Asian wide (`W`) and full-width (`F`) characters of Unicode 17.0, sorted,
    /// without the combining marks among them (U+302A–U+302D, U+3099–U+309A, U+16FE4), which take
    /// no columns. Neighbouring ranges are joined across code points still unassigned in 17.0.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2630...0x2637, 0x2648...0x2653, 0x267F...0x267F, 0x268A...0x268F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE,
        0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD,
        0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755,
        0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50,
        0x2B55...0x2B55, 0x2E80...0x3029, 0x302E...0x303E, 0x3041...0x3098, 0x309B...0x3247, 0x3250...0xA4C6,
        0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x16FE3, 0x16FE5...0x1B2FB, 0x1D300...0x1D376, 0x1F004...0x1F004,
        0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F320, 0x1F32D...0x1F335,
        0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0,
        0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D,
        0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4,
        0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6DF,
        0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
        0x1F947...0x1F9FF, 0x1FA70...0x1FAF8, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// Whether `value` is in ``wideRanges``, by binary search.
    static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
