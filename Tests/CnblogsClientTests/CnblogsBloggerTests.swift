import CnblogsClient
import Foundation
import Testing

/// Recommended bloggers and the blogger search from the recording.
@Suite struct CnblogsBloggerTests {
    @Test("a recommended blogger decodes field by field")
    func recommended() async throws {
        let bloggers = try await CnblogsSamples.client().recommendedBloggers(page: 1, size: 10)
        #expect(bloggers.map(\.blogapp) == ["nanshan-walker", "xiaomang", "jvm-notes"])
        let expected = Blogger(
            blogURL: try #require(URL(string: "http://www.cnblogs.com/nanshan-walker/")), name: "南山行者",
            updated: CnblogsSamples.date("2016-08-14T06:15:00Z"), blogapp: "nanshan-walker",
            avatar: URL(string: "http://pic.cnblogs.com/face/412873/20160302152147.png"), postCount: 186)
        #expect(bloggers[0] == expected)
    }

    @Test("an empty <avatar/> is nil; an avatar's ?id=N query is kept")
    func avatars() async throws {
        let bloggers = try await CnblogsSamples.client().recommendedBloggers()
        #expect(bloggers[1].avatar == nil)
        #expect(bloggers[2].avatar == URL(string: "http://pic.cnblogs.com/face/u90512.jpg?id=14084536"))
        #expect(bloggers[2].postCount == 1203)
    }

    @Test("a double-escaped display name is decoded once more")
    func doubleEscapedName() async throws {
        let bloggers = try await CnblogsSamples.client().recommendedBloggers()
        #expect(bloggers[1].name == "小蟒蛇 & Python")
    }

    @Test("a Chinese search is sent URL-encoded and decodes its bloggers")
    func chineseSearch() async throws {
        let bloggers = try await CnblogsSamples.client().searchBloggers("南山")
        #expect(bloggers.map(\.name) == ["南山行者", "南山南"])
        #expect(bloggers[1].blogURL == URL(string: "http://www.cnblogs.com/nanshan2008/"))
        #expect(bloggers[1].updated == CnblogsSamples.date("2015-03-02T02:47:00Z"))
        #expect(bloggers[1].avatar == nil)
        #expect(bloggers[1].postCount == 3)
    }

    @Test("a missing <blogapp> is derived from the blog's address")
    func blogappFromAddress() throws {
        let xml = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://www.cnblogs.com/someone/</id>\
            <title type="text">某人</title><updated>2016-08-14T14:15:00+08:00</updated><postcount>9</postcount>\
            </entry></feed>
            """
        let bloggers = try CnblogsFeedDecoder.bloggers(from: Data(xml.utf8), url: "u")
        #expect(bloggers.first?.blogapp == "someone")
        #expect(bloggers.first?.avatar == nil)
    }

    @Test("an empty search is refused before any request")
    func emptySearch() async throws {
        let error = try await #require(throws: CnblogsError.self) {
            try await CnblogsSamples.client().searchBloggers(" ")
        }
        guard case .invalidArgument(let name, _, _) = error else {
            Issue.record("expected invalidArgument, got \(error)")
            return
        }
        #expect(name == "query")
    }
}
