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

    @Test(
        "text takes the sum of its scalars' columns",
        arguments: [
            ("", 0), ("cnblogs", 7), ("博客园", 6), ("博客园 cnblogs", 14), ("Swift 6 语言", 12),
            ("e\u{0301}", 1), ("한국어", 6), ("ｶﾀｶﾅ", 4), ("全角ＡＢＣ", 10), ("a\u{200B}b", 2),
        ])
    func text(text: String, expected: Int) {
        #expect(TextWidth.columns(of: text) == expected)
    }

    @Test(
        "characters take the sum of their scalars' columns",
        arguments: [("a", 1), ("中", 2), ("e\u{0301}", 1), ("\r\n", 0)] as [(Character, Int)])
    func character(character: Character, expected: Int) {
        #expect(TextWidth.columns(of: character) == expected)
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
        ])
    func truncated(text: String, limit: Int, expected: String) {
        let result = TextWidth.truncated(text, toColumns: limit)
        #expect(result == expected)
        #expect(TextWidth.columns(of: result) <= max(limit, 0))
    }
}
