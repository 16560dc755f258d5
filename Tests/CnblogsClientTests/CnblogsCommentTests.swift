import CnblogsClient
import Foundation
import Testing

/// Post and news comments from the recording.
@Suite struct CnblogsCommentTests {
    @Test("a post comment decodes field by field, its content HTML decoded once")
    func postComment() async throws {
        let comments = try await CnblogsSamples.client().comments(postID: 5_770_214, page: 1, size: 10)
        #expect(comments.map(\.id) == [3_497_012, 3_497_055])
        let expected = Comment(
            id: 3_497_055, authorName: "南山行者", authorURI: URL(string: "http://home.cnblogs.com/u/412873/"),
            published: CnblogsSamples.date("2016-08-14T06:40:51Z"),
            html: ##"<a href="#3497012">@落叶知秋</a><br/>有的：重试放在缓存外面，命中缓存就不必重试了 &amp; 也省流量。"##)
        #expect(comments[1] == expected)
    }

    @Test("a news comment decodes field by field")
    func newsComment() async throws {
        let comments = try await CnblogsSamples.client().newsComments(newsID: 551_203, page: 1, size: 10)
        #expect(comments.count == 3)
        let comment = try #require(comments.dropFirst().first)
        #expect(comment.id == 371_260)
        #expect(comment.authorName == "Kevin Zhou")
        #expect(comment.authorURI == URL(string: "http://home.cnblogs.com/u/203117/"))
        #expect(comment.published == CnblogsSamples.date("2016-08-14T06:11:02Z"))
        #expect(
            comment.html
                == #"发布会视频：<a href="http://www.mi.com/notebook/" target="_blank">http://www.mi.com/notebook/</a>"#)
    }

    @Test("the always-empty comment title is not required, and content with no markup stays plain")
    func emptyTitle() throws {
        let xml = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>7</id><title type="text" />\
            <published>2016-08-14T14:05:33+08:00</published><author><name>a</name></author>\
            <content type="text">plain</content></entry></feed>
            """
        let comments = try CnblogsFeedDecoder.comments(from: Data(xml.utf8), url: "u")
        #expect(
            comments == [
                Comment(id: 7, authorName: "a", published: CnblogsSamples.date("2016-08-14T06:05:33Z"), html: "plain")
            ])
    }

    @Test("comments of an unknown news item answer 500, a not-found naming it")
    func unknownNews() async throws {
        let error = try await #require(throws: CnblogsError.self) {
            try await CnblogsSamples.client().newsComments(newsID: 999_999)
        }
        guard case .notFound(let what, _) = error else {
            Issue.record("expected notFound, got \(error)")
            return
        }
        #expect(what == "the news item 999999")
    }
}
