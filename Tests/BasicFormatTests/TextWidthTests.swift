import BasicFormat
import Testing

@Suite struct TextWidthTests {
    @Test(
        "scalars take two columns when wide, none when combining or invisible, else one",
        arguments: [
            ("a", 1), (" ", 1), ("~", 1), ("é", 1), ("•", 1), ("…", 1), ("│", 1), ("\u{00AD}", 1),
            ("中", 2), ("。", 2), ("，", 2), ("Ａ", 2), ("！", 2), ("あ", 2), ("カ", 2), ("한", 2), ("ᄀ", 2),
            ("\u{3000}", 2), ("￥", 2), ("😀", 2), ("🚀", 2), ("\u{20000}", 2), ("⌚", 2),
            ("\u{0301}", 0), ("\u{20DD}", 0), ("\u{200B}", 0), ("\u{200D}", 0), ("\u{FEFF}", 0), ("\u{FE0F}", 0),
            ("\u{1160}", 0), ("\u{0000}", 0), ("\u{001B}", 0), ("\n", 0), ("\u{007F}", 0), ("\u{0085}", 0),
            ("ｱ", 1), ("\u{303F}", 1), ("\u{A4D0}", 1),
        ] as [(Unicode.Scalar, Int)])
    func scalar(scalar: Unicode.Scalar, expected: Int) {
        #expect(TextWidth.columns(of: scalar) == expected)
    }

    /// Scalars checked against python 3.11's `unicodedata.east_asian_width` (Unicode 14.0: `W` and
    /// `F` take two); the note says where a later Unicode version changed or added the scalar.
    @Test(
        "scalars follow the East Asian Width of Unicode 17",
        arguments: [
            // Unicode 14 W or F, as python 3.11 says.
            ("\u{1F7F0}", 2, "🟰 heavy equals sign, W in 14.0"),
            ("\u{1F90C}", 2, "🤌 pinched fingers, W"),
            ("\u{1FAE0}", 2, "🫠 melting face, W in 14.0"),
            ("\u{18D00}", 2, "Tangut ideograph supplement, W"),
            ("\u{16FF0}", 2, "Vietnamese alternate reading mark, W"),
            ("\u{1AFF0}", 2, "Katakana letter minnan tone, W"),
            ("\u{1B11F}", 2, "Hiragana letter archaic wu, W"),
            ("\u{FE10}", 2, "presentation form for vertical comma, W"),
            ("\u{1F004}", 2, "🀄 mahjong red dragon, W"),
            ("\u{1F232}", 2, "🈲 squared CJK prohibited, W"),
            // Unicode 14 N or A: one column, though the old table counted two.
            ("\u{1F321}", 1, "🌡 thermometer, N (text presentation by default)"),
            ("\u{1F56F}", 1, "🕯 candle, N"),
            ("\u{1F6E0}", 1, "🛠 hammer and wrench, N"),
            ("\u{1F5A5}", 1, "🖥 desktop computer, N"),
            ("\u{1F3F3}", 1, "🏳 white flag, N"),
            ("\u{1F93B}", 1, "🤻 modern pentathlon, N"),
            ("\u{2764}", 1, "❤ heavy black heart, N"),
            ("\u{2714}", 1, "✔ heavy check mark, N"),
            ("\u{26A0}", 1, "⚠ warning sign, N"),
            ("\u{3248}", 1, "㉈ circled number ten on black square, A"),
            ("\u{FF61}", 1, "｡ halfwidth ideographic full stop, H"),
            // Combining marks take none, even where East Asian Width says W.
            ("\u{302A}", 0, "ideographic level tone mark, Mn and W"),
            ("\u{3099}", 0, "combining katakana-hiragana voiced sound mark, Mn and W"),
            ("\u{D7B0}", 0, "Hangul jungseong O-YEO (Jamo extended B), a medial vowel"),
            // Format characters that are drawn.
            ("\u{0600}", 1, "Arabic number sign, a prepended concatenation mark"),
            // Changed in Unicode 16.0: N in 14.0 (python 3.11), W from 16.0 on.
            ("\u{2630}", 2, "☰ trigram for heaven, N in 14.0, W in 16.0"),
            ("\u{2637}", 2, "☷ trigram for earth, N in 14.0, W in 16.0"),
            ("\u{268A}", 2, "⚊ monogram for yang, N in 14.0, W in 16.0"),
            ("\u{4DC0}", 2, "䷀ hexagram for the creative heaven, N in 14.0, W in 16.0"),
            ("\u{1D300}", 2, "𝌀 monogram for earth (Tai Xuan Jing), N in 14.0, W in 16.0"),
            ("\u{1D360}", 2, "𝍠 counting rod unit digit one, N in 14.0, W in 16.0"),
            // Added in Unicode 15.0 to 17.0: unassigned for python 3.11.
            ("\u{1FAE8}", 2, "🫨 shaking face, 15.0"),
            ("\u{1F6DC}", 2, "🛜 wireless, 15.0"),
            ("\u{1B132}", 2, "Hiragana letter small ko, 15.0"),
            ("\u{31350}", 2, "CJK unified ideographs extension H, 15.0"),
            ("\u{2FFC}", 2, "ideographic description character surround from right, 15.1"),
            ("\u{31EF}", 2, "ideographic description character subtraction, 15.1"),
            ("\u{2EBF0}", 2, "CJK unified ideographs extension I, 15.1"),
            ("\u{1FAE9}", 2, "🫩 face with bags under eyes, 16.0"),
            ("\u{1FA89}", 2, "🪉 harp, 16.0"),
            ("\u{31E4}", 2, "CJK stroke HXG, 16.0"),
            ("\u{18CFF}", 2, "Khitan small script character, 16.0"),
            ("\u{1FAEA}", 2, "🫪 distorted face, 17.0"),
            ("\u{1F6D8}", 2, "🛘 landslide, 17.0"),
            ("\u{16FF2}", 2, "Chinese small simplified er, 17.0"),
            ("\u{18D09}", 2, "Tangut ideograph supplement, 17.0"),
            ("\u{18D80}", 2, "Tangut component supplement, 17.0"),
            ("\u{187F8}", 2, "Tangut ideograph, 17.0"),
            ("\u{323B0}", 2, "CJK unified ideographs extension J, 17.0"),
            // Regional indicators are N, but drawn two wide, alone as in a flag.
            ("\u{1F1E8}", 2, "regional indicator symbol letter C"),
        ] as [(Unicode.Scalar, Int, String)])
    func eastAsianWidth(scalar: Unicode.Scalar, expected: Int, note: String) {
        #expect(TextWidth.columns(of: scalar) == expected, "\(note)")
    }

    @Test("every scalar the toolchain's Unicode data gives emoji presentation takes two columns")
    func emojiPresentation() {
        var narrow: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isEmojiPresentation else { continue }
            if TextWidth.columns(of: scalar) != 2 { narrow.append("U+" + String(value, radix: 16, uppercase: true)) }
        }
        #expect(narrow == [])
    }

    @Test(
        "a character is measured as a whole: emoji sequences take two columns, text presentation one",
        arguments: [
            ("❤️", 2), ("✔️", 2), ("⚠️", 2), ("☺️", 2), ("©️", 2), ("↔️", 2), ("1️", 2),
            ("1️⃣", 2), ("#️⃣", 2), ("*️⃣", 2), ("1⃣", 2),
            ("👨‍👩‍👧", 2), ("👩🏽‍💻", 2), ("❤️‍🔥", 2), ("❤‍🔥", 2), ("🏳️‍🌈", 2), ("🧑‍🤝‍🧑", 2),
            ("🇨🇳", 2), ("🇺🇸", 2),
            ("👍🏽", 2), ("✌🏽", 2), ("☝🏿", 2),
            ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2),
            ("⌚︎", 1), ("❤︎", 1), ("☺︎", 1),
            ("e\u{0301}", 1), ("中\u{0301}", 2), ("a\u{200D}", 1), ("\r\n", 0),
            ("\u{1100}\u{1161}\u{11A8}", 2),
            // Not well-formed emoji sequences: each scalar counts, as a terminal draws them.
            ("a🏽", 3), ("😀🏽", 4), ("❤🏽", 3), ("a\u{FE0F}", 1), ("中\u{FE0F}", 2),
        ] as [(Character, Int)])
    func character(character: Character, expected: Int) {
        #expect(TextWidth.columns(of: character) == expected)
    }

    @Test(
        "text takes the sum of its characters' columns",
        arguments: [
            ("", 0), ("cnblogs", 7), ("博客园", 6), ("博客园 cnblogs", 14), ("Swift 6 语言", 12),
            ("e\u{0301}", 1), ("한국어", 6), ("ｶﾀｶﾅ", 4), ("全角ＡＢＣ", 10), ("a\u{200B}b", 2),
            ("我❤️你", 6), ("⚠️ warning", 10), ("1️⃣2️⃣3️⃣", 6), ("☰ menu", 7), ("a 🟰 b", 6),
            ("👨‍👩‍👧 family", 9), ("🇨🇳🇺🇸", 4), ("👍🏽👍", 4), ("✔️ done ✔︎", 9), ("\u{1F1E8}", 2),
        ])
    func text(text: String, expected: Int) {
        #expect(TextWidth.columns(of: text) == expected)
    }

    @Test(
        "truncation keeps whole characters and ends in an ellipsis when cut",
        arguments: [
            ("cnblogs", 7, "cnblogs"),
            ("cnblogs", 8, "cnblogs"),
            ("cnblogs", 5, "cnbl…"),
            ("cnblogs", 1, "…"),
            ("cnblogs", 0, ""),
            ("cnblogs", -3, ""),
            ("博客园", 6, "博客园"),
            ("博客园", 5, "博客…"),
            ("博客园", 4, "博…"),
            ("博客园", 2, "…"),
            ("博客园 cnblogs", 7, "博客园…"),
            ("", 3, ""),
            ("e\u{0301}e\u{0301}e\u{0301}", 2, "e\u{0301}…"),
            ("❤️❤️❤️", 5, "❤️❤️…"),
            ("❤️❤️❤️", 4, "❤️…"),
            ("1️⃣2️⃣", 3, "1️⃣…"),
            ("👨‍👩‍👧👨‍👩‍👧", 3, "👨‍👩‍👧…"),
        ])
    func truncated(text: String, limit: Int, expected: String) {
        let result = TextWidth.truncated(text, toColumns: limit)
        #expect(result == expected)
        #expect(TextWidth.columns(of: result) <= max(limit, 0))
    }
}
