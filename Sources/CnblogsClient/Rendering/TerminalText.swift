import BasicFormat
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
/// - `pre` is kept verbatim, indented four spaces and never wrapped; a tab becomes the spaces up
///   to the next multiple of 8 columns of the line's own text, so no tab reaches the terminal.
/// - A link is its text followed by `[n]`; an image is `[image n]`, or `[image n: alt]`
///   with its `alt` text; the URLs (repaired by ``URLRepair`` and resolved against `base`)
///   are listed as `[n] URL` at the end, numbered in order of first appearance, a repeated URL
///   keeping its number. Only web addresses get a number: links to `http`, `https` and
///   `mailto` URLs and images from `http` and `https` (and relative ones when there is no
///   `base`); links to `#fragments`, and `javascript:`, `data:`, `file:` and other URLs, do not.
/// - Table rows are lines with cells separated by ` | `.
/// - `hr` is a line of `-` as wide as the text.
/// - `script`, `style`, `head`, `iframe`, `object`, `embed`, `noscript`, `template`, `select`
///   and `svg` are left out, and so are comments.
///
/// Outside `pre` whitespace collapses as in a browser, and control characters (which could
/// drive the terminal) and bidirectional overrides are removed, the same set as
/// ``printable(_:)`` removes; entities are decoded. Lines are wrapped to `width` columns as
/// BasicFormat's `TextWidth` counts them: CJK and other wide characters and emoji (`❤️`, `1️⃣`,
/// `👨‍👩‍👧`, `☰`) take two. They break between words at spaces and beside a CJK character,
/// never before closing punctuation (`，`, `。`, `）`, `)`, `]`, `,` and the like: it stays with
/// what it closes); a word longer than a line is split, and so is a character wider than a line
/// (one that is no emoji sequence, such as a letter followed by skin-tone modifiers), between its
/// scalars. A URL is never split, so that it can be clicked or copied: one that does not fit
/// the rest of a line starts the next, and one wider than the width has a line of its own, whole
/// (after the line's indentation). A footnote is always one line, its number and its URL. Indentation (a quote's `> `, the
/// spaces under a list item or heading) keeps whole levels, from the outermost in, as long as
/// they leave half the width, and at least two columns, for the text: a quote nested deeper
/// shows fewer `>`, its blank separator lines included. No line is wider than `width` but the
/// lines of a `pre`, which are kept as written after the same indentation, and those of a URL
/// wider than the width, above. A `width` below 2 is
/// taken as 2, the least that holds a wide character, and one above 10 000 as 10 000. An
/// ordered list's `start` is clamped to ±1 000 000, so no number in the input can overflow.
/// Trailing spaces, runs of blank lines and blank lines at the start and end are removed; the
/// result has no final newline.
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

    /// `text` made safe to print on one line of a terminal: control characters, which could
    /// drive the terminal, and bidirectional overrides and isolates, which could make text read
    /// differently from what it is, are removed; line and tab characters become spaces.
    ///
    /// ```swift
    /// TerminalText.printable("\u{1B}[2J标题\u{202E}\tby\nme")   // "[2J标题 by me"
    /// ```
    ///
    /// Removed: C0 controls (U+0000–U+001F, `ESC` included), `DEL` and C1 controls
    /// (U+007F–U+009F), the bidirectional embeddings and overrides U+202A–U+202E and isolates
    /// U+2066–U+2069. Tab, line feed, vertical tab, form feed, carriage return, `NEL` (U+0085)
    /// and the line and paragraph separators U+2028 and U+2029 each become a space (a CR LF pair
    /// one space). Everything else, CJK included, is kept as it is; spaces are not collapsed.
    /// It is BasicFormat's `PrintableText.oneLine(_:)`, which code below the clients (bsl's
    /// tables) uses too.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func printable(_ text: String) -> String {
        PrintableText.oneLine(text)
    }
}
