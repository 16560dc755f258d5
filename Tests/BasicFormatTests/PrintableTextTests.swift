import BasicFormat
import Testing

@Suite struct PrintableTextTests {
    @Test(
        "oneLine removes what could drive a terminal or reorder text, and turns line and tab characters into spaces",
        arguments: [
            ("\u{1B}[31mred\u{1B}[0m", "[31mred[0m"),
            ("abc\u{202E}fed", "abcfed"),
            ("a\u{2066}b\u{2069}c\u{202A}d", "abcd"),
            ("next\u{85}line", "next line"),
            ("a\r\nb\rc\nd\u{0B}e\u{0C}f\tg", "a b c d e f g"),
            ("a\u{2028}b\u{2029}c", "a b c"),
            ("\u{0}nul\u{7}bel\u{7F}del\u{9B}csi\u{8}bs", "nulbeldelcsibs"),
            ("中文标题：Swift 并发  编程", "中文标题：Swift 并发  编程"),
            ("é 👍🏽 \u{200D} ok", "é 👍🏽 \u{200D} ok"),
            ("", ""),
        ])
    func oneLine(text: String, expected: String) {
        #expect(PrintableText.oneLine(text) == expected)
    }

    @Test("the example gives what its comment shows")
    func example() {
        #expect(PrintableText.oneLine("\u{1B}[2J标题\u{202E}\tby\nme") == "[2J标题 by me")
    }

    @Test(
        "isHidden is true for C0 and C1 controls, DEL and bidirectional controls only",
        arguments: [
            (0x00, true), (0x1B, true), (0x1F, true), (0x20, false), (0x7E, false), (0x7F, true), (0x9F, true),
            (0xA0, false), (0x2029, false), (0x202A, true), (0x202E, true), (0x202F, false), (0x2065, false),
            (0x2066, true), (0x2069, true), (0x206A, false), (0x4E2D, false),
        ])
    func hidden(value: UInt32, expected: Bool) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(PrintableText.isHidden(scalar) == expected)
    }
}
