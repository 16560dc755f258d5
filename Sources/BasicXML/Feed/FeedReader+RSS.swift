import BasicCore
import Foundation

extension FeedReader {
    /// The elements of an RSS channel that have a field in ``Feed``.
    static let rssChannelFields: Set<String> = [
        "title", "description", "link", "lastBuildDate", "pubDate", "managingEditor", "image", "item",
    ]
    /// The elements of an RSS item that have a field in ``FeedEntry``.
    static let rssItemFields: Set<String> = [
        "guid", "title", "description", "pubDate", "updated", "link", "author", "category",
    ]

    /// A ``Feed`` from an RSS `<channel>` whose elements are in `namespace` (none for RSS 2.0,
    /// RSS 1.0's for RSS 1.0, whose items sit beside the channel rather than in it).
    func rssFeed(
        _ channel: FeedXMLElement, items: [FeedXMLElement], namespace: String?, root: FeedXMLElement
    ) -> Feed {
        let base = base(of: channel, parent: base(of: root, parent: documentURL))
        let editors =
            channel.elements("managingEditor", in: namespace)
            + channel.elements("creator", in: FeedNamespace.dublinCore)
        let updated =
            channel.element("lastBuildDate", in: namespace) ?? channel.element("pubDate", in: namespace)
            ?? channel.element("date", in: FeedNamespace.dublinCore)
        return Feed(
            format: .rss, title: text(channel.element("title", in: namespace)),
            subtitle: text(channel.element("description", in: namespace)), updated: date(updated),
            links: links(channel, namespace: namespace, base: base),
            authors: editors.compactMap(text).map(FeedPerson.init(rssAuthor:)),
            logo: channel.element("image", in: namespace).flatMap { text($0.element("url", in: namespace)) },
            entries: items.map { rssItem($0, namespace: namespace, base: base) },
            extensions: extensions(channel) { element in
                switch element.namespace {
                case namespace: Self.rssChannelFields.contains(element.localName)
                case FeedNamespace.dublinCore: element.localName == "creator" || element.localName == "date"
                case FeedNamespace.atom: element.localName == "link"
                default: false
                }
            }, baseURL: base)
    }

    /// A ``FeedEntry`` from an RSS `<item>`.
    func rssItem(_ item: FeedXMLElement, namespace: String?, base parentBase: URL?) -> FeedEntry {
        let base = base(of: item, parent: parentBase)
        let guid = item.element("guid", in: namespace)
        let id = text(guid) ?? item.attribute("about", in: FeedNamespace.rdf)
        var links = links(item, namespace: namespace, base: base)
        // A guid that is a permalink (RSS's default) is the item's page when it has no <link>.
        if let guid, let id, !links.contains(where: \.isAlternate),
            guid.attribute("isPermaLink")?.lowercased() != "false", let url = FeedLink.resolve(id, against: base),
            url.scheme == "http" || url.scheme == "https"
        {
            links.append(FeedLink(href: id, base: base))
        }
        let authors = item.elements("author", in: namespace) + item.elements("creator", in: FeedNamespace.dublinCore)
        let updated =
            item.element("date", in: FeedNamespace.dublinCore) ?? item.element("updated", in: FeedNamespace.atom)
            ?? item.element("updated", in: namespace)
        let published = item.element("pubDate", in: namespace)
        return FeedEntry(
            id: id, title: text(item.element("title", in: namespace)),
            summary: markup(item.element("description", in: namespace)),
            content: markup(item.element("encoded", in: FeedNamespace.content)),
            published: date(published) ?? (namespace == nil ? nil : date(updated)), updated: date(updated),
            links: links, authors: authors.compactMap(text).map(FeedPerson.init(rssAuthor:)),
            categories: item.elements("category", in: namespace).compactMap(text),
            extensions: extensions(item) { element in
                switch element.namespace {
                case namespace: Self.rssItemFields.contains(element.localName)
                case FeedNamespace.dublinCore: element.localName == "creator" || element.localName == "date"
                case FeedNamespace.content: element.localName == "encoded"
                case FeedNamespace.atom: element.localName == "updated" || element.localName == "link"
                default: false
                }
            }, titleType: .text, summaryType: .html, contentType: .html, baseURL: base)
    }

    /// RSS's `<link>` text and Atom's `<atom:link>` elements, in document order.
    func links(_ element: FeedXMLElement, namespace: String?, base: URL?) -> [FeedLink] {
        var links: [FeedLink] = []
        for case .element(let child) in element.children
        where child.localName == "link" && (child.namespace == namespace || child.namespace == FeedNamespace.atom) {
            links.append(atomLink(child, base: base))
        }
        return links
    }
}
