import BasicXML
import Foundation

/// What the reader does with an article body's HTML before showing or saving it: lists the
/// images it shows, and makes it safe to put in a page.
///
/// ```swift
/// let images = ArticleHTML.imageURLs(in: article.html, base: article.link)
/// let page = ArticleHTML.sanitized(article.html, base: article.link) { url in
///     offlineImages[url].map { "data:image/png;base64,\($0.base64EncodedString())" }
/// }
/// ```
///
/// Both parse the body with BasicXML's ``BasicXML/HTMLNode/parseFragment(_:)-(String)``, which recovers
/// from any markup. HTML that libxml2 cannot take at all (2 GiB or more) has no images and
/// sanitizes to an empty string.
public enum ArticleHTML {
    /// The URLs of the body's images (`<img src>`), in document order and without repeats: only
    /// `http` and `https` URLs, the ones worth downloading.
    ///
    /// Each `src` is repaired by ``URLRepair`` (protocol-relative, non-ASCII, a repeated host)
    /// and resolved against `base`. Anything that is not then an `http` or `https` URL is left
    /// out: `data:`, `file:`, `ftp:` and `javascript:` URIs, empty sources, sources that cannot
    /// be a URL, and relative ones when there is no `base`.
    ///
    /// ```swift
    /// ArticleHTML.imageURLs(
    ///     in: #"<img src="//images.cnblogs.com/a.png"><img src="b.png"><img src="data:image/gif;base64,R0">"#,
    ///     base: URL(string: "https://www.cnblogs.com/blog/p/1.html"))
    /// // [http://images.cnblogs.com/a.png, https://www.cnblogs.com/blog/p/b.png]
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of `html`.
    public static func imageURLs(in html: String, base: URL? = nil) -> [URL] {
        guard let nodes = try? HTMLNode.parseFragment(html) else { return [] }
        var result: [URL] = []
        var seen: Set<String> = []
        var pending = Array(nodes.reversed())
        while let node = pending.popLast() {
            guard case .element(let element) = node else { continue }
            if element.name == "img", let url = element["src"].flatMap({ webImageURL($0, base: base) }),
                seen.insert(url.absoluteString).inserted
            {
                result.append(url)
            }
            pending.append(contentsOf: element.children.reversed())
        }
        return result
    }

    /// The body as HTML that is safe to show in a page: no scripts, plug-ins, forms or frames,
    /// nothing that loads from or links to anything but the web, and no styles that take an
    /// element out of the flow (fixed or absolute position, transforms). Margins and floats
    /// stay, so a body can still crowd its own page; it cannot run, load or submit anything.
    ///
    /// What libxml2 reads and what a browser reads must not differ: the result holds no
    /// comments (a browser ends `<!-->` at once, and reads a comment inside raw text as text)
    /// and no element that a browser reads as raw text, so every tag in it is a tag to both.
    /// Sanitizing is idempotent: `sanitized(sanitized(h)) == sanitized(h)`.
    ///
    /// - Comments are dropped; the text around them is kept.
    /// - Elements dropped with everything inside them: `script`, `style`, `iframe`, `frame`,
    ///   `frameset`, `object`, `embed`, `applet`, `portal`, `fencedframe`, `form`, `base`,
    ///   `link`, `meta`, the raw-text elements `textarea`, `title`, `xmp`, `noscript`, `noembed`,
    ///   `noframes` and `plaintext`, `template`, `dialog` (a browser lays it over the page), and
    ///   all of `svg` and `math` (SVG can animate attributes into links and reference outside
    ///   documents; neither is common in articles).
    /// - Attributes dropped: every event handler (`on…`), `srcset` (it would fetch images the
    ///   transform never saw), `ping` and `attributionsrc` (background requests), `popover`,
    ///   `popovertarget`, `popovertargetaction`, `commandfor`, `command` and `interestfor`
    ///   (pop-ups over the page), and `referrerpolicy` (the page's policy sends no referrer).
    /// - Links and other URL attributes (`href`, `action`, `formaction`, `poster`,
    ///   `background`, `cite`, `longdesc`, …) are repaired by ``URLRepair`` and resolved against
    ///   `base`, and kept only when they are then `http`, `https` or `mailto` URLs, or relative
    ///   ones with no `base` to resolve against. A fragment (`href="#top"`) is kept as written,
    ///   never resolved, so a table of contents still works in a saved page. Spaces and control
    ///   characters in a scheme (`java&#9;script:`) do not hide it.
    /// - An image's `src` is kept only as an `http` or `https` URL (repaired and resolved, then
    ///   given to `imageSource`, whose answer replaces it: a `data:` URI for offline reading; nil
    ///   keeps the repaired URL) or a `data:image/…` URI. SVG data images are kept: in `<img>`
    ///   a browser runs no script in an SVG and loads nothing from it, and ``ArticlePage``'s
    ///   policy forbids scripts anyway. The `src` of other elements (`video`, `audio`, `source`)
    ///   must be `http` or `https`.
    /// - `style` attributes keep their declarations (cnblogs centres images with
    ///   `style="text-align:center"`) but lose each one whose value holds `url(`, `image(`,
    ///   `image-set(`, `cross-fade(`, `element(`, `src(`, `expression(`, `@import`, a comment or
    ///   a `\` escape, or whose property (with or without a `-webkit-`, `-moz-`, `-ms-` or `-o-`
    ///   prefix) is `position`, `z-index`, `transform`, `translate`, `scale`, `rotate`, `zoom`,
    ///   `inset` and its longhands, `offset` and its longhands, the anchor-positioning ones,
    ///   `behavior` or `binding`; a `style` left with no declarations is dropped.
    ///
    /// ```swift
    /// ArticleHTML.sanitized(#"<p onclick="x()">Hi<script>x()</script><img src="//i.cnblogs.com/a.png"></p>"#)
    /// // <p>Hi<img src="http://i.cnblogs.com/a.png"></p>
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of `html`, plus the calls to `imageSource`.
    public static func sanitized(
        _ html: String, base: URL? = nil, imageSource: (URL) -> String? = { _ in nil }
    ) -> String {
        guard let nodes = try? HTMLNode.parseFragment(html) else { return "" }
        return HTMLNode.serialize(sanitized(nodes, base: base, imageSource: imageSource))
    }

    /// The schemes a link (`href` and the like) may have: the web's, and mail.
    static let linkSchemes: Set<String> = ["http", "https", "mailto"]

    /// The schemes an image may be loaded from (besides `data:image/…` in a page).
    static let imageSchemes: Set<String> = ["http", "https"]

    /// `value` repaired and resolved against `base` when the result has one of `schemes`, or is
    /// relative (there was no base) and `value` has no scheme either; nil otherwise.
    static func allowedURL(_ value: String, base: URL?, schemes: Set<String>) -> URL? {
        guard let url = resolvedURL(value, base: base) else { return nil }
        if let scheme = url.scheme { return schemes.contains(scheme.lowercased()) ? url : nil }
        return scheme(of: value) == nil ? url : nil
    }

    /// The `http` or `https` URL an image's `source` is, repaired and resolved against `base`;
    /// nil for anything else, a relative URL with no base included.
    static func webImageURL(_ source: String, base: URL?) -> URL? {
        guard let url = allowedURL(source, base: base, schemes: imageSchemes), url.scheme != nil else { return nil }
        return url
    }

    /// `text` resolved against `base`, then repaired by ``URLRepair`` (the path only, so repairing
    /// again changes nothing); nil when it cannot be a URL.
    static func resolvedURL(_ text: String, base: URL?) -> URL? {
        URLRepair.url(from: text, relativeTo: base)
    }

    /// Whether `text` is a `data:` URI.
    static func isDataURI(_ text: String) -> Bool { scheme(of: text) == "data" }

    /// The scheme of a URL attribute's value, in lowercase, as a browser reads it: ASCII
    /// whitespace and control characters anywhere before the colon are ignored; nil when the
    /// value has no scheme.
    static func scheme(of value: String) -> String? {
        var scheme = ""
        for scalar in value.unicodeScalars {
            if scalar.value <= 0x20 || scalar.value == 0x7F { continue }
            if scalar == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
            guard scalar.isASCII,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar)
            else { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }
}
