import BasicCore
import Testing

/// README.md's BasicCore example, line for line: if this breaks, so does the README.
@Suite struct ReadmeExampleTests {
    @Test("the README's BasicCore example works as written")
    func readme() throws {
        var doc = try JSONValue(parsing: #"{"info":{"count":"18"},"square_list":[{"name":"审帖"}]}"#)
        let count = try doc.int(at: "info.count")  // 18: "18", 18 and 18.0 all read as 18
        let last = try doc.string(at: "square_list[-1].name")  // "审帖"
        try doc.set("排行榜", at: "square_list[1].name")  // creates the element
        #expect(count == 18)
        #expect(last == "审帖")
        #expect(doc.jsonString(.pretty).contains(#""name": "排行榜""#))
    }
}
