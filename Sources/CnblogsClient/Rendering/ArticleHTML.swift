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
/// Both parse the body with BasicXML's ``BasicXML/HTMLNode/parseFragment(_:)``, which recovers
/// from any markup. HTML that libxml2 cannot take at all (2 GiB or more) has no images and
/// sanitizes to an empty string.
public enum ArticleHTML {
    /// The URLs of the body's images (`<img src>`), in document order and without repeats.
    ///
    /// Each `src` is repaired by ``URLRepair`` (protocol-relative, non-ASCII, a repeated host)
    /// and resolved against `base`; a relative URL stays relative when there is no `base`.
    /// `data:` URIs, empty sources and sources that cannot be a URL are left out.
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
            if element.name == "img", let source = element["src"], !isDataURI(source),
                let url = resolvedURL(source, base: base), seen.insert(url.absoluteString).inserted
            {
                result.append(url)
            }
            pending.append(contentsOf: element.children.reversed())
        }
        return result
    }

    /// The body as HTML that is safe to show in a page: no scripts, no plug-ins, no forms.
    ///
    /// - Elements dropped with everything inside them: `script`, `style`, `iframe`, `frame`,
    ///   `frameset`, `object`, `embed`, `applet`, `form`, `base`, `link` and `meta`.
    /// - Attributes dropped: every event handler (`on…`), `srcset` (it would fetch images the
    ///   transform never saw), and any URL attribute (`href`, `src`, `action`, …) whose scheme is
    ///   `javascript:` or `vbscript:` (spaces and control characters in the scheme do not hide
    ///   it), or `data:` anywhere but an image's `src`.
    /// - Image sources are repaired by ``URLRepair`` and resolved against `base`, then given to
    ///   `imageSource`, whose answer replaces them (a `data:` URI for offline reading); nil
    ///   keeps the repaired URL. A source that cannot be a URL, or is a `data:` URI, is kept.
    /// - Links (`href`) are resolved against `base` when there is one.
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

    /// The elements ``sanitized(_:base:imageSource:)`` drops with their contents.
    static let droppedElements: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "form", "base", "link", "meta",
    ]

    /// The attributes that hold a URL a browser may load or follow.
    static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "xlink:href", "poster", "background", "cite", "data", "lowsrc",
        "dynsrc", "longdesc", "usemap", "manifest", "codebase", "classid", "profile",
    ]

    /// `nodes` sanitized; recursion is bounded by ``BasicXML/HTMLNode/maximumDepth``, since the
    /// nodes come from the parser.
    static func sanitized(_ nodes: [HTMLNode], base: URL?, imageSource: (URL) -> String?) -> [HTMLNode] {
        nodes.compactMap { node in
            guard case .element(let element) = node else { return node }
            let name = element.name.lowercased()
            guard !droppedElements.contains(name) else { return nil }
            var attributes: [HTMLAttribute] = []
            for attribute in element.attributes {
                let attributeName = attribute.name.lowercased()
                if attributeName.hasPrefix("on") || attributeName == "srcset" { continue }
                guard urlAttributes.contains(attributeName) else {
                    attributes.append(attribute)
                    continue
                }
                let scheme = self.scheme(of: attribute.value)
                if scheme == "javascript" || scheme == "vbscript" { continue }
                if name == "img" && attributeName == "src" {
                    attributes.append(
                        HTMLAttribute(
                            name: attribute.name, value: imageSourceValue(attribute.value, base, imageSource)))
                } else if scheme == "data" {
                    continue
                } else if attributeName == "href", base != nil, let url = resolvedURL(attribute.value, base: base) {
                    attributes.append(HTMLAttribute(name: attribute.name, value: url.absoluteString))
                } else {
                    attributes.append(attribute)
                }
            }
            let children = sanitized(element.children, base: base, imageSource: imageSource)
            return .element(HTMLElement(name: element.name, attributes: attributes, children: children))
        }
    }

    /// What an image's `src` becomes: the transform's answer, else the repaired URL, else as written.
    static func imageSourceValue(_ value: String, _ base: URL?, _ imageSource: (URL) -> String?) -> String {
        guard !isDataURI(value), let url = resolvedURL(value, base: base) else { return value }
        return imageSource(url) ?? url.absoluteString
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

    /// `text` repaired by ``URLRepair`` and resolved against `base`; nil when it cannot be a URL.
    static func resolvedURL(_ text: String, base: URL?) -> URL? {
        guard let repaired = URLRepair.url(from: text) else { return nil }
        guard let base, repaired.scheme == nil else { return repaired }
        return URL(string: repaired.absoluteString, relativeTo: base)?.absoluteURL
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
