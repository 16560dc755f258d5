import BasicFormat
import BasicXML
import CnblogsClient
import Foundation

/// See ``Harness/html``.
enum HTMLHarness {
    static let base = URL(string: "https://www.cnblogs.com/nanshan-walker/p/5770214.html")

    /// Elements the sanitizer documents as dropped with everything inside them.
    static let droppedElements: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "form", "base", "link", "meta",
        "noscript", "noembed", "noframes", "plaintext", "svg", "math",
    ]

    /// Attributes that hold a URL a browser may load or follow.
    static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "xlink:href", "poster", "background", "cite", "data", "lowsrc",
        "dynsrc", "longdesc", "usemap", "manifest", "codebase", "classid", "profile",
    ]

    static func run(_ data: Data) throws(HarnessFailure) {
        let html = Check.text(data)

        let sanitized = ArticleHTML.sanitized(html, base: base)
        try checkSafe(sanitized, input: html)
        let twice = ArticleHTML.sanitized(sanitized, base: base)
        try Check.that(
            twice == sanitized,
            "sanitizing is not idempotent: once \(Check.quoted(sanitized)), twice \(Check.quoted(twice))")

        for url in ArticleHTML.imageURLs(in: html, base: base) {
            try Check.that(
                url.scheme == "http" || url.scheme == "https", "imageURLs gave a URL that is not http(s): \(url)")
        }

        let width = 2 + data.count % 79
        let text = TerminalText.render(html: html, width: width, base: base)
        try checkPrintable(text, width: width, input: html)

        let title = String(html.prefix(80))
        let article = ArticlePage(
            article: Article(kind: .post, id: 1, title: title, author: title, link: base, html: html))
        try Check.that(article.bodyHTML == sanitized, "the page's body is not the sanitized HTML")
        let page = article.html()
        try Check.that(
            page.contains("<title>\(HTMLText.escapingText(title))</title>"),
            "the page's <title> is not the escaped title")
    }

    /// Sanitized HTML, parsed again, holds no dropped element, no event handler and no script URL.
    static func checkSafe(_ sanitized: String, input: String) throws(HarnessFailure) {
        let nodes: [HTMLNode]
        do {
            nodes = try HTMLNode.parseFragment(sanitized)
        } catch {
            // Sanitized text is never larger than its input, which parsed.
            throw HTMLHarness.failure("the sanitized HTML does not parse again: \(error)", input, sanitized)
        }
        var pending = nodes
        while let node = pending.popLast() {
            guard case .element(let element) = node else { continue }
            let name = element.name.lowercased()
            if droppedElements.contains(name) {
                throw failure("the sanitized HTML, parsed again, holds a <\(name)>", input, sanitized)
            }
            for attribute in element.attributes {
                let attributeName = attribute.name.lowercased()
                if attributeName.hasPrefix("on") {
                    throw failure(
                        "the sanitized HTML, parsed again, has an event handler \(attributeName)", input, sanitized)
                }
                if urlAttributes.contains(attributeName) {
                    let squeezed = String(
                        attribute.value.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }.map(
                            Character.init)
                    ).lowercased()
                    if squeezed.hasPrefix("javascript:") || squeezed.hasPrefix("vbscript:") {
                        throw failure(
                            "the sanitized HTML, parsed again, has a script URL in \(attributeName)", input, sanitized)
                    }
                }
            }
            pending.append(contentsOf: element.children)
        }
    }

    /// Terminal text holds no control character but line feeds and no bidirectional override
    /// or isolate, and no line outside `pre` is wider than `width` but a whole URL's, which
    /// `TerminalText` never cuts (documented there).
    static func checkPrintable(_ text: String, width: Int, input: String) throws(HarnessFailure) {
        for scalar in text.unicodeScalars where scalar != "\n" {
            let isControl = scalar.properties.generalCategory == .control
            let isBidi = (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            if isControl || isBidi {
                throw failure(
                    "the terminal text holds U+\(String(scalar.value, radix: 16, uppercase: true))", input, text)
            }
        }
        if !input.lowercased().contains("<pre") {
            for line in text.split(separator: "\n")
            where TextWidth.columns(of: String(line)) > width && !isWholeURLLine(line) {
                throw failure(
                    "a terminal line is wider than \(width) columns: \(Check.quoted(String(line)))", input, text)
            }
        }
    }

    /// Whether `line` is a URL alone after its indentation (a quote's `>`, spaces) and perhaps a
    /// footnote's `[n] `, or a footnote whose address has no space: the lines `TerminalText` lets
    /// be wider than the width.
    static func isWholeURLLine(_ line: Substring) -> Bool {
        var rest = line.drop { $0 == " " || $0 == ">" }
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]"),
            rest[rest.index(after: rest.startIndex)..<close].allSatisfy(\.isNumber), rest[close...].hasPrefix("] ")
        {
            // A footnote is one line whatever its address looks like (`https:/x`, kept as written).
            rest = rest[rest.index(close, offsetBy: 2)...]
            return !rest.isEmpty && !rest.contains(" ")
        }
        return !rest.isEmpty && !rest.contains(" ")
            && (rest.contains("://") || rest.contains("www.") || rest.lowercased().contains("mailto:"))
    }

    static func failure(_ what: String, _ input: String, _ output: String) -> HarnessFailure {
        HarnessFailure("\(what); input \(Check.quoted(input)), output \(Check.quoted(output))")
    }
}
