import BasicCore

extension FeedReader {
    /// The elements of an Atom feed that have a field in ``Feed``.
    static let atomFeedFields: Set<String> = ["title", "subtitle", "id", "updated", "link", "author", "logo", "entry"]
    /// The elements of an Atom entry that have a field in ``FeedEntry``.
    static let atomEntryFields: Set<String> = [
        "id", "title", "summary", "content", "published", "updated", "link", "author", "category",
    ]

    /// A ``Feed`` from an Atom `<feed>`.
    func atomFeed(_ feed: JSONValue) -> Feed {
        Feed(
            format: .atom, title: text(feed, "title"), subtitle: text(feed, "subtitle"), id: text(feed, "id"),
            updated: text(feed, "updated").flatMap(FeedDate.date(from:)), links: children(feed, "link").map(atomLink),
            authors: children(feed, "author").map(atomPerson), logo: text(feed, "logo"),
            entries: children(feed, "entry").map(atomEntry),
            extensions: extensions(feed, known: Self.atomFeedFields))
    }

    /// A ``FeedEntry`` from an Atom `<entry>`.
    func atomEntry(_ entry: JSONValue) -> FeedEntry {
        FeedEntry(
            id: text(entry, "id"), title: text(entry, "title"), summary: text(entry, "summary"),
            content: text(entry, "content"), published: text(entry, "published").flatMap(FeedDate.date(from:)),
            updated: text(entry, "updated").flatMap(FeedDate.date(from:)), links: children(entry, "link").map(atomLink),
            authors: children(entry, "author").map(atomPerson),
            categories: children(entry, "category").compactMap { attribute($0, "term") ?? text($0) },
            extensions: extensions(entry, known: Self.atomEntryFields))
    }

    /// A ``FeedLink`` from `<link href="…" rel="…"/>`; RSS-style text (`<link>…</link>`) is read too.
    func atomLink(_ link: JSONValue) -> FeedLink {
        FeedLink(
            href: attribute(link, "href") ?? text(link) ?? "", rel: attribute(link, "rel"),
            type: attribute(link, "type"),
            title: attribute(link, "title"))
    }

    /// A ``FeedPerson`` from `<author>`.
    func atomPerson(_ person: JSONValue) -> FeedPerson {
        if case .string(let name) = person { return FeedPerson(name: name) }
        return FeedPerson(
            name: text(person, "name") ?? "", uri: text(person, "uri"), email: text(person, "email"),
            extensions: extensions(person, known: ["name", "uri", "email"]))
    }
}
