import BasicFormat
import CnblogsClient
import TestSupport
import Testing

/// No line is wider than the width, measured by ``TextWidth``: emoji sequences, symbols made wide
/// in later Unicode versions, deep quotes and characters wider than a line included. The exceptions
/// are `pre`, kept as written, and a URL wider than the width, which has a line of its own, whole
/// (``isWholeURLLine(_:)``).
@Suite struct TerminalTextWidthTests {
    @Test(
        "emoji sequences and newly wide symbols wrap at two columns each",
        arguments: [
            (6, "<p>❤️❤️❤️❤️</p>", "❤️❤️❤️\n❤️"),
            (5, "<p>✔️⚠️1️⃣</p>", "✔️⚠️\n1️⃣"),
            (5, "<p>☰☰☰☰</p>", "☰☰\n☰☰"),
            (4, "<p>🟰🟰🟰</p>", "🟰🟰\n🟰"),
            (7, "<p>ok ❤️ 👨‍👩‍👧 🇨🇳</p>", "ok ❤️\n👨‍👩‍👧 🇨🇳"),
            (6, "<ul><li>⚠️ 注意</li></ul>", "• ⚠️\n  注意"),
            (4, "<p>⌚︎⌚︎⌚︎⌚︎⌚︎</p>", "⌚︎⌚︎⌚︎⌚︎\n⌚︎"),
        ])
    func emoji(width: Int, html: String, expected: String) {
        #expect(TerminalText.render(html: html, width: width) == expected)
    }

    @Test(
        "quotes nested deeper than the width allows keep as many levels as leave half the width",
        arguments: [
            (
                8, "<blockquote><blockquote><blockquote><blockquote><blockquote><p>a</p><p>b</p>",
                "> > a\n> >\n> > b"
            ),
            (
                10,
                "<blockquote>一<blockquote>二<blockquote>三<blockquote>四<blockquote>五六七八九</blockquote></blockquote></blockquote></blockquote></blockquote>",
                "> 一\n> >\n> > 二\n> >\n> > 三\n> >\n> > 四\n> >\n> > 五六七\n> > 八九"
            ),
            (2, "<blockquote><blockquote><p>ab</p><p>c</p></blockquote></blockquote>", "ab\n\nc"),
            (4, "<blockquote><blockquote><hr></blockquote></blockquote>", "> --"),
            (5, "<blockquote><blockquote><blockquote>x<br><br>y</blockquote></blockquote></blockquote>", "> x\n>\n> y"),
            (3, "<ul><li>中文</li></ul>", "•\n中\n文"),
        ])
    func deepQuotes(width: Int, html: String, expected: String) {
        let text = TerminalText.render(html: html, width: width)
        #expect(text == expected)
        for line in text.split(separator: "\n") {
            #expect(TextWidth.columns(of: String(line)) <= width, "\(line)")
        }
    }

    @Test("the blank lines between quoted paragraphs are cut to the width too")
    func quoteSeparators() {
        let html = String(repeating: "<blockquote>", count: 40) + "<p>a</p><p>b</p><br><br>c"
        for width in 2...30 {
            for line in TerminalText.render(html: html, width: width).split(separator: "\n") {
                #expect(TextWidth.columns(of: String(line)) <= width, "width \(width): \(line)")
            }
        }
    }

    @Test(
        "a character wider than its line is split between its scalars",
        arguments: [
            (4, "<p>a🏽🏽🏽</p>", "a🏽\n🏽🏽"),
            (2, "<p>\u{1100}\u{1100}\u{1100}</p>", "\u{1100}\n\u{1100}\n\u{1100}"),
            (3, "<p>x \u{1F600}\u{1F3FD}</p>", "x\n\u{1F600}\n\u{1F3FD}"),
        ])
    func splitCharacter(width: Int, html: String, expected: String) {
        let text = TerminalText.render(html: html, width: width)
        #expect(text == expected)
        // Every scalar is kept, in order.
        let written = html.dropFirst(3).dropLast(4).unicodeScalars.filter { $0 != " " }
        #expect(Array(text.unicodeScalars.filter { $0 != "\n" }) == Array(written))
    }

    @Test("pre keeps its lines as written, the one documented exception; its quote prefix is capped")
    func preformatted() {
        let text = TerminalText.render(
            html: String(repeating: "<blockquote>", count: 20) + "<pre>let x = 1 // a long line of code</pre>",
            width: 10)
        #expect(text == "> >     let x = 1 // a long line of code")
    }

    @Test("for random and hostile bodies, no line is wider than the width but a whole URL's", arguments: 0..<8)
    func property(seed: UInt64) {
        var generator = HostileBody(seed: seed)
        for _ in 0..<100 {
            let html = generator.body()
            let width = generator.width()
            let text = TerminalText.render(html: html, width: width)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let columns = TextWidth.columns(of: String(line))
                #expect(
                    columns <= width || isWholeURLLine(line),
                    "seed \(seed), width \(width): \(columns) columns in \(String(line).debugDescription) of \(html.debugDescription)"
                )
            }
        }
    }
}

/// Random article bodies made to stress line widths: nested quotes, lists, headings and tables,
/// and text of emoji sequences, wide symbols, combining marks, characters wider than a line,
/// control characters and long words. Every `pre` is left out: its lines are kept as written.
struct HostileBody {
    var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    static let atoms = [
        "博客园", "cnblogs", "Swift", "supercalifragilisticexpialidocious", "❤️", "✔️", "⚠️", "1️⃣", "#️⃣",
        "1⃣", "1️", "☰", "䷀", "𝌀", "🟰", "🫩", "🫪", "👨‍👩‍👧", "👩🏽‍💻", "❤‍🔥", "🏳️‍🌈", "🇨🇳", "🇨", "⌚︎",
        "❤︎", "👍🏽", "✌🏽", "a🏽🏽🏽", "😀🏽🏽", "\u{1100}\u{1100}\u{1100}\u{1100}", "\u{1100}\u{1161}\u{11A8}",
        "क\u{093F}\u{093F}\u{093F}\u{093F}", "e\u{0301}", "\u{0301}", "\u{200D}", "\u{FE0F}", "\u{FE0E}",
        "\u{20E3}", "\u{1F3FD}", "\u{1F1FA}", "\u{E0067}\u{E007F}", "，", "。", "」", "…", "&nbsp;",
        "&#x2764;&#xFE0F;", "&#x1F468;&#x200D;&#x1F469;", " ", "  ", "\n", "\t", "\u{1B}[31m", "\u{202E}",
        "\u{00AD}", "\u{3000}", "ｱ", "https://www.cnblogs.com/a/b/c", "\u{2028}", "&lt;", "&amp;", "\u{0600}",
        "\u{302A}", "\u{16FF0}", "\u{3164}", "x", "1000000.",
    ]

    static let inlineElements = ["b", "i", "span", "font", "code", "em", "strong"]
    static let blockElements = [
        "p", "div", "blockquote", "h1", "h3", "h6", "dl", "dd", "dt", "section", "center", "figure",
    ]

    mutating func width() -> Int {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return Int.random(in: 2...6, using: &random)
        case 1: return Int.random(in: 7...20, using: &random)
        case 2: return [2, 3, 4, 5, 8, 10, 40, 80][Int.random(in: 0..<8, using: &random)]
        default: return Int.random(in: 2...100, using: &random)
        }
    }

    mutating func body() -> String {
        var html = ""
        if Int.random(in: 0..<6, using: &random) == 0 {
            // Deep nesting, some of it never closed.
            let depth = Int.random(in: 10...120, using: &random)
            let element = ["blockquote", "ul><li", "ol start=\"999999\"><li", "dd", "font"][
                Int.random(in: 0..<5, using: &random)]
            html += String(repeating: "<\(element)>", count: depth)
        }
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            html += node(depth: 0)
        }
        return html
    }

    mutating func node(depth: Int) -> String {
        let choice = depth > 6 ? Int.random(in: 0..<3, using: &random) : Int.random(in: 0..<14, using: &random)
        switch choice {
        case 0, 1: return text()
        case 2: return ["<br>", "<hr>", "<br><br>"][Int.random(in: 0..<3, using: &random)]
        case 3: return "<img src=\"//images.cnblogs.com/\(text(1))\" alt=\"\(text(2))\">"
        case 4:
            return
                "<a href=\"https://www.cnblogs.com/p/\(Int.random(in: 0..<5, using: &random))\">\(children(depth))</a>"
        case 5: return wrapped(Self.inlineElements, depth)
        case 6, 7, 8: return wrapped(Self.blockElements, depth)
        case 9, 10:
            let list = Bool.random(using: &random) ? "ul" : "ol"
            var items = ""
            for _ in 0..<Int.random(in: 1...3, using: &random) { items += "<li>\(children(depth))</li>" }
            return "<\(list)>\(items)</\(list)>"
        case 11:
            var rows = ""
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                rows += "<tr><td>\(children(depth))</td><td>\(text())</td></tr>"
            }
            return "<table>\(rows)</table>"
        default:
            return "<blockquote>\(children(depth))</blockquote>"
        }
    }

    mutating func wrapped(_ names: [String], _ depth: Int) -> String {
        let name = names[Int.random(in: 0..<names.count, using: &random)]
        return "<\(name)>\(children(depth))</\(name)>"
    }

    mutating func children(_ depth: Int) -> String {
        var html = ""
        for _ in 0..<Int.random(in: 0...3, using: &random) { html += node(depth: depth + 1) }
        return html
    }

    mutating func text(_ maximum: Int = 8) -> String {
        var result = ""
        for _ in 0..<Int.random(in: 1...maximum, using: &random) {
            result += Self.atoms[Int.random(in: 0..<Self.atoms.count, using: &random)]
        }
        return result
    }
}
