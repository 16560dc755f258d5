import CnblogsClient
import Foundation
import Testing

@Suite struct CnblogsFeedDecoderTests {
    static let url = "http://wcf.open.cnblogs.com/test"

    @Test(
        "a body that is not a usable Atom list is a malformed error naming the problem",
        arguments: [
            ("<html><body>Request Error</body></html>", "not <feed> or <rss>"),
            ("<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>12", "line"),
            (
                "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>abc</id><title>t</title></entry></feed>",
                "entry 1 has no readable <id>"
            ),
            (
                "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>1</id><title>t</title></entry></feed>",
                "entry 1 has no readable <published>"
            ),
            ("<rss version=\"2.0\"><channel><title>x</title></channel></rss>", "expected an Atom feed"),
        ])
    func malformed(body: String, reason: String) throws {
        let error = try #require(throws: CnblogsError.self) {
            try CnblogsFeedDecoder.posts(from: Data(body.utf8), url: Self.url)
        }
        guard case .malformed(let url, let errorReason) = error else {
            Issue.record("expected malformed, got \(error)")
            return
        }
        #expect(url == Self.url)
        #expect(errorReason.contains(reason), "\(errorReason)")
    }

    @Test("a blogger's list with no author URI takes the blogapp it was asked for")
    func blogappFromRequest() throws {
        let body = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>7</id><title type="text">t</title>\
            <published>2016-08-01T08:00:00+08:00</published><author><name>n</name></author></entry></feed>
            """
        let posts = try CnblogsFeedDecoder.posts(from: Data(body.utf8), url: Self.url, blogapp: "someone")
        #expect(posts.map(\.blogapp) == ["someone"])
        #expect(posts.map(\.summary) == [""])
        #expect(posts.map(\.diggs) == [0])
    }

    @Test(
        "blogapp from an author URI",
        arguments: [
            ("http://www.cnblogs.com/laoma/", "laoma"), ("https://www.cnblogs.com/laoma", "laoma"),
            ("http://home.cnblogs.com/u/123/", nil), ("http://example.com/laoma/", nil),
            ("http://www.cnblogs.com/", nil),
        ] as [(String, String?)])
    func blogappFromURI(uri: String, expected: String?) throws {
        let url = try #require(URL(string: uri))
        #expect(CnblogsFeedDecoder.blogapp(fromAuthorURI: url) == expected)
    }
}
