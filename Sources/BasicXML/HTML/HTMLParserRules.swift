/// How libxml2's HTML parser (2.9.14) treats its stack of open elements, as measured against it
/// (`HTMLParserRulesTests` checks every entry): which start tags close the element on top, how
/// far an end tag may close, and which elements never hold children. ``HTMLInputFilter`` follows
/// these rules to know how deep the parser's stack grows, and ``HTMLTreeReader`` to keep a
/// flattened tree the same when it is parsed again.
enum HTMLParserRules {
    /// For an open element, the start tags that close it when it is on top of the stack:
    /// `<p>a<div>` closes the `p`, `<li>a<li>` the first `li`. Names libxml2 does not know
    /// (`section`, `o:p`) close nothing and are closed by nothing.
    static let closingStartTags: [String: Set<String>] = [
        "a": ["a", "fieldset", "table", "td", "th"],
        "address": ["dd", "dl", "dt", "form", "li", "ul"],
        "b": ["center", "p", "td", "th"],
        "big": ["p"],
        "caption": ["col", "colgroup", "tbody", "tfoot", "thead", "tr"],
        "colgroup": ["colgroup", "tbody", "tfoot", "thead", "tr"],
        "dd": ["dt"],
        "dir": ["dd", "dl", "dt", "form", "ul"],
        "dl": ["form", "li"],
        "dt": ["dd", "dl"],
        "font": ["center", "td", "th"],
        "form": ["form"],
        "h1": headingClosers, "h2": headingClosers, "h3": headingClosers,
        "h4": headingClosers, "h5": headingClosers, "h6": headingClosers,
        "i": ["center", "p", "td", "th"],
        "legend": ["fieldset"],
        "li": ["li"],
        "menu": ["dd", "dl", "dt", "form", "ul"],
        "ol": ["form", "ul"],
        "option": ["optgroup", "option"],
        "p": [
            "address", "blockquote", "caption", "center", "col", "colgroup", "dd", "dir", "div", "dl", "dt",
            "fieldset", "form", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "li", "menu", "ol", "p", "pre",
            "table", "tbody", "td", "tfoot", "th", "title", "tr", "ul",
        ],
        "pre": ["dd", "dl", "dt", "fieldset", "form", "li", "table", "ul"],
        "s": ["p"],
        "small": ["p"],
        "span": ["td", "th"],
        "strike": ["p"],
        "tbody": ["tbody", "tfoot"],
        "td": ["tbody", "td", "tfoot", "th", "tr"],
        "tfoot": ["tbody"],
        "th": ["tbody", "td", "tfoot", "th", "tr"],
        "thead": ["tbody", "tfoot"],
        "title": ["frameset"],
        "tr": ["tbody", "tfoot", "tr"],
        "tt": ["p"],
        "u": ["p", "td", "th"],
        "ul": ["address", "form", "menu", "ol", "pre"],
    ]

    /// The start tags that close an open heading.
    private static let headingClosers: Set<String> = ["fieldset", "form", "li", "p", "table"]

    /// Whether a start tag `name` closes `open` when `open` is on top of the stack.
    static func startTag(_ name: String, closes open: String) -> Bool {
        closingStartTags[open]?.contains(name) ?? false
    }

    /// How much an end tag may close on its way to its element: `</x>` closes the elements
    /// above its `x` only when none of them has a higher priority than `x`; otherwise it is
    /// ignored (`</b>` never closes a `div` or a table cell). Everything else has 100.
    static func endPriority(_ name: String) -> Int {
        switch name {
        case "div": 150
        case "td", "th": 160
        case "tr": 170
        case "thead", "tbody", "tfoot": 180
        case "table": 190
        case "head", "body": 200
        case "html": 220
        default: 100
        }
    }

    /// The elements libxml2 closes as soon as they start (its "empty" elements); `embed`,
    /// `source`, `track` and `wbr` are not among them.
    static let emptyElements: Set<String> = [
        "area", "base", "basefont", "br", "col", "frame", "hr", "img", "input", "isindex", "link", "meta", "param",
    ]

    /// The elements whose content libxml2 reads as raw text, up to `</name`.
    static let rawTextElements: Set<String> = ["script", "style"]

    /// The longest tag or attribute name libxml2 reads; the rest of a longer name is read as
    /// the next attribute.
    static let maximumNameLength = 100
}
