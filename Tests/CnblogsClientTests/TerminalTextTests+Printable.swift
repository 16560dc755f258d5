import CnblogsClient
import Testing

@Suite struct TerminalTextPrintableTests {
    @Test(
        "printable removes what could drive a terminal or reorder text, and turns line and tab characters into spaces",
        arguments: [
            ("\u{1B}[31mred\u{1B}[0m", "[31mred[0m"),
            ("abc\u{202E}fed", "abcfed"),
            ("a\u{2066}b\u{2069}c\u{202A}d", "abcd"),
            ("next\u{85}line", "next line"),
            ("a\tb", "a b"),
            ("a\r\nb\rc\nd\u{0B}e\u{0C}f", "a b c d e f"),
            ("a\u{2028}b\u{2029}c", "a b c"),
            ("\u{0}nul\u{7}bel\u{7F}del\u{9B}csi\u{8}bs", "nulbeldelcsibs"),
            ("中文标题：Swift 并发  编程", "中文标题：Swift 并发  编程"),
            ("é 👍🏽 \u{200D} ok", "é 👍🏽 \u{200D} ok"),
            ("", ""),
        ])
    func printable(text: String, expected: String) {
        #expect(TerminalText.printable(text) == expected)
    }

    @Test("printable's example gives what its comment shows")
    func example() {
        #expect(TerminalText.printable("\u{1B}[2J标题\u{202E}\tby\nme") == "[2J标题 by me")
    }
}
