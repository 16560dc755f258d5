import BasicFormat
import BasicXML
import Foundation

/// The state of one ``TerminalText`` rendering: the lines so far, the paragraph being
/// collected, the indentation in force and the footnotes.
struct TerminalRenderer {
    /// How far apart two blocks are.
    enum Break: Int, Comparable {
        case none, line, paragraph
        static func < (lhs: Break, rhs: Break) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// A level of indentation: a quote's `> `, or the spaces under a list item's or heading's
    /// marker, which apply from the line after the marker's on.
    struct Level {
        var prefix: String
        var isActive: Bool
    }

    /// An output line. Blank lines (a quote's `>` counts as blank) are made one where they
    /// run together; verbatim lines (from `pre`) never are.
    struct Line {
        var text: String
        var isBlank = false
        var isVerbatim = false
    }

    /// A step of the walk over the tree.
    enum Step {
        case enter(HTMLNode)
        case exit(HTMLElement, link: String?)
    }

    let width: Int
    let base: URL?
    var lines: [Line] = []
    /// The paragraph being collected, spaces collapsed.
    var inline = ""
    var pendingSpace = false
    /// List or heading markers waiting for the paragraph's first character.
    var marker: String?
    var pendingBreak = Break.none
    var levels: [Level] = []
    /// Open lists: whether numbered, and the next number.
    var lists: [(ordered: Bool, next: Int)] = []
    var openItems = 0
    /// Open table cells, inside which blocks are only spaces; and each open row's cell count.
    var tableCellDepth = 0
    var rowCells: [Int] = []
    var footnotes: [String] = []
    var footnoteNumbers: [String: Int] = [:]

    init(width: Int, base: URL?) {
        self.width = width
        self.base = base
    }

    static let skippedElements: Set<String> = [
        "script", "style", "head", "title", "iframe", "object", "embed", "noscript", "template", "select", "svg",
        "applet", "frameset", "frame",
    ]
    static let paragraphElements: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "table", "dl", "hr", "pre",
    ]
    static let lineElements: Set<String> = [
        "div", "section", "article", "header", "footer", "nav", "aside", "main", "figure", "figcaption", "address",
        "center", "details", "summary", "fieldset", "legend", "caption", "dt", "dd", "li", "tr", "form", "ul", "ol",
        "body", "html",
    ]

    // MARK: Walking the tree

    mutating func render(_ nodes: [HTMLNode]) {
        var steps: [Step] = nodes.reversed().map { .enter($0) }
        while let step = steps.popLast() {
            switch step {
            case .enter(.text(let text)):
                appendText(text)
            case .enter(.comment):
                break
            case .enter(.element(let element)):
                let name = element.name.lowercased()
                guard !Self.skippedElements.contains(name) else { continue }
                switch name {
                case "br":
                    lineBreak()
                case "img":
                    appendImage(element)
                case "hr":
                    rule()
                case "pre":
                    preformatted(element)
                default:
                    let link = name == "a" ? element["href"].flatMap(linkTarget) : nil
                    enter(name, element)
                    steps.append(.exit(element, link: link))
                    steps.append(contentsOf: element.children.reversed().map { .enter($0) })
                }
            case .exit(let element, let link):
                exit(element.name.lowercased(), link: link)
            }
        }
        flushInline()
        appendFootnotes()
    }

    mutating func enter(_ name: String, _ element: HTMLElement) {
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            block(.paragraph)
            let level = Int(name.dropFirst()) ?? 1
            startMarker(String(repeating: "#", count: level))
        case "ul", "ol":
            block(openItems > 0 ? .line : .paragraph)
            lists.append((ordered: name == "ol", next: Self.listStart(element["start"])))
        case "li":
            block(.line)
            openItems += 1
            if let list = lists.last, list.ordered {
                startMarker("\(list.next).")
                // Cannot overflow: `next` starts within ±``maximumListStart`` and grows by one per
                // item, which a string of less than 2^63 bytes cannot hold enough of.
                lists[lists.count - 1].next += 1
            } else {
                startMarker("•")
            }
        case "blockquote":
            block(.paragraph)
            levels.append(Level(prefix: "> ", isActive: true))
        case "dd":
            block(.line)
            levels.append(Level(prefix: "    ", isActive: true))
        case "tr":
            block(.line)
            rowCells.append(0)
        case "td", "th":
            if let cells = rowCells.last {
                if cells > 0 { appendText(" | ") }
                rowCells[rowCells.count - 1] = cells + 1
            }
            tableCellDepth += 1
        default:
            if Self.paragraphElements.contains(name) {
                block(.paragraph)
            } else if Self.lineElements.contains(name) {
                block(.line)
            }
        }
    }

    /// The farthest from zero an ordered list's `start` is taken; beyond it, the number is clamped.
    static let maximumListStart = 1_000_000

    /// The first number of an ordered list with this `start` attribute: 1 when there is none or it
    /// is not a number, clamped to ±``maximumListStart`` (a hostile `start` must not overflow).
    static func listStart(_ attribute: String?) -> Int {
        guard let text = attribute?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return 1 }
        if let value = Int(text) { return min(max(value, -maximumListStart), maximumListStart) }
        // Digits too many for an Int: clamped by sign, as a browser clamps them.
        let digits = text.drop { $0 == "-" || $0 == "+" }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), text.count - digits.count <= 1
        else { return 1 }
        return text.hasPrefix("-") ? -maximumListStart : maximumListStart
    }

    mutating func exit(_ name: String, link: String?) {
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            endMarker()
            block(.paragraph)
        case "ul", "ol":
            lists.removeLast()
            block(openItems > 0 ? .line : .paragraph)
        case "li":
            endMarker()
            openItems -= 1
            block(.line)
        case "blockquote":
            block(.paragraph)
            levels.removeLast()
        case "dd":
            block(.line)
            levels.removeLast()
        case "tr":
            block(.line)
            rowCells.removeLast()
        case "td", "th":
            tableCellDepth -= 1
        case "a":
            if let link { appendWord("[\(footnoteNumber(for: link))]", glued: true) }
        default:
            if Self.paragraphElements.contains(name) {
                block(.paragraph)
            } else if Self.lineElements.contains(name) {
                block(.line)
            }
        }
    }

    // MARK: Blocks

    /// Ends the paragraph being collected and asks for at least `kind` of space before the next;
    /// inside a table cell, only a space.
    mutating func block(_ kind: Break) {
        guard tableCellDepth == 0 else {
            pendingSpace = true
            return
        }
        flushInline()
        pendingBreak = max(pendingBreak, kind)
    }

    /// A list item's or heading's marker, and the indentation that lines its text up.
    mutating func startMarker(_ text: String) {
        guard tableCellDepth == 0 else { return }
        marker = (marker.map { $0 + " " } ?? "") + text
        levels.append(Level(prefix: String(repeating: " ", count: TextWidth.columns(of: text) + 1), isActive: false))
    }

    /// Ends a list item or heading: an item with no text still shows its marker.
    mutating func endMarker() {
        guard tableCellDepth == 0 else { return }
        if inline.isEmpty, let pending = marker {
            inline = pending
            marker = nil
        }
        flushInline()
        levels.removeLast()
    }

    mutating func lineBreak() {
        guard tableCellDepth == 0 else {
            pendingSpace = true
            return
        }
        if inline.isEmpty && marker == nil {
            separate()
            lines.append(Line(text: prefix(), isBlank: true))
        } else {
            if inline.isEmpty, let pending = marker {
                inline = pending
                marker = nil
            }
            flushInline()
        }
    }

    mutating func rule() {
        block(.paragraph)
        guard tableCellDepth == 0 else { return }
        separate()
        let prefix = activatedPrefix()
        lines.append(Line(text: prefix + String(repeating: "-", count: width - TextWidth.columns(of: prefix))))
        pendingBreak = .paragraph
    }

    mutating func preformatted(_ element: HTMLElement) {
        guard tableCellDepth == 0 else {
            appendText(HTMLNode.element(element).textContent)
            return
        }
        block(.paragraph)
        if let pending = marker {
            inline = pending
            marker = nil
            flushInline()
        }
        var text = Self.verbatimText(of: element)
        if text.hasPrefix("\n") { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        if !text.isEmpty {
            separate()
            let prefix = activatedPrefix() + "    "
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append(Line(text: prefix + Self.expandingTabs(line), isVerbatim: true))
            }
        }
        pendingBreak = .paragraph
    }

    /// The columns between two tab stops in a `pre`, as in a terminal.
    static let tabStop = 8

    /// `line` with each tab replaced by the spaces up to the next multiple of ``tabStop`` columns,
    /// counted from the start of the line's own text (not from the indentation before it, so code
    /// keeps the alignment it was written with) as `TextWidth` counts them: a tab must not reach
    /// the terminal, whose idea of its width the wrapping cannot know.
    ///
    /// - Complexity: O(*n*) in the length of `line`.
    static func expandingTabs(_ line: Substring) -> String {
        guard line.contains("\t") else { return String(line) }
        var result = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let spaces = tabStop - column % tabStop
                result += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                result.append(character)
                column += TextWidth.columns(of: character)
            }
        }
        return result
    }

    /// The text of a `pre`: its text nodes, `<br>` as a newline, CR LF and CR as LF, and no
    /// control characters but tab and newline (tabs are expanded line by line, ``expandingTabs(_:)``).
    static func verbatimText(of element: HTMLElement) -> String {
        var result = ""
        var pending: [HTMLNode] = element.children.reversed()
        while let node = pending.popLast() {
            switch node {
            case .text(let text):
                for scalar in text.replacing("\r\n", with: "\n").unicodeScalars {
                    if scalar == "\r" {
                        result += "\n"
                    } else if scalar == "\t" || scalar == "\n" || !isHidden(scalar) {
                        result.unicodeScalars.append(scalar)
                    }
                }
            case .comment:
                break
            case .element(let child):
                if child.name == "br" {
                    result += "\n"
                } else if !skippedElements.contains(child.name) {
                    pending.append(contentsOf: child.children.reversed())
                }
            }
        }
        return result
    }

    // MARK: Inline content

    /// Appends text, collapsing whitespace as a browser does and dropping hidden characters.
    mutating func appendText(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{0C}":
                pendingSpace = true
            default:
                guard !Self.isHidden(scalar) else { continue }
                startContent()
                if pendingSpace && !inline.isEmpty { inline += " " }
                pendingSpace = false
                inline.unicodeScalars.append(scalar)
            }
        }
    }

    /// Appends `word`; a glued word (a footnote number) follows the text before it without a space.
    mutating func appendWord(_ word: String, glued: Bool) {
        let wasEmpty = inline.isEmpty
        startContent()
        if pendingSpace && !inline.isEmpty && (!glued || wasEmpty) {
            inline += " "
            pendingSpace = false
        }
        if !glued { pendingSpace = false }
        inline += word
    }

    /// Puts a waiting marker at the start of the paragraph.
    mutating func startContent() {
        if inline.isEmpty, let pending = marker {
            inline = pending
            marker = nil
            pendingSpace = true
        }
    }

    mutating func appendImage(_ element: HTMLElement) {
        var label = "image"
        if let source = element["src"],
            let target = Self.reference(source, base: base, schemes: ArticleHTML.imageSchemes)
        {
            label += " \(footnoteNumber(for: target))"
        }
        var alternative = ""
        for scalar in (element["alt"] ?? "").unicodeScalars {
            if scalar.properties.isWhitespace {
                if !alternative.isEmpty && alternative.last != " " { alternative += " " }
            } else if !Self.isHidden(scalar) {
                alternative.unicodeScalars.append(scalar)
            }
        }
        alternative = String(alternative.reversed().drop { $0 == " " }.reversed())
        if !alternative.isEmpty { label += ": " + alternative }
        appendWord("[\(label)]", glued: false)
    }

    /// Where a link goes, or nil for links to the page itself (`#fragment`) and to anything
    /// but the web and mail.
    func linkTarget(_ href: String) -> String? {
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        return Self.reference(trimmed, base: base, schemes: ArticleHTML.linkSchemes)
    }

    /// The footnote text for a link or image address: resolved against `base` when one of
    /// `schemes` (or relative with no base), as written when it cannot be parsed but has one of
    /// them, nil otherwise; without hidden characters.
    static func reference(_ value: String, base: URL?, schemes: Set<String>) -> String? {
        let target: String
        if let url = ArticleHTML.allowedURL(value, base: base, schemes: schemes) {
            target = url.absoluteString
        } else if ArticleHTML.resolvedURL(value, base: base) == nil, let scheme = ArticleHTML.scheme(of: value),
            schemes.contains(scheme)
        {
            target = value.trimmingCharacters(in: .whitespacesAndNewlines)
        } else {
            return nil
        }
        return String(String.UnicodeScalarView(target.unicodeScalars.filter { !isHidden($0) }))
    }

    mutating func footnoteNumber(for url: String) -> Int {
        if let number = footnoteNumbers[url] { return number }
        footnotes.append(url)
        footnoteNumbers[url] = footnotes.count
        return footnotes.count
    }

    /// Control characters, which could drive the terminal, and bidirectional overrides, which
    /// could make text read differently from what it is.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        PrintableText.isHidden(scalar)
    }

    // MARK: Lines

    /// Writes the paragraph being collected as wrapped lines.
    mutating func flushInline() {
        defer {
            inline = ""
            pendingSpace = false
        }
        guard !inline.isEmpty else { return }
        separate()
        let first = activatedPrefix()
        let rest = prefix()
        let firstWidth = width - TextWidth.columns(of: first)
        let restWidth = width - TextWidth.columns(of: rest)
        let wrapped = TextWrapper.wrap(inline, firstWidth: firstWidth, restWidth: restWidth)
        for (index, line) in wrapped.enumerated() {
            let isBlank = line.allSatisfy { $0 == " " || $0 == "\u{00A0}" }
            lines.append(Line(text: (index == 0 ? first : rest) + line, isBlank: isBlank))
        }
    }

    /// Writes the blank line a paragraph break asks for.
    mutating func separate() {
        if pendingBreak == .paragraph && !lines.isEmpty {
            lines.append(Line(text: prefix(), isBlank: true))
        }
        pendingBreak = .none
    }

    /// The indentation of the active levels, capped: whole levels from the outermost in, as many
    /// as leave ``textColumns`` for the text, so no prefix (a deep quote's `> > > `) makes a line
    /// wider than the width.
    func prefix() -> String {
        let limit = width - textColumns
        var result = ""
        var used = 0
        for level in levels where level.isActive {
            let columns = TextWidth.columns(of: level.prefix)
            guard used + columns <= limit else { break }
            result += level.prefix
            used += columns
        }
        return result
    }

    /// The least a line keeps for its text after the indentation: half the width, and at least
    /// the two columns a wide character needs.
    var textColumns: Int { max(2, (width + 1) / 2) }

    /// The indentation for the next line, after which every level is active.
    mutating func activatedPrefix() -> String {
        let result = prefix()
        for index in levels.indices { levels[index].isActive = true }
        return result
    }

    mutating func appendFootnotes() {
        guard !footnotes.isEmpty else { return }
        levels = []
        pendingBreak = .paragraph
        for (index, url) in footnotes.enumerated() {
            let label = "[\(index + 1)]"
            if !url.contains(" ") {
                // One line, its number and its URL whole, however narrow the width: a URL cut in two
                // can be neither clicked nor copied.
                separate()
                lines.append(Line(text: label + " " + url))
                continue
            }
            levels = [Level(prefix: String(repeating: " ", count: label.count + 1), isActive: false)]
            inline = label + " " + url
            flushInline()
        }
        levels = []
    }

    /// The lines as text: no-break spaces shown as spaces, trailing spaces trimmed, runs of
    /// blank lines made one, no blank lines at either end.
    func output() -> String {
        var result: [String] = []
        var previousBlank = true
        var lastContent = 0
        for line in lines {
            if line.isBlank && previousBlank { continue }
            var text = line.text.replacing("\u{00A0}", with: " ")
            while let last = text.last, last == " " || last == "\t" { text.removeLast() }
            result.append(text)
            previousBlank = line.isBlank
            if !line.isBlank { lastContent = result.count }
        }
        return result[..<lastContent].joined(separator: "\n")
    }
}
