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

    @Test(
        "only web and mail addresses get a footnote; script, data and file URLs do not",
        arguments: [
            ("<img src=\"javascript:alert(1)\" alt=\"x\">", "[image: x]"),
            ("<img src=\" JaVa\tScRiPt:alert(1)\">", "[image]"),
            ("<img src=\"file:///etc/passwd\"><img src=\"ftp://x.com/a.png\">", "[image][image]"),
            ("<img src=\"data:image/png;base64,AA\">", "[image]"),
            ("<a href=\"file:///etc/passwd\">f</a> <a href=\"vbscript:x\">v</a>", "f v"),
            ("<a href=\"data:text/html,hi\">d</a> <a href=\"ftp://x.com/\">p</a>", "d p"),
            ("<a href=\"mailto:a@b.com\">mail</a>", "mail[1]\n\n[1] mailto:a@b.com"),
            ("<a href=\"HTTPS://a.com/\">A</a>", "A[1]\n\n[1] https://a.com/"),  // the scheme normalized
            ("<img src=\"http://[bad\">", "[image 1]\n\n[1] http://[bad"),
        ])
    func nonWebReferences(html: String, expected: String) {
        #expect(TerminalText.render(html: html, width: 40) == expected)
    }

    @Test("a relative link against a file: base resolves to a file URL and gets no footnote")
    func fileBase() {
        let text = TerminalText.render(
            html: "<a href=\"passwd\">p</a> <img src=\"a.png\">", width: 40, base: URL(string: "file:///etc/"))
        #expect(text == "p [image]")
    }
}
