import BasicCore
import Foundation
import TestSupport
import Testing

/// Runs the built `bsl cnblogs …` on the recording of cnblogs as it answers today,
/// `Samples/cnblogs-today`: the site's feeds and pages with no token, the token API with one.
@Suite struct CnblogsTodayCommandTests {
    static let bsl = TestPaths.builtProduct("bsl")
    static let today = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs-today").path
    static let legacy = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs").path
    /// The token the recording's API exchanges were made with (fake; redacted in the cassette).
    static let token = "pat-FAKE-0123456789abcdef"

    /// Runs `bsl cnblogs ARGUMENTS --replay Samples/cnblogs-today` in a data folder of its own
    /// (so no stored token of this machine's user counts), with `token` as `$CNBLOGS_TOKEN`.
    static func run(_ arguments: [String], token: String? = nil, replay: String = today) async throws
        -> ProcessResult
    {
        let data = try TemporaryDirectory(prefix: "CnblogsToday")
        return try await ProcessRunner.run(
            bsl, ["cnblogs"] + arguments + ["--replay", replay],
            environment: [
                "CNBLOGS_TOKEN": token, "CNBLOGS_CLIENT_SECRET": nil, "COLUMNS": nil,
                "XDG_DATA_HOME": data.path("data").path,
            ])
    }

    static func lines(_ result: ProcessResult) -> [String] {
        result.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test(
        "with no token every list, page and comment command answers from the site's feeds and pages",
        arguments: [
            (["news"], "789012  开源数据库 DuckDB 发布 1.3 版", "\u{2014}/\u{2014}"),
            (["blogs"], "18562097  Swift 6 的严格并发：把全局可变状态关进 Mutex", "\u{2014}/\u{2014}"),
            (["picked"], "18562097  Swift 6 的严格并发", "\u{2014}/\u{2014}"),
            (["user", "nanshan-walker"], "18562097  Swift 6 的严格并发", "\u{2014}/\u{2014}"),
            (["user", "nanshan-walker", "--rss"], "18562097  Swift 6 的严格并发", "\u{2014}/\u{2014}"),
            (["top48"], "18562097  Swift 6 的严格并发", "5231/12"),
            (["top10"], "18561533  读《重构》第二版", "8120/31"),
            (["comments", "nanshan-walker/18562097"], "5123456  读者甲", "Mutex 那段对比很有说服力。"),
            (["comments", "18562097"], "5123456  读者甲", "Mutex 那段对比很有说服力。"),
        ])
    func siteLists(arguments: [String], firstRow: String, ending: String) async throws {
        let result = try await Self.run(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = Self.lines(result)
        #expect(lines.count > 1, "\(lines)")
        #expect(lines.count > 1 && lines[1].hasPrefix(firstRow), "\(lines)")
        #expect(lines.count > 1 && lines[1].hasSuffix(ending), "\(lines)")
        #expect(!result.standardOutput.contains(" 0/0"))
    }

    @Test(
        "read takes a post as BLOGAPP/ID, its address, or an ID found in the site's lists; --news an item's id",
        arguments: [
            ["read", "nanshan-walker/18562097"], ["read", "https://www.cnblogs.com/nanshan-walker/p/18562097"],
            ["read", "18562097"],
        ])
    func readPost(arguments: [String]) async throws {
        let result = try await Self.run(arguments + ["--width", "60"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = Self.lines(result)
        #expect(lines.first == "Swift 6 的严格并发：把全局可变状态关进 Mutex")
        #expect(lines.count > 2 && lines[1] == "南山行者 · 2026-03-12 10:35")
        #expect(lines.count > 2 && lines[2] == "https://www.cnblogs.com/nanshan-walker/p/18562097")
        #expect(result.standardOutput.contains("全局可变状态不是并发安全的"))
    }

    @Test("read ID --news reads the news page")
    func readNews() async throws {
        let result = try await Self.run(["read", "789012", "--news", "--width", "60"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = Self.lines(result)
        #expect(lines.first == "开源数据库 DuckDB 发布 1.3 版：查询外部 Parquet 文件提速一倍")
        #expect(result.standardOutput.contains("https://news.cnblogs.com/n/789012/"))
        #expect(result.standardOutput.contains("DuckDB 团队于 3 月 12 日发布了 1.3 版本"))
    }

    @Test("--json of a feed has null, not 0, for the counts it does not have")
    func jsonCounts() async throws {
        let result = try await Self.run(["blogs", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let posts = try JSONValue(parsing: result.standardOutput)
        #expect(posts.arrayValue?.count == 20)
        #expect(posts[0]?["id"] == 18_562_097)
        #expect(posts[0]?["title"] == "Swift 6 的严格并发：把全局可变状态关进 Mutex")  // the " - author" suffix gone
        #expect(posts[0]?["views"] == .null)
        #expect(posts[0]?["comments"] == .null)
    }

    @Test(
        "what needs a token says so in one line, with what to do (exit 1)",
        arguments: [
            (["blogs", "--page", "2"], "page 2 of the site home"), (["news", "hot"], "the hot news"),
            (["hot"], "the hot news"), (["news", "recommend"], "the recommended news"),
            (["user", "nanshan-walker", "--page", "2"], "page 2 of the blog 'nanshan-walker'"),
            (["search", "并发"], "search"), (["bookmarks"], "reading the bookmarks"),
            (["comments", "789012", "--news"], "reading a news item's comments"),
            (["blogs", "--source", "api"], "the token API"),
        ])
    func needsToken(arguments: [String], what: String) async throws {
        let result = try await Self.run(arguments)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        let line = result.standardError
        #expect(line.hasPrefix("Error: \(what)"), "\(line)")
        #expect(
            line.hasSuffix(
                "needs a cnblogs token: create a personal access token at "
                    + "https://account.cnblogs.com/settings/tokens and run `bsl cnblogs login`\n"), "\(line)")
        #expect(line.split(separator: "\n").count == 1)
    }

    @Test("bloggers says it is the legacy API's only, with the --source legacy hint")
    func bloggersLegacyOnly() async throws {
        let result = try await Self.run(["bloggers"])
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "Error: the recommended bloggers come only from the legacy API: add `--source legacy`"),
            "\(result.standardError)")
        let legacy = try await Self.run(["bloggers", "--source", "legacy"], replay: Self.legacy)
        #expect(legacy.status == 0, "\(legacy.standardError)")
        #expect(Self.lines(legacy).count == 4)
    }

    @Test(
        "with a token (CNBLOGS_TOKEN) the lists come from the API: every page, with counts",
        arguments: [
            (["news"], "789012  开源数据库 DuckDB", "912/0"), (["news", "hot"], "789012  开源数据库 DuckDB", "912/0"),
            (["news", "recommend"], "789012  开源数据库 DuckDB", "912/0"), (["hot"], "789012  开源数据库", "912/0"),
            (["blogs", "--page", "2"], "18559402  Helm Chart 模板里的 tpl 函数", "3802/4"),
            (["blogs"], "18562097  Swift 6 的严格并发", "2497/8"), (["picked"], "18562097  Swift 6", "2497/8"),
            (["user", "nanshan-walker"], "18562097  Swift 6 的严格并发", "2497/8"),
            (["top48"], "18562097  Swift 6 的严格并发", "5231/12"),
            (["comments", "nanshan-walker/18562097"], "5123456  读者甲", "很有说服力。"),
            (["comments", "789012", "--news"], "1730551  数据搬运工", "终于等到 Iceberg 稳定了！"),
            (["search", "并发"], "18562097  Swift 6 的严格并发", "5231/12"),
            (["search", "开源", "--news"], "789012  开源数据库 DuckDB", "1024/2"),
            (
                ["bookmarks"], "Swift 6 的严格并发：把全局可变状态关进 Mutex  https://www.cnblogs.com/nanshan-walker/p/18562097",
                "Swift, 并发"
            ),
        ])
    func apiLists(arguments: [String], firstRow: String, ending: String) async throws {
        let result = try await Self.run(arguments, token: Self.token)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = Self.lines(result)
        #expect(lines.count > 1 && lines[1].hasPrefix(firstRow), "\(lines)")
        #expect(lines.count > 1 && lines[1].hasSuffix(ending), "\(lines)")
        #expect(!result.standardOutput.contains(Self.token) && !result.standardError.contains(Self.token))
    }

    @Test("with a token, read takes the API's body, and the title from the lists")
    func apiRead() async throws {
        let post = try await Self.run(["read", "18562097", "--width", "60"], token: Self.token)
        #expect(post.status == 0, "\(post.standardError)")
        #expect(Self.lines(post).first == "Swift 6 的严格并发：把全局可变状态关进 Mutex")
        #expect(post.standardOutput.contains("全局可变状态不是并发安全的"))
        let news = try await Self.run(["read", "789012", "--news", "--width", "60"], token: Self.token)
        #expect(news.status == 0, "\(news.standardError)")
        #expect(Self.lines(news).first == "开源数据库 DuckDB 发布 1.3 版：查询外部 Parquet 文件提速一倍")
        #expect(news.standardOutput.contains("DuckDB 团队于 3 月 12 日发布了 1.3 版本"))
    }

    @Test(
        "with a token, read BLOGAPP/ID or the post's address takes the title, author and date from the blog's API list",
        arguments: [
            ["read", "nanshan-walker/18562097"], ["read", "https://www.cnblogs.com/nanshan-walker/p/18562097"],
        ])
    func apiReadWithBlog(arguments: [String]) async throws {
        let result = try await Self.run(arguments + ["--width", "60"], token: Self.token)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = Self.lines(result)
        #expect(lines.first == "Swift 6 的严格并发：把全局可变状态关进 Mutex")
        #expect(lines.count > 2 && lines[1] == "南山行者 · 2026-03-12 10:35", "\(lines.prefix(3))")
        #expect(lines.count > 2 && lines[2] == "https://www.cnblogs.com/nanshan-walker/p/18562097")
        #expect(result.standardOutput.contains("全局可变状态不是并发安全的"))
    }

    @Test("read ID of a post in none of the lists says in one line to give BLOGAPP/ID or its address (exit 1)")
    func readUnlistedID() async throws {
        let result = try await Self.run(["read", "99999999"])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        let line = result.standardError
        #expect(line.split(separator: "\n").count == 1, "\(line)")
        #expect(!line.contains("Usage:"))
        #expect(line.hasPrefix("Error: the post 99999999 is in none of the lists read"), "\(line)")
        #expect(line.contains("give it as BLOGAPP/99999999 or its address"), "\(line)")
    }

    @Test("login --client-id with --replay says the token exchange is never recorded, and what to do instead")
    func clientLoginReplayed() async throws {
        let data = try TemporaryDirectory(prefix: "CnblogsToday")
        let result = try await ProcessRunner.run(
            Self.bsl, ["cnblogs", "login", "--client-id", "bsl-test", "--replay", Self.today],
            environment: [
                "CNBLOGS_TOKEN": nil, "CNBLOGS_CLIENT_SECRET": "s3cr3t-REPLAY", "XDG_DATA_HOME": data.path("data").path,
            ])
        #expect(result.status == 1, "\(result.standardError)")
        let line = result.standardError
        #expect(line.split(separator: "\n").count == 1, "\(line)")
        #expect(!line.contains("--record"), "\(line)")
        #expect(line.contains("no cassette holds the token exchange"), "\(line)")
        #expect(line.contains("CNBLOGS_TOKEN"), "\(line)")
        #expect(!line.contains("s3cr3t-REPLAY"))
    }

    @Test("--source site with a token reads the feeds; --api URL implies legacy; --api with another source is refused")
    func sourceChoice() async throws {
        let site = try await Self.run(["news", "--source", "site"], token: Self.token)
        #expect(site.status == 0, "\(site.standardError)")
        #expect(Self.lines(site).count > 1 && Self.lines(site)[1].hasSuffix("\u{2014}/\u{2014}"))

        let legacy = try await Self.run(["news", "--source", "legacy"], replay: Self.legacy)
        let implied = try await Self.run(["news", "--api", "http://wcf.open.cnblogs.com"], replay: Self.legacy)
        #expect(legacy.status == 0, "\(legacy.standardError)")
        #expect(implied.standardOutput == legacy.standardOutput)
        #expect(Self.lines(legacy).count > 1 && Self.lines(legacy)[1].hasPrefix("551203  小米发布新款笔记本"))

        let refused = try await Self.run(["news", "--api", "http://wcf.open.cnblogs.com", "--source", "site"])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("--api is the legacy API's base; it goes with --source legacy"))
    }

    @Test("status says which source each command reads from, without and with a token; never the token")
    func status() async throws {
        let none = try await Self.run(["status"])
        #expect(none.status == 0, "\(none.standardError)")
        let lines = Self.lines(none)
        #expect(lines.first == "token: none (`bsl cnblogs login` stores one)")
        #expect(lines.contains("source: site"))
        #expect(lines.contains { $0.hasPrefix("blogs ") && $0.contains("site    feed.cnblogs.com/blog/sitehome/rss") })
        #expect(lines.contains { $0.hasPrefix("bloggers ") && $0.contains("the legacy API only") })

        let signedIn = try await Self.run(["status"], token: Self.token)
        let withToken = Self.lines(signedIn)
        #expect(withToken.first == "token: personal access token from $CNBLOGS_TOKEN")
        #expect(withToken.contains("source: api"))
        #expect(withToken.contains { $0.hasPrefix("search, bookmarks ") && $0.contains("api ") })
        #expect(!signedIn.standardOutput.contains(Self.token))

        let json = try JSONValue(parsing: try await Self.run(["status", "--json"], token: Self.token).standardOutput)
        #expect(json["source"] == "api")
        #expect(json["commands"]?[0]?["command"] == "blogs")
    }

    @Test("status at 60 columns keeps every address in the reads column whole, never cut with …")
    func statusKeepsAddressesWhole() async throws {
        let data = try TemporaryDirectory(prefix: "CnblogsStatus")
        let result = try await ProcessRunner.run(
            Self.bsl, ["cnblogs", "status"],
            environment: [
                "CNBLOGS_TOKEN": nil, "CNBLOGS_CLIENT_SECRET": nil, "COLUMNS": "60",
                "XDG_DATA_HOME": data.path("data").path,
            ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("\u{2026}"), "\(result.standardOutput)")
        for address in [
            "feed.cnblogs.com/blog/sitehome/rss (first page, no counts)",
            "feed.cnblogs.com/news/rss (first page, no counts); hot and recommend need a token",
            "www.cnblogs.com/BLOGAPP/ajax/GetComments.aspx; --news needs a token (`bsl cnblogs login`)",
        ] {
            #expect(result.standardOutput.contains(address), "\(address)")
        }
    }

    @Test("whoami checks the token with one call and names the user; without a token it says how to log in")
    func whoami() async throws {
        let result = try await Self.run(["whoami"], token: Self.token)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Self.lines(result).first == "南山行者 (nanshan-walker), with a personal access token from $CNBLOGS_TOKEN")
        let none = try await Self.run(["whoami"])
        #expect(none.status == 1)
        #expect(none.standardError.hasPrefix("Error: no cnblogs token is stored or in $CNBLOGS_TOKEN"))
        #expect(none.standardError.contains("bsl cnblogs login"))
    }
}
