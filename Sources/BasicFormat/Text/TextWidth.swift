/// How many terminal columns text takes: East Asian wide and full-width characters take two,
/// combining marks, zero-width and control characters none, everything else one.
///
/// ```swift
/// TextWidth.columns(of: "博客园 cnblogs")             // 14
/// TextWidth.truncated("博客园 cnblogs", toColumns: 7)  // 博客园…
/// ```
///
/// The widths follow the East Asian Width property (wide `W` and full-width `F` take two) for
/// the blocks Chinese, Japanese and Korean text and emoji use, as terminals draw them; characters
/// of ambiguous width (`•`, `│`, `…`) count as one, as they do outside CJK locales.
public enum TextWidth {
    /// The columns `text` takes: the sum of its scalars' widths.
    ///
    /// - Complexity: O(*n*) in the number of scalars in `text`.
    public static func columns(of text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars {
            total += columns(of: scalar)
        }
        return total
    }

    /// The columns `character` takes: the sum of its scalars' widths, so `é` written as `e` and a
    /// combining acute accent takes one.
    public static func columns(of character: Character) -> Int {
        var total = 0
        for scalar in character.unicodeScalars {
            total += columns(of: scalar)
        }
        return total
    }

    /// The columns `scalar` takes: 2 for East Asian wide and full-width characters; 0 for
    /// combining and enclosing marks, format characters (zero-width space and joiner, the
    /// byte-order mark), Hangul medial vowels and final consonants, and control characters;
    /// 1 for the rest.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Printable ASCII, the common case, first.
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value == 0xAD { return 1 }  // The soft hyphen: a format character that terminals draw.
        if isWide(value) { return 2 }
        if value >= 0x1160 && value <= 0x11FF { return 0 }
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

    /// The ranges of East Asian wide (`W`) and full-width (`F`) characters, sorted.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693,
        0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE,
        0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA,
        0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C,
        0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0,
        0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E,  // CJK radicals, Kangxi radicals, ideographic description, CJK punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
        0x3400...0x4DBF,  // CJK unified ideographs extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // full-width forms
        0xFFE0...0xFFE6,  // full-width signs
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,  // Tangut, Kana supplement
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x1F300...0x1F64F,  // pictographs and emoticons
        0x1F680...0x1F6FF,  // transport and map symbols
        0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,  // more emoji
        0x20000...0x2FFFD, 0x30000...0x3FFFD,  // CJK unified ideographs extensions B and later
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
