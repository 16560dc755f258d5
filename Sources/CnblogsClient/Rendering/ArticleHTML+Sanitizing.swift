import BasicXML
import Foundation

/// The rules of ``ArticleHTML/sanitized(_:base:imageSource:)``, element by element and
/// attribute by attribute.
extension ArticleHTML {
    /// The elements ``sanitized(_:base:imageSource:)`` drops with their contents: what runs,
    /// loads, submits or frames something; what a browser reads as raw text (`textarea`,
    /// `title`, `xmp`, `noscript`, `noembed`, `noframes`, `plaintext`, `iframe`, besides
    /// `script` and `style`), where libxml2 reads markup, so that what the tree holds there is
    /// not what a browser would show; inert `template`s; `dialog`, which a browser lays over
    /// the page; and foreign content (`svg`, `math`).
    static let droppedElements: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "form", "base", "link", "meta",
        "noscript", "noembed", "noframes", "plaintext", "svg", "math", "textarea", "title", "xmp", "template",
        "dialog", "portal", "fencedframe",
    ]

    /// The attributes dropped besides event handlers (`on…`): those that load what the image
    /// transform never sees (`srcset`), fetch in the background (`ping`, `attributionsrc`), open
    /// pop-ups over the page (`popover` and the buttons that show one or a dialog), or override
    /// the page's referrer policy.
    static let droppedAttributes: Set<String> = [
        "srcset", "ping", "attributionsrc", "popover", "popovertarget", "popovertargetaction", "commandfor", "command",
        "interestfor", "referrerpolicy",
    ]

    /// The attributes that hold a URL a browser may load or follow.
    static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "xlink:href", "poster", "background", "cite", "data", "lowsrc",
        "dynsrc", "longdesc", "usemap", "manifest", "codebase", "classid", "profile",
    ]

    /// The CSS properties a `style` attribute may not set: they could lay the body over the
    /// page, or (in old browsers) run code.
    static let forbiddenStyleProperties: Set<String> = [
        "position", "z-index", "behavior", "-moz-binding", "binding", "transform", "translate", "scale", "rotate",
        "inset", "inset-block", "inset-inline", "inset-block-start", "inset-block-end", "inset-inline-start",
        "inset-inline-end", "offset", "offset-path", "offset-distance", "offset-position", "offset-anchor",
        "offset-rotate", "zoom", "position-anchor", "position-area", "position-try", "position-try-fallbacks",
        "anchor-name",
    ]

    /// The vendor prefixes a browser may accept in front of a property's name.
    static let vendorPrefixes = ["-webkit-", "-moz-", "-ms-", "-o-"]

    /// What a CSS value may not contain (in lowercase, without spaces): functions that load
    /// something or run code, imports, comments and escapes that could hide either.
    static let forbiddenStyleValueParts = [
        "url(", "image(", "image-set(", "cross-fade(", "element(", "src(", "expression(", "@import", "/*", "\\",
    ]

    /// `nodes` sanitized; recursion is bounded by ``BasicXML/HTMLNode/maximumDepth``, since the
    /// nodes come from the parser.
    static func sanitized(_ nodes: [HTMLNode], base: URL?, imageSource: (URL) -> String?) -> [HTMLNode] {
        nodes.compactMap { node in
            // Comments go: a browser reads a comment inside raw text as text, and may end one
            // earlier than libxml2 does (`<!-->`).
            if case .comment = node { return nil }
            guard case .element(let element) = node else { return node }
            let name = element.name.lowercased()
            guard !droppedElements.contains(name) else { return nil }
            let attributes = element.attributes.compactMap { attribute in
                sanitized(attribute, of: name, base: base, imageSource: imageSource)
            }
            let children = sanitized(element.children, base: base, imageSource: imageSource)
            return .element(HTMLElement(name: element.name, attributes: attributes, children: children))
        }
    }

    /// The attribute as the sanitized element keeps it, or nil when it is dropped.
    static func sanitized(
        _ attribute: HTMLAttribute, of element: String, base: URL?, imageSource: (URL) -> String?
    ) -> HTMLAttribute? {
        let name = attribute.name.lowercased()
        // Event handlers (`onerror`…) go; `open` (of `details` and `dialog`) is no handler.
        if (name.hasPrefix("on") && name != "open") || droppedAttributes.contains(name) { return nil }
        let value: String?
        switch name {
        case "style":
            value = sanitizedStyle(attribute.value)
        case "src" where element == "img":
            value = imageSourceValue(attribute.value, base, imageSource)
        case "src":
            value = linkValue(attribute.value, base: base, schemes: imageSchemes)
        case _ where urlAttributes.contains(name):
            value = linkValue(attribute.value, base: base, schemes: linkSchemes)
        default:
            value = attribute.value
        }
        return value.map { HTMLAttribute(name: attribute.name, value: $0) }
    }

    /// What a link (or other URL attribute) becomes: a fragment as written; a URL with one of
    /// `schemes`, or relative with no base, repaired and resolved; one that cannot be parsed as
    /// written (but ``serializable(_:)``) when its scheme is one of `schemes`; nil for anything else.
    static func linkValue(_ value: String, base: URL?, schemes: Set<String>) -> String? {
        // Browsers strip only ASCII white space and controls around a URL: U+3000 before `#`
        // makes a relative (file:) link, not a fragment.
        if value.drop(while: { $0.unicodeScalars.allSatisfy { $0.value <= 0x20 } }).hasPrefix("#") {
            return serializable(value)
        }
        if let url = allowedURL(value, base: base, schemes: schemes) { return url.absoluteString }
        if resolvedURL(value, base: base) == nil, let scheme = scheme(of: value), schemes.contains(scheme) {
            let kept = serializable(value)
            return kept == value ? value : linkValue(kept, base: base, schemes: schemes)
        }
        return nil
    }

    /// What an image's `src` becomes: a `data:image/…` URI as written; an `http` or `https` URL
    /// replaced by the transform's answer, else repaired; one that cannot be parsed as written
    /// when its scheme is `http` or `https`; nil for anything else.
    static func imageSourceValue(_ value: String, _ base: URL?, _ imageSource: (URL) -> String?) -> String? {
        if isDataURI(value) { return isDataImage(value) ? serializable(value) : nil }
        if let url = webImageURL(value, base: base) { return imageSource(url) ?? url.absoluteString }
        if resolvedURL(value, base: base) == nil, let scheme = scheme(of: value), imageSchemes.contains(scheme) {
            let kept = serializable(value)
            return kept == value ? value : imageSourceValue(kept, base, imageSource)
        }
        return nil
    }

    /// A URL attribute's value kept as written, without what the serializer would write otherwise:
    /// C0 controls other than tab and line breaks, U+FFFE and U+FFFF, which it writes as U+FFFD.
    /// The scheme and fragment rules skip those controls (a browser reads `java\u{1}script:` as
    /// `javascript:`), but not U+FFFD, so a value kept with them would read differently when
    /// sanitized again (fuzz finding html/ranking-page-not-idempotent). A value that parses as a
    /// URL needs none of this: its controls are percent-encoded.
    static func serializable(_ value: String) -> String {
        func rewritten(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value < 0x20 && !"\t\n\r".unicodeScalars.contains(scalar)) || scalar.value == 0xFFFE
                || scalar.value == 0xFFFF
        }
        guard value.unicodeScalars.contains(where: rewritten) else { return value }
        return String(String.UnicodeScalarView(value.unicodeScalars.filter { !rewritten($0) }))
    }

    /// Whether `value` is a `data:` URI of an image type, spaces and control characters aside.
    static func isDataImage(_ value: String) -> Bool {
        compacted(value).hasPrefix("data:image/")
    }

    /// The declarations of a `style` attribute that may stay, joined by `; `; nil when none may.
    static func sanitizedStyle(_ style: String) -> String? {
        var kept: [String] = []
        for part in style.split(separator: ";") {
            let declaration = part.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let property = declaration[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            let isName = property.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
            }
            let unprefixed = vendorPrefixes.first { property.hasPrefix($0) }.map {
                String(property.dropFirst($0.count))
            }
            guard !property.isEmpty, isName, !forbiddenStyleProperties.contains(property),
                !forbiddenStyleProperties.contains(unprefixed ?? property)
            else { continue }
            let value = compacted(String(declaration[declaration.index(after: colon)...]))
            guard !forbiddenStyleValueParts.contains(where: { value.contains($0) }) else { continue }
            kept.append(declaration)
        }
        return kept.isEmpty ? nil : kept.joined(separator: "; ")
    }

    /// `text` in lowercase without ASCII spaces and control characters, for matching what a
    /// browser would read through them.
    static func compacted(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.lowercased().unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }))
    }
}
