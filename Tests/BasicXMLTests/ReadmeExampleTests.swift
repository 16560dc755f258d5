import BasicCore
import BasicXML
import Foundation
import Testing

/// README.md's BasicXML example, line for line: if this breaks, so does the README.
@Suite struct ReadmeExampleTests {
    @Test("the README's BasicXML example works as written")
    func readme() throws {
        let xml = #"<feed><entry><title type="text">博客园</title><diggs>7</diggs><avatar/></entry></feed>"#
        let value = try XMLConverter().convert(xml)
        let title = value["entry"]?["title"]?["__text"]  // "博客园"
        let avatar = value["entry"]?["avatar"]  // nil: empty, left out as XMLDictionary does
        let kept = try XMLConverter(configuration: .feed).convert(xml)["entry"]?["avatar"]  // null
        let feed = try Feed(parsing: Data(xml.utf8))
        let diggs = feed.entries[0].extensions["diggs"]?.asInt  // 7
        #expect(title == "博客园")
        #expect(avatar == nil)
        #expect(kept == .null)
        #expect(diggs == 7)
    }
}
