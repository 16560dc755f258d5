import BasicFormat
import CnblogsClient
import Foundation
import Testing

/// A tab inside `pre` is expanded to spaces, so no control character reaches the terminal and
/// the code keeps its alignment (fuzz finding `html/pre-tab`).
@Suite struct TerminalTextTabTests {
    @Test(
        "a tab in pre becomes spaces up to the next multiple of 8 columns of the code's own text",
        arguments: [
            ("<pre>\tb()</pre>", "            b()"),
            ("<pre>a\tb</pre>", "    a       b"),
            ("<pre>abcdefg\tb</pre>", "    abcdefg b"),
            ("<pre>abcdefgh\tb</pre>", "    abcdefgh        b"),
            ("<pre>\t\tx</pre>", "                    x"),
            // Wide characters count two columns: 中文 takes four, so the tab takes four more.
            ("<pre>中文\tx</pre>", "    中文    x"),
            ("<pre>❤️\tx</pre>", "    ❤️      x"),
            // Combining marks take none.
            ("<pre>e\u{0301}\tx</pre>", "    e\u{0301}       x"),
            // Each line counts from its own start, after the indentation of the quote.
            ("<blockquote><pre>a\tb\n\tc</pre></blockquote>", ">     a       b\n>             c"),
            // A tab at the end of a line is trailing space, and goes.
            ("<pre>a\t\nb</pre>", "    a\n    b"),
        ])
    func expandsTabs(html: String, expected: String) {
        #expect(TerminalText.render(html: html, width: 40) == expected)
    }

    @Test("the fuzz finding: a tab and invalid UTF-8 in pre leave only printable text")
    func fuzzFinding() {
        let html = String(decoding: [0x3C, 0x70, 0x72, 0x65, 0x3E, 0x09, 0xE6] as [UInt8], as: UTF8.self)
        let text = TerminalText.render(html: html, width: 40)
        #expect(text == "            \u{FFFD}")
        #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
    }

    @Test("no tab in a table cell's code either")
    func tabInTableCell() {
        let text = TerminalText.render(html: "<table><tr><td><pre>a\tb</pre></td></tr></table>", width: 40)
        #expect(!text.contains("\t"))
    }
}
