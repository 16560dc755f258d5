import BasicCore
import BasicFormat
import Foundation
import TestSupport
import Testing

/// Runs the built `bsl cnblogs comments` and `bsl cnblogs bloggers` on the sample recording.
@Suite struct BSLCnblogsCommentCommandTests {
    static func run(_ arguments: [String]) async throws -> ProcessResult {
        try await BSLCnblogsCommandTests.run(arguments)
    }

    static func lines(_ result: ProcessResult) -> [String] {
        result.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test("comments ID prints aligned columns: id, author, time in China, the comment as one line of text")
    func postComments() async throws {
        let result = try await Self.run(["comments", "5770214"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = Self.lines(result)
        #expect(lines.count == 3)
        #expect(lines[0] == "id       author    published   comment")
        #expect(lines[2].hasPrefix("3497055  南山行者  2016-08-14  @落叶知秋 有的：重试放在缓存外面"), "\(lines)")
        // In a pipe the comment is whole; in 60 columns it is cut with … to fit.
        #expect(lines[2].hasSuffix("命中缓存就不必重试了 & 也省流量。"), "\(lines[2])")
        let narrow = try await BSLCnblogsCommandTests.run(["comments", "5770214"], columns: 60)
        let cut = Self.lines(narrow)
        #expect(cut[2].hasPrefix("3497055  南山行者  2016-08-14  @落叶知秋"), "\(cut)")
        #expect(cut[2].hasSuffix("\u{2026}"))
        for line in cut {
            #expect(TextWidth.columns(of: line) <= 60, "\(line)")
        }
    }

    @Test("comments ID --news reads the news item's comments, tags dropped")
    func newsComments() async throws {
        let result = try await Self.run(["comments", "551203", "--news", "--page", "1", "--size", "10"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = Self.lines(result)
        #expect(lines.count == 4)
        #expect(lines[2] == "371260  Kevin Zhou  2016-08-14  发布会视频： http://www.mi.com/notebook/")
    }

    @Test("comments --json prints the models, the HTML kept")
    func commentsJSON() async throws {
        let result = try await Self.run(["comments", "551203", "--news", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let output = try JSONValue(parsing: result.standardOutput)
        #expect(output.arrayValue?.count == 3)
        #expect(output[1]?["id"] == 371_260)
        #expect(output[1]?["authorURI"] == "http://home.cnblogs.com/u/203117/")
        #expect(output[1]?["published"] == "2016-08-14T06:11:02Z")
        #expect(output[1]?["html"]?.asString?.contains(#"<a href="http://www.mi.com/notebook/""#) == true)
    }

    @Test("comments of an unknown news item exit 1 with a not-found error; a bad id is a usage error")
    func commentErrors() async throws {
        let unknown = try await Self.run(["comments", "999999", "--news"])
        #expect(unknown.status == 1)
        #expect(unknown.standardError.hasPrefix("Error: not found: the news item 999999"), "\(unknown.standardError)")
        #expect(try await Self.run(["comments", "abc"]).status == 64)
    }

    @Test("bloggers prints the recommended bloggers: blogapp, name, posts, last post")
    func recommended() async throws {
        let result = try await Self.run(["bloggers"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            Self.lines(result) == [
                "blogapp         name             posts  updated",
                "nanshan-walker  南山行者         186    2016-08-14",
                "xiaomang        小蟒蛇 & Python  57     2016-08-13",
                "jvm-notes       JVM 笔记         1203   2016-08-12",
            ])
    }

    @Test("bloggers QUERY searches, a Chinese query included; --json prints the models")
    func search() async throws {
        let result = try await Self.run(["bloggers", "南山"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Self.lines(result).dropFirst().map { String($0.prefix(14)) } == ["nanshan-walker", "nanshan2008   "])
        let json = try JSONValue(parsing: try await Self.run(["bloggers", "南山", "--json"]).standardOutput)
        #expect(json[1]?["blogURL"] == "http://www.cnblogs.com/nanshan2008/")
        #expect(json[1]?["avatar"] == .null)
        #expect(json[1]?["postCount"] == 3)
    }
}
