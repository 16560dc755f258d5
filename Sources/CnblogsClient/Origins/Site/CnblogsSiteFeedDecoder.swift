import BasicXML
import Foundation
import BasicFormat

/// Turns today's feeds into ``BlogPost``s and ``NewsItem``s: feed.cnblogs.com's site home, picked
/// and news feeds, and a blog's own feed (`www.cnblogs.com/{blogapp}/rss`), all Atom.
///
/// ```swift
/// let listing = try CnblogsSiteFeedDecoder.posts(from: data, url: "https://feed.cnblogs.com/blog/sitehome/rss")
/// ```
///
/// What these feeds are like (the URLs and shapes are those the table confirms from
/// public clients and captures; no page selector is involved):
/// - Entry titles are written `{title} - {author}`: ``title(_:author:)`` strips the suffix only when
///   it is exactly the entry's author name, since a title may itself contain ` - `.
/// - Links are `https://www.cnblogs.com/{blogapp}/p/{id}`, older ones `…/archive/2012/12/13/{id}.html`.
/// - The summary is `【摘要】… <a …>阅读全文</a>`, its entities escaped twice: ``summary(fromHTML:)``.
/// - There are no counts and no avatars: counts are nil (show "—", never 0).
///
/// Entries are read leniently: one without a post id, a title or a date is left out and counted
/// in ``CnblogsListing/droppedCount``.
public enum CnblogsSiteFeedDecoder {
    /// The blog posts of a feed.
    ///
    /// - Throws: ``CnblogsError/notAFeed(url:found:)`` for a body that is not a feed (an HTML error
    ///   page), ``CnblogsError/blocked(url:reason:request:)`` for a captcha page,
    ///   ``CnblogsError/loginRedirect(url:location:request:)`` for a sign-in page.
    /// - Complexity: O(*n*) in the size of the document.
    public static func posts(from data: Data, url: String) throws(CnblogsError) -> CnblogsListing<BlogPost> {
        let feed = try feed(from: data, url: url)
        var posts: [BlogPost] = []
        var dropped = 0
        for entry in feed.entries {
            guard let fields = fields(of: entry) else {
                dropped += 1
                continue
            }
            let authorURI = entry.author?.uri.flatMap(URLRepair.url(from:))
            let blogapp =
                fields.link.flatMap(CnblogsFeedDecoder.blogapp(fromAuthorURI:))
                ?? authorURI.flatMap(CnblogsFeedDecoder.blogapp(fromAuthorURI:))
            posts.append(
                BlogPost(
                    id: fields.id, title: fields.title,
                    summary: summary(fromHTML: entry.summary ?? entry.content ?? ""),
                    published: fields.published, updated: entry.updated,
                    author: BlogAuthor(name: fields.author, uri: authorURI), link: fields.link, blogapp: blogapp,
                    diggCount: nil, viewCount: nil, commentCount: nil))
        }
        return CnblogsListing(items: posts, droppedCount: dropped, source: .site, url: url)
    }

    /// The news items of the news feed (`https://feed.cnblogs.com/news/rss`).
    ///
    /// - Throws: as ``posts(from:url:)``.
    /// - Complexity: O(*n*) in the size of the document.
    public static func news(from data: Data, url: String) throws(CnblogsError) -> CnblogsListing<NewsItem> {
        let feed = try feed(from: data, url: url)
        var items: [NewsItem] = []
        var dropped = 0
        for entry in feed.entries {
            guard let fields = fields(of: entry) else {
                dropped += 1
                continue
            }
            items.append(
                NewsItem(
                    id: fields.id, title: fields.title,
                    summary: summary(fromHTML: entry.summary ?? entry.content ?? ""),
                    published: fields.published, updated: entry.updated, link: fields.link, diggCount: nil,
                    viewCount: nil, commentCount: nil))
        }
        return CnblogsListing(items: items, droppedCount: dropped, source: .site, url: url)
    }

    /// `title` without the ` - {author}` that the feeds append: the last ` - ` and what follows are
    /// removed only when what follows is exactly `author`. Otherwise (an empty author, another
    /// name, a title of its own with ` - ` in it) the title is kept as it is.
    ///
    /// ```swift
    /// CnblogsSiteFeedDecoder.title("Swift - 入门 - 南山行者", author: "南山行者")   // "Swift - 入门"
    /// CnblogsSiteFeedDecoder.title("Swift - 入门", author: "南山行者")             // "Swift - 入门"
    /// ```
    public static func title(_ title: String, author: String) -> String {
        let name = author.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, let separator = title.range(of: " - ", options: .backwards),
            title[separator.upperBound...].trimmingCharacters(in: .whitespaces) == name
        else { return title.trimmingCharacters(in: .whitespaces) }
        return title[..<separator.lowerBound].trimmingCharacters(in: .whitespaces)
    }

    /// A feed summary as one line of plain text: `【摘要】` and the trailing `阅读全文` link removed,
    /// tags dropped, entities decoded (the second decoding the double escaping needs), white space
    /// collapsed.
    ///
    /// ```swift
    /// CnblogsSiteFeedDecoder.summary(fromHTML: "【摘要】用 &quot;Mutex&quot; 改写 <a href=\"…\">阅读全文</a>")
    /// // 用 "Mutex" 改写
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of `html`.
    public static func summary(fromHTML html: String) -> String {
        let nodes = (try? HTMLNode.parseFragment(html)) ?? [.text(html)]
        let container = HTMLElement(name: "div", children: nodes)
        var text = ""
        var pending = Array(container.children.reversed())
        while let node = pending.popLast() {
            switch node {
            case .text(let run): text += run
            case .comment: break
            case .element(let element):
                if element.name == "a" && element.collapsedText == "阅读全文" { continue }
                if element.name == "br" || element.name == "p" { text += " " }
                pending.append(contentsOf: element.children.reversed())
            }
        }
        var line = text.split { $0.isWhitespace || $0 == "\u{00A0}" }.joined(separator: " ")
        if line.hasPrefix("【摘要】") { line = String(line.dropFirst("【摘要】".count)) }
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// What every entry needs: an id (from its link, else its `<id>`), a title without the author
    /// suffix, a date; nil when one is missing.
    private static func fields(of entry: FeedEntry) -> (
        id: Int, title: String, published: Date, link: URL?, author: String
    )? {
        let link = entry.link.flatMap { URLRepair.url(from: $0.href) } ?? entry.id.flatMap(URLRepair.url(from:))
        let author = entry.author.map { HTMLText.decodingReferences($0.name) } ?? ""
        guard let id = CnblogsFeedDecoder.postID(in: link?.absoluteString) ?? CnblogsFeedDecoder.postID(in: entry.id),
            let rawTitle = entry.title, let published = entry.published ?? entry.updated
        else { return nil }
        let title = Self.title(HTMLText.decodingReferences(rawTitle), author: author)
        guard !title.isEmpty else { return nil }
        return (id, title, published, link, author)
    }

    /// The feed in `data`, or the error for what came instead.
    static func feed(from data: Data, url: String) throws(CnblogsError) -> Feed {
        do {
            return try Feed(parsing: data)
        } catch {
            let start = String(decoding: data.prefix(512), as: UTF8.self)
                .drop { $0.isWhitespace || $0 == "\u{FEFF}" }.prefix(14).lowercased()
            guard
                start.hasPrefix("<!doctype html") || start.hasPrefix("<html") || start.hasPrefix("<head")
                    || start.hasPrefix("<body")
            else {
                throw .notAFeed(url: url, found: data.isEmpty ? "an empty body" : "a body that is not XML (\(error))")
            }
            throw CnblogsSiteCheck.unexpectedPage(
                CnblogsSiteCheck.document(data), url: url, otherwise: .notAFeed(url: url, found: "an HTML page"))
        }
    }
}
