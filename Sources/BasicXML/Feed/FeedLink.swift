import Foundation

/// A link of a feed or an entry: Atom's `<link rel="…" href="…" type="…" title="…"/>`, or
/// RSS's `<link>` (which becomes a link without `rel`, read as `alternate`).
///
/// ```swift
/// let feed = try Feed(parsing: data, url: URL(string: "https://example.org/blog/feed.xml"))
/// feed.entries[0].link?.href   // "posts/1.html", as written
/// feed.entries[0].link?.url    // https://example.org/blog/posts/1.html
/// ```
public struct FeedLink: Sendable, Hashable {
    /// The address as written: not repaired or resolved, so that odd real-world URLs survive.
    public var href: String
    /// The relation: `alternate` (the page itself), `self`, `enclosure`, `related`…; nil when unset
    /// (Atom reads a missing `rel` as `alternate`).
    public var rel: String?
    /// The media type, such as `text/html`.
    public var type: String?
    /// A human-readable title.
    public var title: String?
    /// The address resolved against the `xml:base` in effect and the URL the document was read
    /// from; nil when it is not a URL or stays relative (no base to resolve it against).
    public var url: URL?

    /// Creates a link; ``url`` is `href` resolved against `base` (nil: `href` must be absolute).
    public init(href: String, rel: String? = nil, type: String? = nil, title: String? = nil, base: URL? = nil) {
        self.href = href
        self.rel = rel
        self.type = type
        self.title = title
        url = Self.resolve(href, against: base)
    }

    /// Whether this link is the page the feed or entry stands for (`rel` missing or `alternate`).
    public var isAlternate: Bool { rel == nil || rel == "alternate" }

    /// `reference` resolved against `base`: an absolute URL with a scheme and, for http(s), a
    /// host; nil otherwise.
    static func resolve(_ reference: String, against base: URL?) -> URL? {
        let trimmed = reference.trimmingASCIISpaces
        guard !trimmed.isEmpty, let resolved = URL(string: trimmed, relativeTo: base)?.absoluteURL,
            let scheme = resolved.scheme?.lowercased()
        else { return nil }
        if scheme == "http" || scheme == "https" {
            guard let host = resolved.host, !host.isEmpty else { return nil }
        }
        return resolved
    }
}
