import BasicXML
import Foundation

/// Feed autodiscovery, as every desktop reader does it: an HTML page names its feeds with
/// `<link rel="alternate" type="application/atom+xml" href="…">` (or `application/rss+xml`).
enum FeedDiscovery {
    /// The feeds `html` links, in document order, resolved against its `<base href>` and `pageURL`.
    static func feedLinks(inHTML html: Data, pageURL: URL) -> [URL] {
        guard let root = try? HTMLNode.parseDocument(String(decoding: html, as: UTF8.self)) else { return [] }
        var base = pageURL
        var links: [URL] = []
        var pending: [HTMLNode] = root.children.reversed()
        while let node = pending.popLast() {
            guard case .element(let element) = node else { continue }
            switch element.name {
            case "base":
                if let href = element["href"], let resolved = URL(string: href, relativeTo: pageURL)?.absoluteURL {
                    base = resolved
                }
            case "link":
                let relations = (element["rel"] ?? "").lowercased().split(whereSeparator: \.isWhitespace)
                let type = (element["type"] ?? "").lowercased().split(separator: ";").first.map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                guard relations.contains("alternate"), type == "application/atom+xml" || type == "application/rss+xml",
                    let href = element["href"]?.trimmingCharacters(in: .whitespacesAndNewlines), !href.isEmpty,
                    let url = URL(string: href, relativeTo: base)?.absoluteURL,
                    let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
                else { continue }
                if !links.contains(url) { links.append(url) }
            default:
                break
            }
            pending.append(contentsOf: element.children.reversed())
        }
        return links
    }

    /// Whether `data` looks like an HTML page rather than XML: it starts (after white space and a
    /// byte-order mark) with a doctype or an `html` tag, or the server says it is HTML and it
    /// does not start with an XML declaration.
    static func looksLikeHTML(_ data: Data, contentType: String?) -> Bool {
        var head = String(decoding: data.prefix(512), as: UTF8.self)
        head = head.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(["\u{FEFF}"])).lowercased()
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") { return true }
        let isHTMLType = contentType?.lowercased().contains("html") ?? false
        return isHTMLType && !head.hasPrefix("<?xml") && !head.hasPrefix("<rss") && !head.hasPrefix("<feed")
    }
}
