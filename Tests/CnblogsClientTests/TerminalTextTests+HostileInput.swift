import BasicFormat
import CnblogsClient
import Foundation
import Testing

/// Numbers and widths a hostile body or caller chooses never trap or exhaust memory.
@Suite struct TerminalTextHostileInputTests {
    @Test(
        "an ordered list's start is clamped to ±1 000 000 and counting on never overflows",
        arguments: [
            ("<ol start=\"9223372036854775807\"><li>a<li>b</ol>", "1000000. a\n1000001. b"),
            ("<ol start=\"-9223372036854775808\"><li>a<li>b</ol>", "-1000000. a\n-999999. b"),
            ("<ol start=\"99999999999999999999999\"><li>a</ol>", "1000000. a"),
            ("<ol start=\"-99999999999999999999999\"><li>a</ol>", "-1000000. a"),
            ("<ol start=\"999999\"><li>a<li>b</ol>", "999999. a\n1000000. b"),
            ("<ol start=\" 7 \"><li>a</ol>", "7. a"),
            ("<ol start=\"seven\"><li>a</ol>", "1. a"),
            ("<ol start=\"--5\"><li>a</ol>", "1. a"),
        ])
    func listStart(html: String, expected: String) {
        #expect(TerminalText.render(html: html, width: 40) == expected)
    }

    @Test("a width above 10 000 is taken as 10 000, so a rule cannot exhaust memory")
    func hugeWidth() {
        let text = TerminalText.render(html: "<p>a</p><hr>", width: .max)
        #expect(text == "a\n\n" + String(repeating: "-", count: 10_000))
        #expect(TerminalText.render(html: "<hr>", width: .min) == "--")
    }
}
