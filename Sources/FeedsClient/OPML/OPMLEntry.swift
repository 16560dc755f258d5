/// A feed as an OPML file lists it: an `<outline>` with an `xmlUrl`, its title, its site and the
/// folder (the outlines around it) it sits in.
public struct OPMLEntry: Sendable, Hashable, CustomStringConvertible {
    /// The feed's address as written (`xmlUrl`).
    public var url: String
    /// The title (`title`, else `text`); nil when both are missing or empty.
    public var title: String?
    /// The site's address as written (`htmlUrl`); nil when missing or empty.
    public var siteURL: String?
    /// The folder: the titles of the enclosing outlines joined with `/`; nil at the top level.
    public var folder: String?

    /// An entry from its parts.
    public init(url: String, title: String? = nil, siteURL: String? = nil, folder: String? = nil) {
        self.url = url
        self.title = title
        self.siteURL = siteURL
        self.folder = folder
    }

    /// The title and address, for messages.
    public var description: String {
        guard let title, !title.isEmpty else { return url }
        return "\"\(title)\" (\(url))"
    }
}

/// An entry of an OPML file that cannot be imported, and why.
public struct OPMLProblem: Sendable, Hashable, CustomStringConvertible {
    /// The entry.
    public var entry: OPMLEntry
    /// Why it cannot be imported.
    public var reason: String

    /// A problem from its parts.
    public init(entry: OPMLEntry, reason: String) {
        self.entry = entry
        self.reason = reason
    }

    /// The entry and the reason.
    public var description: String { "\(entry): \(reason)" }
}

/// What an import did: the subscriptions it added, and the entries it left out because the
/// library (or the file, earlier) already had their feed.
public struct OPMLImportReport: Sendable, Hashable {
    /// The subscriptions added, in the file's order.
    public var added: [Subscription]
    /// The entries whose feed was subscribed already or came earlier in the file.
    public var duplicates: [OPMLEntry]
}
