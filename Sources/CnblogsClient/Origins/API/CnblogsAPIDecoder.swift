import BasicCore
import BasicNetworking
import BasicXML
import Foundation
import BasicFormat

/// Turns the token API's v1 JSON into models: PascalCase objects in arrays, bodies as a JSON string
/// of HTML, dates with seven fractional digits (`2017-06-25T06:31:05.9725356+08:00`).
///
/// ```swift
/// let url = "https://api.cnblogs.com/api/blogposts/@sitehome?pageIndex=1&pageSize=20"
/// let listing = try CnblogsAPIDecoder.posts(from: data, url: url)
/// let html = try CnblogsAPIDecoder.body(from: data, url: "https://api.cnblogs.com/api/blogposts/18562097/body")
/// ```
///
/// Lists are read leniently: a missing or mistyped field is nil (a count shown as "—"), and only
/// a row without what every row needs (an id, a title, a date) is left out, counted in
/// ``CnblogsListing/droppedCount``. The field names are those public clients read:
/// cnblogs/cli src/api/news/get_list.rs, src/api/post/search_site.rs, src/api/fav/get_list.rs,
/// src/api/post/get_comment_list.rs, src/api/user/info.rs, and xiaoyaocz/flutter_cnblogs
/// lib/models/news/news_comment_item_model.dart.
public enum CnblogsAPIDecoder {
    /// Blog posts: `Id, Title, Url, Description, Author, BlogApp, Avatar, PostDate, ViewCount,
    /// CommentCount, DiggCount`.
    ///
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` for a body that is not a JSON array.
    /// - Complexity: O(*n*) in the size of the body.
    public static func posts(from data: Data, url: String) throws(CnblogsError) -> CnblogsListing<BlogPost> {
        try rows(from: data, url: url) { row -> BlogPost? in
            guard let id = row.int("Id"), let title = row.text("Title"), let published = row.date("PostDate") else {
                return nil
            }
            let link = row.url("Url")
            let blogapp = row.text("BlogApp") ?? link.flatMap(CnblogsFeedDecoder.blogapp(fromAuthorURI:))
            return BlogPost(
                id: id, title: HTMLText.decodingReferences(title),
                summary: Self.line(HTMLText.decodingReferences(row.text("Description") ?? "")), published: published,
                author: BlogAuthor(
                    name: row.text("Author").map { HTMLText.decodingReferences($0) } ?? "",
                    uri: blogapp.flatMap { URL(string: "https://www.cnblogs.com/\($0)/") }, avatar: row.url("Avatar")),
                link: link, blogapp: blogapp, diggCount: row.int("DiggCount"), viewCount: row.int("ViewCount"),
                commentCount: row.int("CommentCount"))
        }
    }

    /// News items: `Id, Title, Summary, TopicId, TopicIcon, ViewCount, CommentCount, DiggCount, DateAdded`.
    ///
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` for a body that is not a JSON array.
    /// - Complexity: O(*n*) in the size of the body.
    public static func news(from data: Data, url: String) throws(CnblogsError) -> CnblogsListing<NewsItem> {
        try rows(from: data, url: url) { row -> NewsItem? in
            guard let id = row.int("Id"), let title = row.text("Title"), let published = row.date("DateAdded") else {
                return nil
            }
            return NewsItem(
                id: id, title: HTMLText.decodingReferences(title),
                summary: Self.line(HTMLText.decodingReferences(row.text("Summary") ?? "")), published: published,
                link: URL(string: "https://news.cnblogs.com/n/\(id)/"), diggCount: row.int("DiggCount"),
                viewCount: row.int("ViewCount"), commentCount: row.int("CommentCount"), topicIcon: row.url("TopicIcon"))
        }
    }

    /// A body: the JSON string of HTML that `blogposts/{id}/body` and `newsitems/{id}/body` answer.
    ///
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` for anything but a JSON string.
    public static func body(from data: Data, url: String) throws(CnblogsError) -> String {
        guard case .string(let html) = try document(from: data, url: url) else {
            throw .malformed(url: url, reason: "expected the body as a JSON string of HTML")
        }
        return CnblogsBodyDecoder.normalisingLineEnds(html)
    }

    /// A post's comments: `Id, Body, Author, AuthorUrl, FaceUrl, Floor, DateAdded`.
    ///
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` for a body that is not a JSON array.
    public static func postComments(from data: Data, url: String) throws(CnblogsError) -> CnblogsListing<Comment> {
        try rows(from: data, url: url) { row -> Comment? in
            guard let id = row.int("Id"), let published = row.date("DateAdded") else { return nil }
            return Comment(
                id: id, authorName: row.text("Author") ?? "", authorURI: row.url("AuthorUrl"), published: published,
                html: row.text("Body") ?? "")
        }
    }

    /// A news item's comments: `CommentID, CommentContent, UserName, UserId, FaceUrl, Floor, DateAdded`.
    ///
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` for a body that is not a JSON array.
    public static func newsComments(from data: Data, url: String) throws(CnblogsError) -> CnblogsListing<Comment> {
        try rows(from: data, url: url) { row -> Comment? in
            guard let id = row.int("CommentID"), let published = row.date("DateAdded") else { return nil }
            return Comment(
                id: id, authorName: row.text("UserName") ?? "",
                authorURI: row.int("UserId").flatMap { URL(string: "https://home.cnblogs.com/u/\($0)/") },
                published: published, html: row.text("CommentContent") ?? "")
        }
    }

    /// Search hits: `Title, Content, UserName, VoteTimes, ViewTimes, CommentTimes, PublishTime, Uri`.
    ///
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` for a body that is not a JSON array.
    public static func searchResults(from data: Data, url: String) throws(CnblogsError) -> CnblogsListing<SearchResult>
    {
        try rows(from: data, url: url) { row -> SearchResult? in
            guard let title = row.text("Title") else { return nil }
            let link = row.url("Uri")
            return SearchResult(
                id: CnblogsFeedDecoder.postID(in: link?.absoluteString), title: Self.inlineText(title),
                summary: Self.inlineText(row.text("Content") ?? ""), author: row.text("UserName"),
                url: link, published: row.date("PublishTime"), diggCount: row.int("VoteTimes"),
                viewCount: row.int("ViewTimes"), commentCount: row.int("CommentTimes"))
        }
    }

    /// Bookmarks: `WzLinkId, Title, LinkUrl, Summary, Tags, DateAdded`.
    ///
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` for a body that is not a JSON array.
    public static func bookmarks(from data: Data, url: String) throws(CnblogsError) -> CnblogsListing<Bookmark> {
        try rows(from: data, url: url) { row -> Bookmark? in
            guard let title = row.text("Title") else { return nil }
            let tags = row.value("Tags")?.arrayValue?.compactMap(\.asString) ?? []
            return Bookmark(
                id: row.int("WzLinkId"), title: HTMLText.decodingReferences(title), url: row.url("LinkUrl"),
                summary: row.text("Summary"), tags: tags, added: row.date("DateAdded"))
        }
    }

    /// The signed-in user: `UserId, DisplayName, BlogApp, BlogId, Avatar, Face, Seniority,
    /// FollowerCount, FollowingCount`.
    ///
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` for a body that is not an object with a
    ///   `DisplayName`.
    public static func user(from data: Data, url: String) throws(CnblogsError) -> CnblogsUser {
        let document = try document(from: data, url: url)
        guard case .object = document, let name = Row(value: document).text("DisplayName") else {
            throw .malformed(url: url, reason: "expected the user as an object with a DisplayName")
        }
        let row = Row(value: document)
        return CnblogsUser(
            userID: row.text("UserId"), displayName: name, blogapp: row.text("BlogApp"), blogID: row.int("BlogId"),
            avatar: row.url("Avatar") ?? row.url("Face"), seniority: row.text("Seniority"),
            followerCount: row.int("FollowerCount"), followingCount: row.int("FollowingCount"))
    }

    /// HTML with inline markup (the search's `<strong>` highlighting) as one line of its text.
    static func inlineText(_ html: String) -> String {
        let nodes = (try? HTMLNode.parseFragment(html)) ?? [.text(html)]
        return line(nodes.map(\.textContent).joined())
    }

    /// `text` as one line: runs of white space as one space, trimmed.
    static func line(_ text: String) -> String {
        text.split { $0.isWhitespace || $0 == "\u{00A0}" }.joined(separator: " ")
    }

    /// The rows of a JSON array, each read by `read`; those it gives nil for are counted as dropped.
    static func rows<Item>(from data: Data, url: String, _ read: (Row) -> Item?) throws(CnblogsError)
        -> CnblogsListing<Item>
    {
        guard case .array(let values) = try document(from: data, url: url) else {
            throw .malformed(url: url, reason: "expected a JSON array of entries")
        }
        var items: [Item] = []
        var dropped = 0
        for value in values {
            if case .object = value, let item = read(Row(value: value)) {
                items.append(item)
            } else {
                dropped += 1
            }
        }
        return CnblogsListing(items: items, droppedCount: dropped, source: .api, url: url)
    }

    static func document(from data: Data, url: String) throws(CnblogsError) -> JSONValue {
        do {
            return try JSONValue(parsing: data)
        } catch {
            throw .malformed(url: url, reason: "not JSON (\(error))")
        }
    }

    /// One object of the API, read leniently.
    struct Row {
        var value: JSONValue

        func value(_ key: String) -> JSONValue? { value[key] }

        /// Non-empty text, trimmed.
        func text(_ key: String) -> String? {
            guard let text = value[key]?.asString?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty
            else { return nil }
            return text
        }

        func int(_ key: String) -> Int? { value[key]?.asInt }

        func url(_ key: String) -> URL? { text(key).flatMap(URLRepair.url(from:)) }

        func date(_ key: String) -> Date? { text(key).flatMap(CnblogsTime.apiDate) }
    }
}
