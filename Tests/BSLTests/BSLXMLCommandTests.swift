import BasicCore
import Foundation
import TestSupport
import Testing

/// Runs the built `bsl xml to-json` and `bsl feed` and checks their output and exit status.
@Suite struct BSLXMLCommandTests {
    static let bsl = TestPaths.builtProduct("bsl")

    static func fixture(_ name: String) -> String {
        TestPaths.fixture(name, target: "BasicXMLTests").path
    }

    func bsl(_ arguments: [String], input: String? = nil) async throws -> ProcessResult {
        try await ProcessRunner.run(
            Self.bsl, arguments, input: input.map { Data($0.utf8) }, environment: ["TZ": "Asia/Shanghai"])
    }

    @Test(
        "xml to-json applies the rules and the flags",
        arguments: [
            ([], #"{"__name":"a","_k":"v","b":["1"],"c":{"d":"x"}}"#),
            (["--empty", "null"], #"{"__name":"a","_k":"v","b":["1",null],"c":{"d":"x"}}"#),
            (["--empty", "string"], #"{"__name":"a","_k":"v","b":["1",""],"c":{"d":"x"}}"#),
            (["--always-arrays"], #"{"__name":"a","_k":"v","b":["1"],"c":[{"d":["x"]}]}"#),
            (["--keep-whitespace"], #"{"__name":"a","_k":"v","b":["1"],"c":{"d":" x "},"__text":["\n","\n"]}"#),
            (["--comments"], #"{"__name":"a","_k":"v","b":["1"],"c":{"d":"x"},"__comments":["n"]}"#),
        ])
    func toJSON(flags: [String], expected: String) async throws {
        let input = "<a k=\"v\"><b>1</b><b/>\n<c><d> x </d></c><!--n-->\n</a>"
        for arguments in [["xml", "to-json"] + flags, ["xml", "to-json", "-"] + flags] {
            let result = try await bsl(arguments, input: input)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput == expected + "\n", "\(arguments)")
        }
    }

    @Test(
        "xml to-json writes names as --names says",
        arguments: [
            ([], #"{"__name":"r","_xmlns:dc":"urn:dc","dc:creator":"A"}"#),
            (["--names", "local"], #"{"__name":"r","creator":"A"}"#),
            (["--names", "expanded"], #"{"__name":"r","{urn:dc}creator":"A"}"#),
        ])
    func names(flags: [String], expected: String) async throws {
        let result = try await bsl(
            ["xml", "to-json"] + flags, input: #"<r xmlns:dc="urn:dc"><dc:creator>A</dc:creator></r>"#)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == expected + "\n")
    }

    @Test("xml to-json reads a file and pretty-prints on request")
    func toJSONFile() async throws {
        let result = try await bsl(["xml", "to-json", Self.fixture("news.xml"), "--pretty"])
        #expect(result.status == 0, "\(result.standardError)")
        let value = try JSONValue(parsing: result.standardOutput)
        #expect(value["entry"]?[1]?["topic"] == nil, "empty, so left out")
        #expect(value["entry"]?[0]?["sourceName"] == "开源中国")
        #expect(result.standardOutput.contains("\n  \"title\": {\n"))
    }

    @Test(
        "xml to-json exits 1 with line and column for malformed input",
        arguments: [
            ("<a>", "Error: standard input: XML error at line 1, column 4: "),
            ("<a><b></a>", "Error: standard input: XML error at line 1, column 11: Opening and ending tag mismatch"),
        ])
    func toJSONMalformed(input: String, prefix: String) async throws {
        let result = try await bsl(["xml", "to-json"], input: input)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix(prefix), "\(result.standardError)")
    }

    @Test("xml to-json exits 1 naming a missing file, 64 for an unknown flag")
    func toJSONErrors() async throws {
        let missing = try await bsl(["xml", "to-json", "/nonexistent/feed.xml"])
        #expect(missing.status == 1)
        #expect(missing.standardError == "Error: cannot read /nonexistent/feed.xml: no such file\n")
        let unknown = try await bsl(["xml", "to-json", "--arrays"])
        #expect(unknown.status == 64)
    }

    @Test("feed lists title, author and date in aligned columns, CJK counted as two columns")
    func feedColumns() async throws {
        let result = try await bsl(["feed", Self.fixture("sitehome.xml")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                博客园_首页
                Swift 6 严格并发下的 &ldquo;数据竞争&rdquo; 排查笔记     林间小路      2026-11-30 11:48
                用 libxml2 的 SAX 接口解析 5 MB 的 Atom 订阅             Mika_Z        2026-11-30 10:05
                SQLite WAL 模式与 &lt;synchronous=NORMAL&gt; 的真实代价  老周的代码铺  2026-11-30 09:12

                """)
    }

    @Test("feed reads RSS from standard input with '-'")
    func feedRSSFromStandardInput() async throws {
        let input = try String(contentsOfFile: Self.fixture("podcast-rss.xml"), encoding: .utf8)
        let result = try await bsl(["feed", "-"], input: input)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                Tide Notes
                Spring tides, explained  Ines Moreau  2026-11-30 06:30
                Reading a tide table     Ines Moreau  2026-11-22 16:00

                """)
    }

    @Test("feed --json prints the model with its extensions")
    func feedJSON() async throws {
        let result = try await bsl(["feed", Self.fixture("blogger-posts.xml"), "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let value = try JSONValue(parsing: result.standardOutput)
        #expect(value["format"] == "atom")
        #expect(value["logo"] == "http://pic.cnblogs.com/face/u20931.jpg")
        #expect(value["extensions"]?["postcount"] == "217")
        #expect(value["entries"]?[0]?["extensions"]?["diggs"] == "7")
    }

    @Test("feed exits 1 for a document that is not a feed, and for a URL nothing answers")
    func feedErrors() async throws {
        let notFeed = try await bsl(["feed", "-"], input: "<html/>")
        #expect(notFeed.status == 1)
        #expect(notFeed.standardError.hasPrefix("Error: standard input: XML error: the root element is <html>"))
        let url = try await bsl(["feed", "http://127.0.0.1:1/rss"])
        #expect(url.status == 1)
        #expect(url.standardError.hasPrefix("Error: request to http://127.0.0.1:1/rss failed"), "\(url.standardError)")
        #expect(url.standardError.contains("offline, save the feed to a file, or replay a recording with --replay DIR"))
    }
}
