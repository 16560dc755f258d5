import CnblogsClient
import Foundation
import Testing

/// Post and news bodies from the recording, field by field, and each of their quirks.
@Suite struct CnblogsBodyTests {
    @Test("a post body is the escaped HTML decoded once, with CR line ends normalised")
    func postBody() async throws {
        let body = try await CnblogsSamples.client().postBody(id: 5_770_214)
        #expect(body.id == 5_770_214)
        #expect(body.html.hasPrefix("<div id=\"cnblogs_post_body\">\n<p>在 Swift 里写网络层"))
        #expect(body.html.hasSuffix("</p>\n</div>"))
        #expect(!body.html.contains("\r"))
        #expect(body.html.contains("<pre><code>protocol Request {\n    associatedtype Response: Decodable\n"))
        // Decoded once only: the HTML's own entities stay for the HTML renderer.
        #expect(body.html.contains("<p>&ldquo;组合优于继承&rdquo;&mdash;&mdash;这句话在这里再合适不过。</p>"))
        #expect(body.html.contains(#"<img src="//images2015.cnblogs.com/blog/412873/201608/"#))
    }

    @Test("a post body in the WCF serialization namespace reads the same way")
    func postBodyWithNamespace() async throws {
        let body = try await CnblogsSamples.client().postBody(id: 5_770_198)
        #expect(
            body.html
                == "<p>用 Docker 跑 .NET Core 的第一步，是选对基础镜像。</p>\n<p>R &amp; D 团队的经验：先 <code>docker pull microsoft/dotnet</code>。</p>"
        )
    }

    @Test("a news body decodes field by field")
    func newsBody() async throws {
        let body = try await CnblogsSamples.client().newsBody(id: 551_203)
        #expect(body.id == 551_203)
        #expect(body.title == "小米发布新款笔记本 \u{201C}Air\u{201D}，售价 3499 元起")
        #expect(body.sourceName == "IT之家")
        #expect(body.submitted == CnblogsSamples.date("2016-08-14T05:52:00Z"))
        #expect(body.html.hasPrefix("<p>今天下午，小米在北京发布了旗下首款笔记本电脑&ldquo;小米笔记本 Air&rdquo;。</p>\n<p style="))
        #expect(!body.html.contains("\r"))
        #expect(
            body.imageURLs == [
                try #require(URL(string: "http://images2015.cnblogs.com/news/66372/201608/66372-20160814135501-1.jpg")),
                try #require(URL(string: "http://images2015.cnblogs.com/news/66372/201608/66372-20160814135502-2.jpg")),
            ])
        #expect(body.previousID == 551_198)
        #expect(body.nextID == nil)
        #expect(body.commentCount == 12)
    }

    @Test("a news body with an empty ImageUrl, an empty SourceName and PrevNews 0")
    func newsBodyEmpties() async throws {
        let body = try await CnblogsSamples.client().newsBody(id: 551_198)
        #expect(body.imageURLs.isEmpty)
        #expect(body.sourceName == nil)
        #expect(body.previousID == nil)
        #expect(body.nextID == 551_203)
        #expect(body.commentCount == 0)
    }

    @Test("SubmitDate has no zone and is China time, even late in the evening")
    func submitDateIsChinaTime() {
        #expect(CnblogsBodyDecoder.chinaTime("2016-08-13 23:41:00") == CnblogsSamples.date("2016-08-13T15:41:00Z"))
        #expect(CnblogsBodyDecoder.chinaTime("2016-08-13T23:41:00") == nil)
        #expect(CnblogsBodyDecoder.chinaTime("2016-08-13 23:41:00\u{30F}") == nil)  // traps DateFormatter
    }

    @Test("a lone CR is a line end too")
    func loneCarriageReturn() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?><string>a&#xD;b&#xD;&#xA;c</string>"
        let body = try CnblogsBodyDecoder.postBody(from: Data(xml.utf8), id: 1, url: "test")
        #expect(body.html == "a\nb\nc")
    }

    @Test("an unknown post id answers 500, a not-found naming the post")
    func unknownPost() async throws {
        let error = try await #require(throws: CnblogsError.self) {
            try await CnblogsSamples.client().postBody(id: 999_999_999)
        }
        guard case .notFound(let what, let url) = error else {
            Issue.record("expected notFound, got \(error)")
            return
        }
        #expect(what == "the post 999999999")
        #expect(url == "http://wcf.open.cnblogs.com/blog/post/body/999999999")
    }

    @Test("a body of the wrong kind is malformed, naming the root it found")
    func wrongRoot() throws {
        let xml = "<?xml version=\"1.0\"?><NewsBody><Title>x</Title></NewsBody>"
        #expect(throws: CnblogsError.self) { try CnblogsBodyDecoder.postBody(from: Data(xml.utf8), id: 1, url: "u") }
        let error = try #require(throws: CnblogsError.self) {
            try CnblogsBodyDecoder.newsBody(from: Data("<string>x</string>".utf8), id: 1, url: "u")
        }
        #expect(error.description.contains("expected <NewsBody>, found <string>"))
    }

    @Test("a zero or negative id is refused before any request")
    func invalidID() async throws {
        let error = try await #require(throws: CnblogsError.self) { try await CnblogsSamples.client().newsBody(id: 0) }
        guard case .invalidArgument(let name, _, _) = error else {
            Issue.record("expected invalidArgument, got \(error)")
            return
        }
        #expect(name == "id")
    }
}
