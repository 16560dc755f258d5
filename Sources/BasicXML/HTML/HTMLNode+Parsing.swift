import Foundation

extension HTMLNode {
    /// The deepest element nesting a parsed tree keeps. An element that would sit deeper is
    /// placed beside the element at this depth instead of inside it, so the tree is flattened
    /// there and keeps every element and all the text, in document order; code that walks the
    /// tree never meets more levels than this.
    public static let maximumDepth = 256

    /// The most attributes an element keeps: the first ones written. libxml2 2.9.14 takes time
    /// quadratic in an element's attributes (50,000 take many seconds), so the rest are cut from
    /// the source before it reads it; no text is lost.
    public static let maximumAttributeCount = 256

    /// Parses a piece of an HTML body (`<p>a</p><p>b</p>`, `text with <b>markup</b>`, a whole
    /// article body) as the contents of `<body>`, and returns the nodes.
    ///
    /// ```swift
    /// let nodes = try HTMLNode.parseFragment("<p>1 &lt; 2<p>unclosed")
    /// // [.element(p: [.text("1 < 2")]), .element(p: [.text("unclosed")])]
    /// ```
    ///
    /// The parser is libxml2's HTML parser, in recovering mode: it never rejects markup, closes
    /// what is left open, drops stray end tags, decodes entities (named, decimal and
    /// hexadecimal), keeps the contents of `script` and `style` as text, loads nothing from the
    /// network and reads the input as UTF-8 whatever a `<meta charset>` says. `html`, `head` and
    /// `body` tags in the input are dropped and their contents kept. Where libxml2 would lose
    /// text or read it otherwise than a browser, the source is mended first:
    ///
    /// - Numeric references follow HTML5: `&#128;`–`&#159;` through windows-1252 (`&#150;` is
    ///   –, `&#147;` is “), `&#0;`, surrogates and values past U+10FFFF are U+FFFD, `&#` without
    ///   digits stays as written, and a reference to a control character is that character
    ///   (kept in attribute values, dropped from text, as libxml2 treats the character itself);
    ///   none cuts an attribute value short.
    /// - A NUL is U+FFFD.
    /// - A namespace-prefixed tag (Word's `<o:p>`, `<v:shape>`, a stray `<d::`) is dropped and
    ///   its contents kept in place: HTML has no namespaces, and libxml2 would make `<o:p>` a `<p>`.
    /// - An element keeps its first ``maximumAttributeCount`` attributes.
    /// - Nesting deeper than ``maximumDepth`` is flattened, keeping all the text. Past twice that
    ///   many elements left open at once, start tags are dropped before parsing (their contents
    ///   kept), since libxml2 searches all open elements at every end tag. No text node is too
    ///   long (libxml2 would stop at 10 MB and drop the rest).
    ///
    /// - Throws: ``XMLError`` of kind ``XMLError/Kind/tooLarge`` when the text is 2 GiB or
    ///   more, or ``XMLError/Kind/malformed`` when libxml2 cannot start (out of memory).
    /// - Complexity: O(*n*) in the length of `html` for ordinary HTML; at worst O(*n* ·
    ///   ``maximumDepth``).
    public static func parseFragment(_ html: String) throws(XMLError) -> [HTMLNode] {
        try HTMLTreeReader.read("<body>" + html, fragment: true).children
    }

    /// Parses a piece of an HTML body given as bytes, which are read as UTF-8: a sequence that
    /// is not UTF-8 becomes U+FFFD (�), whatever a `<meta charset>` says, and parsing follows
    /// the rules of ``parseFragment(_:)-(String)``.
    ///
    /// ```swift
    /// let nodes = try HTMLNode.parseFragment(Data([0x3C, 0x70, 0x3E, 0xFF, 0x3C, 0x2F, 0x70, 0x3E]))   // <p>\xFF</p>
    /// // [.element(p: [.text("\u{FFFD}")])]
    /// ```
    ///
    /// - Throws: ``XMLError`` of kind ``XMLError/Kind/tooLarge`` when the text is 2 GiB or
    ///   more, or ``XMLError/Kind/malformed`` when libxml2 cannot start (out of memory).
    /// - Complexity: O(*n*) in the length of `data`.
    public static func parseFragment(_ data: Data) throws(XMLError) -> [HTMLNode] {
        try parseFragment(String(decoding: data, as: UTF8.self))
    }

    /// Parses a whole HTML document and returns its `html` element, with the `head` and `body`
    /// that libxml2 adds when the document leaves them out.
    ///
    /// ```swift
    /// let root = try HTMLNode.parseDocument("<title>T</title><p>Hi")
    /// // html: [head: [title: ["T"]], body: [p: ["Hi"]]]
    /// ```
    ///
    /// Parsing follows the rules of ``parseFragment(_:)-(String)``; an empty document gives an empty `html`
    /// element.
    ///
    /// - Throws: ``XMLError`` of kind ``XMLError/Kind/tooLarge`` when the text is 2 GiB or
    ///   more, or ``XMLError/Kind/malformed`` when libxml2 cannot start (out of memory).
    /// - Complexity: O(*n*) in the length of `html`.
    public static func parseDocument(_ html: String) throws(XMLError) -> HTMLElement {
        guard !html.isEmpty else { return HTMLElement(name: "html") }
        return try HTMLTreeReader.read(html, fragment: false)
    }
}
