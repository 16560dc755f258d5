import CnblogsClient
import Foundation
import Testing

/// What URLRepair's callers get: image lists, footnotes and the news body's images keep a
/// same-host URL carried in a query.
@Suite struct URLRepairCallerTests {
    static let base = URL(string: "https://www.cnblogs.com/blog/p/1.html")

    @Test("an image list keeps an image whose query names the same host")
    func imageList() {
        let html = #"<img src="https://images.cnblogs.com/thumb?src=https://images.cnblogs.com/a.png&amp;w=100">"#
        #expect(
            ArticleHTML.imageURLs(in: html, base: Self.base).map(\.absoluteString) == [
                "https://images.cnblogs.com/thumb?src=https://images.cnblogs.com/a.png&w=100"
            ])
    }

    @Test("a link through a redirect page keeps its target in the footnote")
    func footnote() {
        let html = #"<a href="https://www.cnblogs.com/go?to=https://www.cnblogs.com/target">go</a>"#
        #expect(
            TerminalText.render(html: html, width: 80, base: Self.base)
                == "go[1]\n\n[1] https://www.cnblogs.com/go?to=https://www.cnblogs.com/target")
    }

    @Test("a news body's image list keeps the query and repairs the path")
    func newsBodyImages() throws {
        let xml = """
            <NewsBody><Title>t</Title><SubmitDate>2016-08-14 13:52:00</SubmitDate>\
            <ImageUrl>//images0.cnblogs.com/a///images0.cnblogs.com/b.png;\
            https://images0.cnblogs.com/thumb?src=https://images0.cnblogs.com/c.png</ImageUrl></NewsBody>
            """
        let body = try CnblogsBodyDecoder.newsBody(from: Data(xml.utf8), id: 1, url: "u")
        #expect(
            body.imageURLs.map(\.absoluteString) == [
                "http://images0.cnblogs.com/b.png",
                "https://images0.cnblogs.com/thumb?src=https://images0.cnblogs.com/c.png",
            ])
    }

    @Test("a relative image whose resolved path repeats the host is repaired after resolution")
    func relativeImage() {
        #expect(
            ArticleHTML.imageURLs(in: #"<img src="a///www.cnblogs.com/b.png">"#, base: Self.base)
                .map(\.absoluteString) == ["https://www.cnblogs.com/b.png"])
    }
}
