import Foundation
import BasicCore

extension FeedReader {
    /// The elements of an RSS channel that have a field in ``Feed``.
    static let rssChannelFields: Set<String> = [
        "title", "description", "link", "lastBuildDate", "pubDate", "managingEditor", "dc:creator", "image", "item",
    ]
    /// The elements of an RSS item that have a field in ``FeedEntry``.
    static let rssItemFields: Set<String> = [
        "guid", "title", "description", "content:encoded", "pubDate", "dc:date", "updated", "link", "author",
        "dc:creator", "category",
    ]

    /// A ``Feed`` from an RSS `<channel>`.
    func rssFeed(_ channel: JSONValue) -> Feed {
        let editors = children(channel, "managingEditor") + children(channel, "dc:creator")
        return Feed(
            format: .rss, title: text(channel, "title"), subtitle: text(channel, "description"),
            updated: (text(channel, "lastBuildDate") ?? text(channel, "pubDate")).flatMap(FeedDate.date(from:)),
            links: children(channel, "link").map(atomLink), authors: editors.compactMap(text).map(rssPerson),
            logo: child(channel, "image").flatMap { text($0, "url") }, entries: children(channel, "item").map(rssItem),
            extensions: extensions(channel, known: Self.rssChannelFields))
    }

    /// A ``FeedEntry`` from an RSS `<item>`.
    func rssItem(_ item: JSONValue) -> FeedEntry {
        let authors = (children(item, "author") + children(item, "dc:creator")).compactMap(text).map(rssPerson)
        return FeedEntry(
            id: text(item, "guid"), title: text(item, "title"), summary: text(item, "description"),
            content: text(item, "content:encoded"), published: text(item, "pubDate").flatMap(FeedDate.date(from:)),
            updated: (text(item, "dc:date") ?? text(item, "updated")).flatMap(FeedDate.date(from:)),
            links: children(item, "link").map(atomLink), authors: authors,
            categories: children(item, "category").compactMap(text),
            extensions: extensions(item, known: Self.rssItemFields))
    }

    /// A ``FeedPerson`` from RSS's `ann@example.com (Ann)` or a plain name.
    func rssPerson(_ text: String) -> FeedPerson {
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            let email = text[..<open].trimmingCharacters(in: .whitespaces)
            let name = text[text.index(after: open)..<text.index(before: text.endIndex)]
            return FeedPerson(name: String(name), email: email.contains("@") ? email : nil)
        }
        return text.contains("@") && !text.contains(" ") ? FeedPerson(name: "", email: text) : FeedPerson(name: text)
    }
}
