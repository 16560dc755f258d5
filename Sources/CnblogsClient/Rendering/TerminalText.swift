import BasicXML
import Foundation

/// An article body's HTML as plain text for a terminal, wrapped to a width.
///
/// ```swift
/// let text = TerminalText.render(
///     html: #"<h2>博客园</h2><p>开发者的<a href="https://www.cnblogs.com/">网上家园</a>。</p>"#, width: 40)
/// print(text)
/// // ## 博客园
/// //
/// // 开发者的网上家园[1]。
/// //
/// // [1] https://www.cnblogs.com/
/// ```
///
/// How elements come out:
/// - Paragraphs (`p`) and other blocks (headings, lists, quotes, tables, `pre`, `hr`) are
///   separated by a blank line; `div`, `li`, table rows and `<br>` start a new line.
/// - Headings `h1`…`h6` start with `#`…`######` and a space, as in Markdown.
/// - List items start with `• ` (`ul`) or `1. ` (`ol`, counting from its `start`); nested
///   lists, and the lines an item wraps onto, are indented under the item's text.
/// - `blockquote` lines start with `> `.
/// - `pre` is kept verbatim, indented four spaces and never wrapped.
/// - A link is its text followed by `[n]`; an image is `[image n]`, or `[image n: alt]`
///   with its `alt` text; the URLs (repaired by ``URLRepair`` and resolved against `base`)
///   are listed as `[n] URL` at the end, numbered in order of first appearance, a repeated URL
///   keeping its number. Links to `#fragments` or `javascript:` and `data:` images get no number.
/// - Table rows are lines with cells separated by ` | `.
/// - `hr` is a line of `-` as wide as the text.
/// - `script`, `style`, `head`, `iframe`, `object`, `embed`, `noscript`, `template`, `select`
///   and `svg` are left out, and so are comments.
///
/// Outside `pre` whitespace collapses as in a browser, and control characters (which could
/// drive the terminal) and bidirectional overrides are removed; entities are decoded.
/// Lines are wrapped to `width` columns with CJK and other wide characters counted as two;
/// they break between words at spaces and beside a CJK character (never before closing
/// punctuation such as `，` or `。`), and a word longer than a line is split. No line is wider than `width`, except in `pre` and when indentation
/// leaves less than two columns, in which case the indentation is dropped. A `width` below 2
/// is taken as 2, the least that holds a wide character, and one above 10 000 as 10 000. An
/// ordered list's `start` is clamped to ±1 000 000, so no number in the input can overflow. Trailing spaces, runs of blank lines
/// and blank lines at the start and end are removed; the result has no final newline.
public enum TerminalText {
    /// The widest text ``render(html:width:base:)`` makes: a rule (`hr`) is as wide as the
    /// width, so an absurd width would otherwise exhaust memory.
    static let maximumWidth = 10_000

    /// The body `html` as text for a terminal `width` columns wide, by the rules above.
    ///
    /// HTML that libxml2 cannot take at all (2 GiB or more) renders as an empty string.
    ///
    /// - Complexity: O(*n*) in the length of `html`.
    public static func render(html: String, width: Int, base: URL? = nil) -> String {
        guard let nodes = try? HTMLNode.parseFragment(html) else { return "" }
        var renderer = TerminalRenderer(width: min(max(width, 2), maximumWidth), base: base)
        renderer.render(nodes)
        return renderer.output()
    }
}
