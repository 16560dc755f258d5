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

    func bsl(_ arguments: [String], input: String? = nil, timeZone: String = "Asia/Shanghai") async throws
        -> ProcessResult
    {
        try await ProcessRunner.run(
            Self.bsl, arguments, input: input.map { Data($0.utf8) }, environment: ["TZ": timeZone])
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

    @Test("feed lists title, author and date in aligned columns, CJK counted as two columns, each link below")
    func feedColumns() async throws {
        let result = try await bsl(["feed", Self.fixture("sitehome.xml")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                博客园_首页
                Swift 6 严格并发下的 “数据竞争” 排查笔记           林间小路      2026-11-30 11:48
                  http://www.cnblogs.com/linjian/p/19283746.html
                用 libxml2 的 SAX 接口解析 5 MB 的 Atom 订阅       Mika_Z        2026-11-30 10:05
                  http://www.cnblogs.com/mika-z/p/19283701.html
                SQLite WAL 模式与 <synchronous=NORMAL> 的真实代价  老周的代码铺  2026-11-30 09:12
                  http://www.cnblogs.com/zhou-shop/p/19283655.html

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
                  https://tide.example.org/2026/spring-tides
                Reading a tide table     Ines Moreau  2026-11-22 16:00
                  https://tide.example.org/2026/tide-tables

                """)
    }

    /// Feeds for the table below: cnblogs-style double-escaped text, relative links, dates before
    /// the Gregorian reform, and an entry with neither link nor date.
    static let feedCases: [(String, String)] = [
        (
            """
            <rss version="2.0"><channel><title>T &amp;amp; U</title><link>https://example.org/</link>
            <item><title>&amp;ldquo;Hi&amp;rdquo; A &amp;amp; B</title><link>https://example.org/hi</link>
            <author>ann@example.org (Ann)</author><pubDate>Mon, 30 Nov 2026 06:15:00 GMT</pubDate></item>
            </channel></rss>
            """,
            """
            T & U
            “Hi” A & B  Ann  2026-11-30 06:15
              https://example.org/hi

            """
        ),
        (
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.org/blog/">
            <title type="html">A &amp;amp; &lt;b&gt;B&lt;/b&gt;</title><author><name>Bo</name></author>
            <entry><title>Old</title><link href="posts/1.html"/><updated>1500-01-01T00:00:00Z</updated></entry>
            <entry xml:base="/2/"><title>Reform</title><link href="p.html"/><updated>1582-10-14T23:59:00Z</updated></entry>
            <entry><title>Nothing else</title></entry>
            </feed>
            """,
            """
            A & B
            Old           Bo  1500-01-01 00:00
              https://example.org/blog/posts/1.html
            Reform        Bo  1582-10-14 23:59
              https://example.org/2/p.html
            Nothing else  Bo  -

            """
        ),
    ]

    @Test(
        "feed shows titles decoded once, dates proleptic Gregorian, and each entry's link resolved",
        arguments: feedCases)
    func feedDecodedAndLinked(input: String, expected: String) async throws {
        let result = try await bsl(["feed", "-"], input: input, timeZone: "UTC")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == expected)
    }

    @Test("feed --json writes dates proleptic Gregorian, with plain titles and resolved links beside")
    func feedJSONDates() async throws {
        let result = try await bsl(["feed", "-", "--json"], input: Self.feedCases[1].0)
        #expect(result.status == 0, "\(result.standardError)")
        let value = try JSONValue(parsing: result.standardOutput)
        #expect(value["title"] == "A &amp; <b>B</b>", "as XML decoded it")
        #expect(value["plainTitle"] == "A & B")
        #expect(value["entries"]?[0]?["updated"] == "1500-01-01T00:00:00Z")
        #expect(value["entries"]?[1]?["updated"] == "1582-10-14T23:59:00Z")
        #expect(value["entries"]?[0]?["link"] == "https://example.org/blog/posts/1.html")
        #expect(value["entries"]?[1]?["links"]?[0]?["href"] == "p.html")
        #expect(value["entries"]?[1]?["links"]?[0]?["url"] == "https://example.org/2/p.html")
        #expect(value["entries"]?[2]?["link"] == nil)
        let rss = try JSONValue(
            parsing: try await bsl(["feed", "-", "--json"], input: Self.feedCases[0].0).standardOutput)
        #expect(rss["plainTitle"] == "T & U")
        #expect(rss["entries"]?[0]?["plainTitle"] == "“Hi” A & B")
        #expect(rss["entries"]?[0]?["published"] == "2026-11-30T06:15:00Z")
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
