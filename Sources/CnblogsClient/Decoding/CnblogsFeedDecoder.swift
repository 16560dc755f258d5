import BasicNetworking
import BasicXML
import Foundation
import BasicFormat

/// Turns the API's Atom lists into ``BlogPost``s and ``NewsItem``s, surviving its quirks.
///
/// ```swift
/// let posts = try CnblogsFeedDecoder.posts(from: data, url: "http://wcf.open.cnblogs.com/blog/sitehome/paged/1/10")
/// ```
public enum CnblogsFeedDecoder {
    /// The blog posts of a post list.
    ///
    /// - Parameters:
    ///   - data: the Atom document.
    ///   - url: where it came from, for messages.
    ///   - blogapp: the blog the list was asked for, used when an entry has no `<blogapp>` and
    ///     no author URI to derive it from (a blogger's own list).
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` for a body that is not an Atom feed or
    ///   an entry without an id, a title or a publication date.
    /// - Complexity: O(*n*) in the size of the document.
    public static func posts(from data: Data, url: String, blogapp: String? = nil) throws(CnblogsError) -> [BlogPost] {
        let feed = try feed(from: data, url: url)
        var posts: [BlogPost] = []
        for (index, entry) in feed.entries.enumerated() {
            let common = try commonFields(of: entry, index: index, url: url)
            let person = entry.author ?? feed.authors.first
            let authorURI = person?.uri.flatMap(URLRepair.url(from:))
            let author = BlogAuthor(
                name: person?.name ?? "", uri: authorURI,
                avatar: person?.extensions["avatar"]?.asString.flatMap(URLRepair.url(from:)))
            let ownBlogapp = entry.extensions["blogapp"]?.asString.flatMap { $0.isEmpty ? nil : $0 }
            posts.append(
                BlogPost(
                    id: common.id, title: common.title, summary: common.summary, published: common.published,
                    updated: entry.updated, author: author, link: entry.link.flatMap { URLRepair.url(from: $0.href) },
                    blogapp: ownBlogapp ?? authorURI.flatMap(Self.blogapp(fromAuthorURI:)) ?? blogapp,
                    diggs: number(entry, "diggs"), views: number(entry, "views"),
                    comments: number(entry, "comments")))
        }
        return posts
    }

    /// The news items of a news list.
    ///
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` as ``posts(from:url:blogapp:)`` does.
    /// - Complexity: O(*n*) in the size of the document.
    public static func news(from data: Data, url: String) throws(CnblogsError) -> [NewsItem] {
        let feed = try feed(from: data, url: url)
        var items: [NewsItem] = []
        for (index, entry) in feed.entries.enumerated() {
            let common = try commonFields(of: entry, index: index, url: url)
            items.append(
                NewsItem(
                    id: common.id, title: common.title, summary: common.summary, published: common.published,
                    updated: entry.updated, link: entry.link.flatMap { URLRepair.url(from: $0.href) },
                    diggs: number(entry, "diggs"), views: number(entry, "views"), comments: number(entry, "comments"),
                    topic: nonEmptyText(entry, "topic").map { HTMLText.decodingReferences($0) },
                    topicIcon: nonEmptyText(entry, "topicIcon").flatMap(URLRepair.url(from:)),
                    sourceName: nonEmptyText(entry, "sourceName").map { HTMLText.decodingReferences($0) }))
        }
        return items
    }

    /// The comments of a post's or a news item's comment list. Their `<title>` is always empty;
    /// their `<content>` decodes (once, as XML) to HTML, which is kept as it is.
    ///
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` for a body that is not an Atom feed or
    ///   an entry without an id or a publication date.
    /// - Complexity: O(*n*) in the size of the document.
    public static func comments(from data: Data, url: String) throws(CnblogsError) -> [Comment] {
        let feed = try feed(from: data, url: url)
        var comments: [Comment] = []
        for (index, entry) in feed.entries.enumerated() {
            guard let idText = entry.id, let id = Int(idText.trimmingCharacters(in: .whitespaces)) else {
                throw .malformed(url: url, reason: "entry \(index + 1) has no readable <id>")
            }
            guard let published = entry.published else {
                throw .malformed(url: url, reason: "entry \(index + 1) has no readable <published>")
            }
            comments.append(
                Comment(
                    id: id, authorName: entry.author?.name ?? "",
                    authorURI: entry.author?.uri.flatMap(URLRepair.url(from:)), published: published,
                    html: entry.content ?? ""))
        }
        return comments
    }

    /// The bloggers of the recommended bloggers or a blogger search: `<id>` is the blog's
    /// address, `<title>` the display name; `blogapp` is derived from the address when missing.
    ///
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` for a body that is not an Atom feed or
    ///   an entry without a blog address or a name.
    /// - Complexity: O(*n*) in the size of the document.
    public static func bloggers(from data: Data, url: String) throws(CnblogsError) -> [Blogger] {
        let feed = try feed(from: data, url: url)
        var bloggers: [Blogger] = []
        for (index, entry) in feed.entries.enumerated() {
            guard let blogURL = entry.id.flatMap(URLRepair.url(from:)) else {
                throw .malformed(url: url, reason: "entry \(index + 1) has no readable <id>")
            }
            guard let name = entry.title else {
                throw .malformed(url: url, reason: "entry \(index + 1) has no readable <title>")
            }
            bloggers.append(
                Blogger(
                    blogURL: blogURL, name: HTMLText.decodingReferences(name), updated: entry.updated,
                    blogapp: nonEmptyText(entry, "blogapp") ?? blogapp(fromAuthorURI: blogURL) ?? "",
                    avatar: nonEmptyText(entry, "avatar").flatMap(URLRepair.url(from:)),
                    postCount: number(entry, "postcount")))
        }
        return bloggers
    }

    /// The blog's short name from its address: `http://www.cnblogs.com/{blogapp}/` → `blogapp`;
    /// nil for other addresses, such as a commenter's `http://home.cnblogs.com/u/{number}/`.
    public static func blogapp(fromAuthorURI uri: URL) -> String? {
        guard let host = uri.host?.lowercased(), host == "www.cnblogs.com" || host == "cnblogs.com" else {
            return nil
        }
        return uri.path.split(separator: "/").first.map(String.init)
    }

    /// The fields every entry has.
    struct CommonFields {
        var id: Int
        var title: String
        var summary: String
        var published: Date
    }

    static func feed(from data: Data, url: String) throws(CnblogsError) -> Feed {
        let feed: Feed
        do {
            feed = try Feed(parsing: data)
        } catch {
            throw .malformed(url: url, reason: error.description)
        }
        guard feed.format == .atom else {
            throw .malformed(url: url, reason: "expected an Atom feed, found \(feed.format.rawValue)")
        }
        return feed
    }

    static func commonFields(of entry: FeedEntry, index: Int, url: String) throws(CnblogsError) -> CommonFields {
        func missing(_ field: String) -> CnblogsError {
            .malformed(url: url, reason: "entry \(index + 1) has no readable <\(field)>")
        }
        guard let idText = entry.id, let id = Int(idText.trimmingCharacters(in: .whitespaces)) else {
            throw missing("id")
        }
        guard let title = entry.title else { throw missing("title") }
        guard let published = entry.published else { throw missing("published") }
        return CommonFields(
            id: id, title: HTMLText.decodingReferences(title),
            summary: HTMLText.decodingReferences(entry.summary ?? ""),
            published: published)
    }

    /// A count from element text; 0 when missing or not a number.
    static func number(_ entry: FeedEntry, _ name: String) -> Int {
        entry.extensions[name]?.asInt ?? 0
    }

    /// An extension element's text, nil when missing or empty.
    static func nonEmptyText(_ entry: FeedEntry, _ name: String) -> String? {
        guard let text = entry.extensions[name]?.asString?.trimmingCharacters(in: .whitespacesAndNewlines),
            !text.isEmpty
        else { return nil }
        return text
    }
}
