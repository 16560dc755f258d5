import BasicXML
import Foundation
import BasicFormat

extension CnblogsClient {
    /// A blogger's latest posts from the blog's public feed, `{siteURL}/{blogapp}/rss`: the
    /// source that still serves without credentials (the open API is the legacy format).
    ///
    /// ```swift
    /// for post in try await CnblogsClient().rssPosts(of: "nanshan-walker") {
    ///     print(post.id, post.title, post.published)
    /// }
    /// ```
    ///
    /// The feed (RSS 2.0 or Atom, whichever the site serves) goes through ``BasicXML/Feed``
    /// into the same ``BlogPost`` model as the API's lists. A feed has no view, comment or
    /// recommendation counts (they are 0), and its summary is the plain text of the item's
    /// description.
    ///
    /// - Parameter size: at most this many posts, the newest (1 to 100); nil for the whole feed.
    /// - Throws: ``CnblogsError``: ``CnblogsError/invalidArgument(name:value:reason:)`` for a size
    ///   outside 1 to 100 (before anything is sent), ``CnblogsError/notFound(what:url:)`` for an
    ///   unknown blog (HTTP 404), ``CnblogsError/malformed(url:reason:)`` for a body that is not a
    ///   feed or an item whose link holds no post id.
    public func rssPosts(of blogapp: String, size: Int? = nil) async throws(CnblogsError) -> [BlogPost] {
        if let size { try Self.check(page: 1, size: size) }
        let trimmed = blogapp.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty,
            let escaped = trimmed.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
        else {
            throw .invalidArgument(name: "blogapp", value: "'\(blogapp)'", reason: "give a blog's short name")
        }
        let response = try await get(
            "\(escaped)/rss", base: siteURL, notFound: "the blog '\(trimmed)'", notFoundStatus: 404)
        let posts = try CnblogsFeedDecoder.rssPosts(
            from: response.body, url: response.url.absoluteString, blogapp: trimmed)
        return size.map { Array(posts.prefix($0)) } ?? posts
    }
}

extension CnblogsFeedDecoder {
    /// The posts of a blog's public feed (RSS 2.0 or Atom).
    ///
    /// - Parameters:
    ///   - blogapp: the blog the feed belongs to.
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` for a body that is not a feed, or an
    ///   item without a title, a date, or a post id in its link or guid.
    public static func rssPosts(from data: Data, url: String, blogapp: String) throws(CnblogsError) -> [BlogPost] {
        let feed: Feed
        do {
            feed = try Feed(parsing: data)
        } catch {
            throw .malformed(url: url, reason: "not an RSS or Atom feed: \(error)")
        }
        let blogURL = URL(string: url)?.deletingLastPathComponent()
        var posts: [BlogPost] = []
        for (index, entry) in feed.entries.enumerated() {
            let link = entry.link.flatMap { URLRepair.url(from: $0.href) }
            guard let id = postID(in: link?.absoluteString) ?? postID(in: entry.id) else {
                throw .malformed(url: url, reason: "item \(index + 1) has no post id in its link or guid")
            }
            guard let title = entry.title.map({ HTMLText.decodingReferences($0) }), !title.isEmpty else {
                throw .malformed(url: url, reason: "item \(index + 1) (post \(id)) has no title")
            }
            guard let published = entry.date else {
                throw .malformed(url: url, reason: "item \(index + 1) (post \(id)) has no date")
            }
            let name = entry.author?.name ?? feed.authors.first?.name ?? Self.ownerName(fromFeedTitle: feed.title)
            posts.append(
                BlogPost(
                    id: id, title: title,
                    summary: HTMLText.plainText(fromHTML: entry.summary ?? entry.content ?? ""),
                    published: published, updated: entry.updated,
                    author: BlogAuthor(name: name ?? blogapp, uri: blogURL), link: link, blogapp: blogapp))
        }
        return posts
    }

    /// The number before `.html` or at the end of a post address: `…/p/5770214.html`,
    /// `…/p/18562097`, `…/archive/2016/08/14/5770214.html`.
    static func postID(in address: String?) -> Int? {
        guard var path = address.flatMap({ URL(string: $0)?.path }) else { return nil }
        if path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix(".html") { path.removeLast(5) }
        let digits = path.reversed().prefix(while: \.isNumber)
        guard !digits.isEmpty, path.dropLast(digits.count).hasSuffix("/") else { return nil }
        return Int(String(digits.reversed()))
    }

    /// `南山行者` from the site's `博客园 - 南山行者`.
    static func ownerName(fromFeedTitle title: String?) -> String? {
        guard let title else { return nil }
        let name = title.components(separatedBy: " - ").dropFirst().joined(separator: " - ")
        return name.isEmpty ? nil : name
    }
}
