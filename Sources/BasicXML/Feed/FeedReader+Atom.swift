import BasicCore
import Foundation

extension FeedReader {
    /// The elements of an Atom feed that have a field in ``Feed`` (Atom 0.3's names included).
    static let atomFeedFields: Set<String> = [
        "title", "subtitle", "tagline", "id", "updated", "modified", "link", "author", "logo", "entry",
    ]
    /// The elements of an Atom entry that have a field in ``FeedEntry`` (Atom 0.3's names included).
    static let atomEntryFields: Set<String> = [
        "id", "title", "summary", "content", "published", "issued", "updated", "modified", "link", "author",
        "category",
    ]

    /// A ``Feed`` from an Atom `<feed>` whose fields are in `namespace`.
    func atomFeed(_ feed: FeedXMLElement, namespace: String?) -> Feed {
        let base = base(of: feed, parent: documentURL)
        let title = atomText(feed.element("title", in: namespace))
        let subtitle = atomText(feed.element("subtitle", in: namespace) ?? feed.element("tagline", in: namespace))
        return Feed(
            format: .atom, title: title.value, subtitle: subtitle.value, id: text(feed.element("id", in: namespace)),
            updated: date(feed.element("updated", in: namespace) ?? feed.element("modified", in: namespace)),
            links: feed.elements("link", in: namespace).map { atomLink($0, base: base) },
            authors: feed.elements("author", in: namespace).map { atomPerson($0, namespace: namespace) },
            logo: text(feed.element("logo", in: namespace)),
            entries: feed.elements("entry", in: namespace).map { atomEntry($0, namespace: namespace, base: base) },
            extensions: extensions(feed) { $0.namespace == namespace && Self.atomFeedFields.contains($0.localName) },
            titleType: title.type, subtitleType: subtitle.type, baseURL: base)
    }

    /// A ``FeedEntry`` from an Atom `<entry>`.
    func atomEntry(_ entry: FeedXMLElement, namespace: String?, base parentBase: URL?) -> FeedEntry {
        let base = base(of: entry, parent: parentBase)
        let title = atomText(entry.element("title", in: namespace))
        let summary = atomText(entry.element("summary", in: namespace))
        let content = atomText(entry.element("content", in: namespace))
        return FeedEntry(
            id: text(entry.element("id", in: namespace)), title: title.value, summary: summary.value,
            content: content.value,
            published: date(entry.element("published", in: namespace) ?? entry.element("issued", in: namespace)),
            updated: date(entry.element("updated", in: namespace) ?? entry.element("modified", in: namespace)),
            links: entry.elements("link", in: namespace).map { atomLink($0, base: base) },
            authors: entry.elements("author", in: namespace).map { atomPerson($0, namespace: namespace) },
            categories: entry.elements("category", in: namespace).compactMap { $0.attribute("term") ?? text($0) },
            extensions: extensions(entry) { $0.namespace == namespace && Self.atomEntryFields.contains($0.localName) },
            titleType: title.type, summaryType: summary.type, contentType: content.type, baseURL: base)
    }

    /// A ``FeedLink`` from `<link href="…" rel="…"/>`; RSS-style text (`<link>…</link>`) is read too.
    func atomLink(_ link: FeedXMLElement, base parentBase: URL?) -> FeedLink {
        FeedLink(
            href: link.attribute("href") ?? text(link) ?? "", rel: link.attribute("rel"), type: link.attribute("type"),
            title: link.attribute("title"), base: base(of: link, parent: parentBase))
    }

    /// A ``FeedPerson`` from `<author>`: `name`, `uri` and `email`, or the text of an author
    /// written as a bare name.
    func atomPerson(_ person: FeedXMLElement, namespace: String?) -> FeedPerson {
        guard person.hasElementChildren else { return FeedPerson(name: text(person) ?? "") }
        return FeedPerson(
            name: text(person.element("name", in: namespace)) ?? "", uri: text(person.element("uri", in: namespace)),
            email: text(person.element("email", in: namespace)),
            extensions: extensions(person) {
                $0.namespace == namespace && ["name", "uri", "email"].contains($0.localName)
            })
    }
}
