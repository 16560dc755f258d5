import BasicCore
import BasicFormat
import Foundation
import TestSupport
import Testing

/// Runs the built `bsl cnblogs …` on the sample recording.
@Suite struct BSLCnblogsCommandTests {
    static let bsl = TestPaths.builtProduct("bsl")
    static let sample = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs").path

    /// Runs `bsl cnblogs ARGUMENTS --replay Samples/cnblogs`; without `COLUMNS` unless told, as
    /// in a pipe, where tables keep whole values.
    static func run(_ arguments: [String], columns: Int? = nil) async throws -> ProcessResult {
        try await ProcessRunner.run(
            Self.bsl, ["cnblogs"] + arguments + ["--source", "legacy", "--replay", Self.sample],
            environment: ["COLUMNS": columns.map(String.init)])
    }

    @Test("news --replay prints aligned columns: id, title, source, time in China, views/comments")
    func newsTable() async throws {
        let result = try await Self.run(["news"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0] == "id      title                                       source    published   views/comments")
        #expect(lines[1] == "551203  小米发布新款笔记本 \u{201C}Air\u{201D}，售价 3499 元起    IT之家    2016-08-14  318/7")
        #expect(lines[3] == "551190  研究称每天久坐超过 8 小时的人更需要运动     新浪科技  2016-08-14  156/2")
    }

    @Test(
        "each list command reads its recorded endpoint",
        arguments: [
            (["blogs"], 11, "5770214  \u{201C}面向协议\u{201D}的 Swift 网络层设计"),
            (["top48"], 4, "5765532  程序员的\u{201C}35岁危机\u{201D}是真的吗？"),
            (["top10"], 4, "5745120  深入理解 Java 内存模型 \u{2014} happens-before"),
            (["news", "--page", "2"], 3, "551160  腾讯云宣布降价，最高降幅 50%"),
            (["hot"], 3, "550871  苹果 iPhone 7 发布日期曝光 & 配置汇总"),
            (["recommend"], 2, "550644  谷歌工程师谈代码评审：小而频繁"),
            (
                ["user", "nanshan-walker", "--page", "1", "--size", "10"], 4,
                "5770214  \u{201C}面向协议\u{201D}的 Swift 网络层设计"
            ),
        ])
    func lists(arguments: [String], lineCount: Int, firstRow: String) async throws {
        let result = try await Self.run(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == lineCount)
        #expect(lines.count > 1 && lines[1].hasPrefix(firstRow), "\(lines)")
    }

    @Test("the blogs table shows the author; in a pipe titles are whole, with COLUMNS long ones are cut with …")
    func blogsTable() async throws {
        let result = try await Self.run(["blogs"])
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("id       title"))
        #expect(lines[0].contains("author"))
        #expect(lines[7].contains("Python 装饰器的 5 种写法 \u{2014} 从入门到 functools.wraps  小蟒蛇"))

        let narrow = try await Self.run(["blogs"], columns: 80)
        let cut = narrow.standardOutput.split(separator: "\n").map(String.init)
        #expect(cut.count == lines.count)
        #expect(cut[7].contains("Python 装饰器的 5 种写法\u{2026}  小蟒蛇"), "\(cut[7])")
        for line in cut {
            #expect(TextWidth.columns(of: line) <= 80, "\(line)")
        }
    }

    @Test("--json prints the models")
    func json() async throws {
        let result = try await Self.run(["top48", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let output = try JSONValue(parsing: result.standardOutput)
        #expect(output.arrayValue?.count == 3)
        #expect(output[0]?["id"] == 5_765_532)
        #expect(output[0]?["blogapp"] == "laoma")
        #expect(output[0]?["published"] == "2016-08-13T01:12:00Z")
        #expect(output[0]?["author"]?["name"] == "老码识途")
        #expect(output[1]?["author"]?["avatar"] == .null)  // missing, printed as null
        let news = try JSONValue(parsing: try await Self.run(["news", "--json"]).standardOutput)
        #expect(news[0]?["topicIcon"] == "http://images0.cnblogs.com/news_topic/%E5%B0%8F%E7%B1%B3.gif")
        #expect(news[0]?["sourceName"] == "IT之家")
    }

    @Test("an unknown blog exits 1 with a one-line not-found error")
    func unknownBlog() async throws {
        let result = try await Self.run(["user", "nosuchblog"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: not found: the blog 'nosuchblog'"), "\(result.standardError)")
    }

    @Test("a network failure exits 1 with the error and a hint to replay")
    func networkFailure() async throws {
        let stopped = try await TestHTTPServer.start()
        stopped.stop()
        let result = try await ProcessRunner.run(
            Self.bsl, ["cnblogs", "news", "--api", stopped.baseURL.absoluteString])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains("--replay Samples/cnblogs"), "\(result.standardError)")
    }

    @Test("bad paging is a usage error (exit 64)", arguments: [["news", "--page", "0"], ["hot", "--size", "500"]])
    func usage(arguments: [String]) async throws {
        let result = try await Self.run(arguments)
        #expect(result.status == 64, "\(result.standardError)")
    }
}
