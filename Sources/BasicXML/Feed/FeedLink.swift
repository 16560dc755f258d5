/// A link of a feed or an entry: Atom's `<link rel="…" href="…" type="…" title="…"/>`, or
/// RSS's `<link>` (which becomes a link with `rel` `alternate`).
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

    /// Creates a link.
    public init(href: String, rel: String? = nil, type: String? = nil, title: String? = nil) {
        self.href = href
        self.rel = rel
        self.type = type
        self.title = title
    }

    /// Whether this link is the page the feed or entry stands for (`rel` missing or `alternate`).
    public var isAlternate: Bool { rel == nil || rel == "alternate" }
}
