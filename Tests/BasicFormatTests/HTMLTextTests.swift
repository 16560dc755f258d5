@testable import BasicFormat
import Foundation
import TestSupport
import Testing

@Suite struct HTMLTextTests {
    @Test(
        "references decode as HTML5 reads them in text",
        arguments: [
            ("&ldquo;Swift&rdquo;", "\u{201C}Swift\u{201D}"),
            ("&#39;this&#39;", "'this'"),
            ("&#x201C;迷你&#x201D;", "\u{201C}迷你\u{201D}"),
            ("A &amp; B &lt;C&gt;", "A & B <C>"),
            ("&amp;ldquo; &amp;#39;", "&ldquo; &#39;"),  // one pass: never decoded twice
            ("AT&T &nosuch; & &#xZZ; &#; &#x;", "AT&T &nosuch; & &#xZZ; &#; &#x;"),
            ("plain 中文", "plain 中文"),
            // Legacy names without their semicolon; the longest legacy prefix wins.
            ("&amp &copy 2026 &notit; &notin;", "& \u{A9} 2026 \u{AC}it; \u{2209}"),
            ("&ampx", "&x"),
            // Case matters: &Amp; is no reference, &AMP; is.
            ("&Amp; &AMP;", "&Amp; &"),
            // Numeric references without their semicolon, and where the digits stop.
            ("&#65&#x41g", "AAg"),
            // HTML5's numeric rules: windows-1252 for 0x80–0x9F, U+FFFD for 0, surrogates and
            // values past U+10FFFF, however many digits; the C1 controls without a windows-1252
            // character stay themselves.
            ("&#128;&#150;&#x93;&#x94;&#159;", "\u{20AC}\u{2013}\u{201C}\u{201D}\u{178}"),
            ("&#x81;&#x8D;", "\u{81}\u{8D}"),
            ("&#0;&#xD800;&#x110000;&#99999999999999999999;", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
            ("&#1;&#x10FFFF;", "\u{1}\u{10FFFF}"),
            // References of two characters, and the longest name.
            ("&NotEqualTilde;&CounterClockwiseContourIntegral;", "\u{2242}\u{338}\u{2233}"),
            ("&", "&"),
            ("a&", "a&"),
        ])
    func decodesText(input: String, expected: String) {
        #expect(HTMLText.decodingReferences(input) == expected)
    }

    @Test(
        "in an attribute, a legacy name without its semicolon stays when = or a letter or digit follows",
        arguments: [
            ("?a=1&copy=2", "?a=1&copy=2"),
            ("?a=1&copyx", "?a=1&copyx"),
            ("?a=1&copy;=2", "?a=1\u{A9}=2"),
            ("&copy 2026", "\u{A9} 2026"),
            ("/a&#1;bcd", "/a\u{1}bcd"),  // a control reference never cuts the value short
        ])
    func decodesAttributes(input: String, expected: String) {
        #expect(HTMLText.decodingReferences(input, in: .attribute) == expected)
    }

    @Test("the table holds HTML5's 2,231 named references, 106 of them legacy names without a semicolon")
    func table() {
        let entries = HTMLText.namedReferenceEntries
        #expect(entries.count == 2_231)
        #expect(entries.filter { !$0.name.hasSuffix(";") }.count == 106)
        #expect(entries.map { $0.name.count - ($0.name.hasSuffix(";") ? 1 : 0) }.max() == HTMLText.longestName)
        #expect(entries.allSatisfy { (1...2).contains($0.scalars.count) })
        // Decoding searches the table in halves, so its lines must be in strictly rising byte order.
        let names = entries.map { Array($0.name.utf8) }
        #expect(zip(names, names.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
        // Each legacy name decodes without its semicolon; a name of the table with it.
        #expect(HTMLText.decodingReferences("&zwnj;&Aacute;&Aacute&zwj;") == "\u{200C}\u{C1}\u{C1}\u{200D}")
    }

    @Test("every name of the table is found where it stands")
    func everyName() {
        for (name, scalars) in HTMLText.namedReferenceEntries {
            #expect(HTMLText.decodingReferences("&\(name)") == String(String.UnicodeScalarView(scalars)), "&\(name)")
        }
    }

    @Test(
        "names that sort between, before or after the table's names are not references",
        arguments: [
            ("&AEli;", "&AEli;"), ("&AA;", "&AA;"), ("&A;", "&A;"), ("&zwnk;", "&zwnk;"), ("&zwi;", "&zwi;"),
            ("&zzz;", "&zzz;"), ("&Nota;", "&Nota;"), ("&notinx;", "\u{AC}inx;"), ("&AEligx;", "\u{C6}x;"),
            ("&amp", "&"), ("&am", "&am"),
        ])
    func nearMisses(input: String, expected: String) {
        #expect(HTMLText.decodingReferences(input) == expected)
    }

    /// Random text full of references, compared with Python's `html.unescape`, which implements
    /// HTML5's rules for text. Python drops numeric references to control characters and
    /// noncharacters where HTML5 keeps them, so those values are not generated.
    @Test("random text decodes as Python's html.unescape decodes it", arguments: [UInt64(1), 2, 3])
    func matchesPython(seed: UInt64) async throws {
        var generator = SeededGenerator(seed: seed)
        let names = [
            "amp", "amp;", "lt", "lt;", "not", "notin;", "copy", "ldquo;", "NotEqualTilde;", "AElig",
            "Aacute;", "nosuch;", "zwnj;", "Amp;", "frac12", "hellip;", "nbsp", "nbspx",
        ]
        let pieces = ["a", "中", "=", ";", " ", "#", "&", "x", "9", "Z", "é"]
        func numeric() -> String {
            let values: [UInt32] = [
                .random(in: 0x20...0x7E, using: &generator), .random(in: 0x80...0x9F, using: &generator),
                .random(in: 0xA0...0xD7FF, using: &generator), .random(in: 0xE000...0xFDCF, using: &generator),
                .random(in: 0x1_0000...0x10_FFFD, using: &generator), 0, 0xD800, 0x11_0000,
            ]
            let value = values.randomElement(using: &generator) ?? 0
            let hex = Bool.random(using: &generator)
            let digits = hex ? String(value, radix: 16) : String(value)
            return "&#" + (hex ? "x" : "") + digits + (Bool.random(using: &generator) ? ";" : "")
        }
        var inputs: [String] = []
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: text += "&" + (names.randomElement(using: &generator) ?? "")
                case 1: text += numeric()
                default: text += pieces.randomElement(using: &generator) ?? ""
                }
            }
            inputs.append(text)
        }
        let script =
            "import html, json, sys\nfor line in sys.stdin:\n    print(json.dumps(html.unescape(json.loads(line))))"
        let input = try inputs.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
            .joined(separator: "\n")
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], input: Data((input + "\n").utf8))
        #expect(result.status == 0, "\(result.standardError)")
        let expected = try result.standardOutput.split(separator: "\n").map {
            try JSONDecoder().decode(String.self, from: Data($0.utf8))
        }
        try #require(expected.count == inputs.count)
        for (input, python) in zip(inputs, expected) {
            #expect(HTMLText.decodingReferences(input) == python, "\(input)")
        }
    }

    @Test(
        "text and attributes escape what their context needs, and what XML forbids becomes U+FFFD",
        arguments: [
            (
                #"Tom & "Jerry" <3 'x'"#, #"Tom &amp; "Jerry" &lt;3 'x'"#,
                "Tom &amp; &quot;Jerry&quot; &lt;3 &#39;x&#39;"
            ),
            ("plain 中文", "plain 中文", "plain 中文"),
            ("a\u{0}b\u{1B}c\td\ne\u{FFFE}", "a\u{FFFD}b\u{FFFD}c\td\ne\u{FFFD}", "a\u{FFFD}b\u{FFFD}c\td\ne\u{FFFD}"),
        ])
    func escapes(input: String, text: String, attribute: String) {
        #expect(HTMLText.escapingText(input) == text)
        #expect(HTMLText.escapingAttribute(input) == attribute)
        // What is escaped decodes back (but for the characters XML forbids).
        if !input.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\n" }) {
            #expect(HTMLText.decodingReferences(HTMLText.escapingAttribute(input)) == input)
        }
    }

    @Test(
        "an attribute can keep tab and line breaks as references, which XML's normalisation keeps",
        arguments: [
            ("a\tb\nc\rd", "a&#9;b&#10;c&#13;d"),
            ("T & \"U\"\n", "T &amp; &quot;U&quot;&#10;"),
            ("plain", "plain"),
            ("a\u{1}b", "a\u{FFFD}b"),
        ])
    func attributeWhiteSpace(input: String, expected: String) {
        #expect(HTMLText.escapingAttribute(input, whiteSpace: .references) == expected)
        #expect(HTMLText.escapingAttribute(input, whiteSpace: .asWritten) == HTMLText.escapingAttribute(input))
    }

    @Test("plain text from HTML: tags as spaces, references decoded, white space collapsed")
    func plainText() {
        #expect(HTMLText.plainText(fromHTML: "<p>a &amp; b</p><br/>c") == "a & b c")
        #expect(HTMLText.plainText(fromHTML: "  <b>&ldquo;x&rdquo;</b>\n\n y ") == "\u{201C}x\u{201D} y")
    }
}
