import CnblogsClient
import Foundation
import Testing

/// The models' JSON, byte for byte: offline library stores, recordings and `--json` output hold
/// it, so every key stays, in its order, and a missing optional is written as `null`.
@Suite struct ModelEncodingTests {
    static let date = Date(timeIntervalSince1970: 1_471_102_860)
    static let link = URL(string: "https://www.cnblogs.com/a/p/1.html")

    /// As the store writes values (`JSONEncoder`, unescaped slashes, dates as numbers), with the
    /// keys sorted: unsorted, Linux's `JSONEncoder` writes them in an order that changes from one
    /// run to the next.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static let cases: [(String, any Encodable & Sendable, String)] = [
        ("author, nils", BlogAuthor(name: "n"), #"{"avatar":null,"name":"n","uri":null}"#),
        (
            "author", BlogAuthor(name: "n", uri: link, avatar: link),
            #"{"avatar":"https://www.cnblogs.com/a/p/1.html","name":"n","uri":"https://www.cnblogs.com/a/p/1.html"}"#
        ),
        (
            "post, nils",
            BlogPost(
                id: 1, title: "t", summary: "s", published: date, author: BlogAuthor(name: "n"), diggCount: nil,
                viewCount: nil, commentCount: nil),
            #"{"author":{"avatar":null,"name":"n","uri":null},"blogapp":null,"comments":null,"diggs":null,"id":1,"link":null,"published":492795660,"summary":"s","title":"t","updated":null,"views":null}"#
        ),
        (
            "post",
            BlogPost(
                id: 1, title: "t", summary: "s", published: date, updated: date, author: BlogAuthor(name: "n"),
                link: link, blogapp: "a", diggs: 2, views: 3, comments: 4),
            #"{"author":{"avatar":null,"name":"n","uri":null},"blogapp":"a","comments":4,"diggs":2,"id":1,"link":"https://www.cnblogs.com/a/p/1.html","published":492795660,"summary":"s","title":"t","updated":492795660,"views":3}"#
        ),
        (
            "news, nils",
            NewsItem(
                id: 1, title: "t", summary: "s", published: date, diggCount: nil, viewCount: nil, commentCount: nil),
            #"{"comments":null,"diggs":null,"id":1,"link":null,"published":492795660,"sourceName":null,"summary":"s","title":"t","topic":null,"topicIcon":null,"updated":null,"views":null}"#
        ),
        (
            "news",
            NewsItem(
                id: 1, title: "t", summary: "s", published: date, updated: date, link: link, diggs: 2, views: 3,
                comments: 4, topic: "x", topicIcon: link, sourceName: "y"),
            #"{"comments":4,"diggs":2,"id":1,"link":"https://www.cnblogs.com/a/p/1.html","published":492795660,"sourceName":"y","summary":"s","title":"t","topic":"x","topicIcon":"https://www.cnblogs.com/a/p/1.html","updated":492795660,"views":3}"#
        ),
        (
            "body, nils", NewsBody(id: 1, title: "t", submitted: date, html: "<p>"),
            #"{"commentCount":0,"html":"<p>","id":1,"imageURLs":[],"nextID":null,"previousID":null,"sourceName":null,"submitted":492795660,"title":"t"}"#
        ),
        (
            "body",
            NewsBody(
                id: 1, title: "t", sourceName: "y", submitted: date, html: "<p>", imageURLs: [link].compactMap { $0 },
                previousID: 5, nextID: 6, commentCount: 7),
            #"{"commentCount":7,"html":"<p>","id":1,"imageURLs":["https://www.cnblogs.com/a/p/1.html"],"nextID":6,"previousID":5,"sourceName":"y","submitted":492795660,"title":"t"}"#
        ),
        (
            "comment, nils", Comment(id: 1, authorName: "n", published: date, html: "h"),
            #"{"authorName":"n","authorURI":null,"html":"h","id":1,"published":492795660}"#
        ),
        (
            "comment", Comment(id: 1, authorName: "n", authorURI: link, published: date, html: "h"),
            #"{"authorName":"n","authorURI":"https://www.cnblogs.com/a/p/1.html","html":"h","id":1,"published":492795660}"#
        ),
        (
            "blogger, nils", Blogger(blogURL: URL(fileURLWithPath: "/b"), name: "n", blogapp: "a"),
            #"{"avatar":null,"blogURL":"file:///b","blogapp":"a","name":"n","postCount":0,"updated":null}"#
        ),
        (
            "blogger",
            Blogger(
                blogURL: URL(fileURLWithPath: "/b"), name: "n", updated: date, blogapp: "a", avatar: link, postCount: 3),
            #"{"avatar":"https://www.cnblogs.com/a/p/1.html","blogURL":"file:///b","blogapp":"a","name":"n","postCount":3,"updated":492795660}"#
        ),
    ]

    @Test("each model encodes as it always has: every key, in order, nil as null")
    func bytes() throws {
        for (name, value, expected) in Self.cases {
            let json = try Self.json(value)
            #expect(json == expected, "\(name)")
        }
    }
}
