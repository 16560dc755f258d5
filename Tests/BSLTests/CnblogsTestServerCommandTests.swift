import BasicCore
import Foundation
import TestSupport
import Testing

/// The recording `Samples/cnblogs-today` served over real HTTP by the feed test server, each
/// exchange at `{prefix}/{host}{path}` (queries aside), so that `bsl cnblogs --mirror URL` reads
/// it as it would read cnblogs; a test changes what a path answers to meet an error.
struct CnblogsTestSite {
    let server: FeedTestServer
    /// A path of this site's own, so that tests sharing the server do not meet.
    let prefix: String

    /// `--mirror`'s value.
    var mirror: String { server.url(prefix).absoluteString }

    /// The recording, loaded under a new prefix of the shared feed server, with a token server
    /// that issues `at-LIVE-9999`.
    static func start() async throws -> CnblogsTestSite {
        let site = CnblogsTestSite(
            server: try await FeedTestServer.shared(), prefix: "/cnblogs-\(UUID().uuidString.prefix(8))")
        let folder = URL(fileURLWithPath: CnblogsTodayCommandTests.today)
        let index = try JSONValue(parsing: try Data(contentsOf: folder.appendingPathComponent("index.json")))
        var loaded: Set<String> = []
        for exchange in index["exchanges"]?.arrayValue ?? [] {
            guard let address = exchange["request"]?["url"]?.asString, let url = URLComponents(string: address),
                let host = url.host, let name = exchange["response"]?["body"]?.asString
            else { continue }
            let path = site.prefix + "/" + host + url.percentEncodedPath
            guard loaded.insert(path).inserted else { continue }
            let type = exchange["response"]?["headers"]?["Content-Type"]?.asString
            try await site.server.set(
                .init(
                    path: path, status: exchange["response"]?["status"]?.asInt,
                    bodyData: try Data(contentsOf: folder.appendingPathComponent(name)), contentType: type))
        }
        try await site.answer(
            "oauth.cnblogs.com/connect/token",
            body: "{\"access_token\":\"at-LIVE-9999\",\"expires_in\":86400,\"token_type\":\"Bearer\"}",
            type: "application/json")
        return site
    }

    /// `text` with this site's addresses written as cnblogs' own (`https://www.cnblogs.com/…`).
    func unmirrored(_ text: String) -> String {
        var text = text
        for host in ["feed.cnblogs.com", "www.cnblogs.com", "news.cnblogs.com", "api.cnblogs.com"] {
            text = text.replacingOccurrences(of: "\(mirror)/\(host)", with: "https://\(host)")
        }
        return text
    }

    /// Makes `{host}/{path}` answer as told.
    func answer(
        _ hostAndPath: String, status: Int = 200, body: String = "", type: String = "text/html; charset=utf-8",
        retryAfter: String? = nil, location: String? = nil
    ) async throws {
        try await server.set(
            .init(
                path: prefix + "/" + hostAndPath, status: status, body: body, contentType: type,
                retryAfter: retryAfter, location: location))
    }

    /// Runs `bsl cnblogs ARGUMENTS --mirror URL --library LIBRARY`, with `token` as `$CNBLOGS_TOKEN`.
    func run(
        _ arguments: [String], library: TemporaryDirectory, token: String? = nil, secret: String? = nil,
        input: Data? = nil
    ) async throws -> ProcessResult {
        try await ProcessRunner.run(
            CnblogsTodayCommandTests.bsl,
            ["cnblogs"] + arguments + ["--mirror", mirror, "--library", library.path("library").path],
            input: input,
            environment: [
                "CNBLOGS_TOKEN": token, "CNBLOGS_CLIENT_SECRET": secret, "COLUMNS": nil,
                "XDG_DATA_HOME": library.path("data").path,
            ])
    }
}

/// `bsl cnblogs` against the test server: every command over HTTP, login and logout, the token
/// kept out of every output and cassette, and the errors a user meets live.
@Suite struct CnblogsTestServerCommandTests {
    static let token = "pat-LIVE-4242"

    static func lines(_ result: ProcessResult) -> [String] {
        result.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test(
        "every command answers over HTTP without a token, as from the recording",
        arguments: [
            ["news"], ["blogs"], ["picked"], ["user", "nanshan-walker"], ["top48"], ["top10"],
            ["read", "nanshan-walker/18562097"], ["read", "789012", "--news"], ["comments", "nanshan-walker/18562097"],
            ["status"],
        ])
    func siteOverHTTP(arguments: [String]) async throws {
        let site = try await CnblogsTestSite.start()
        let library = try TemporaryDirectory()
        let live = try await site.run(arguments, library: library)
        #expect(live.status == 0, "\(live.standardError)")
        let replayed = try await CnblogsTodayCommandTests.run(arguments)
        #expect(site.unmirrored(live.standardOutput) == replayed.standardOutput)
        #expect(!live.standardOutput.isEmpty)
    }

    @Test(
        "every command answers over HTTP with a token, as from the recording",
        arguments: [
            // The server answers a path whatever its query: page 2 is checked against the recording elsewhere.
            ["news"], ["news", "hot"], ["blogs"], ["picked"], ["user", "nanshan-walker"],
            ["read", "18562097"], ["read", "789012", "--news"], ["comments", "789012", "--news"], ["search", "并发"],
            ["search", "开源", "--news"], ["bookmarks"],
        ])
    func apiOverHTTP(arguments: [String]) async throws {
        let site = try await CnblogsTestSite.start()
        let library = try TemporaryDirectory()
        let live = try await site.run(arguments, library: library, token: Self.token)
        #expect(live.status == 0, "\(live.standardError)")
        let replayed = try await CnblogsTodayCommandTests.run(arguments, token: CnblogsTodayCommandTests.token)
        #expect(site.unmirrored(live.standardOutput) == replayed.standardOutput)
    }

    @Test(
        "login stores a token from standard input, checked with one call; commands then use the API; logout removes it")
    func loginAndLogout() async throws {
        let site = try await CnblogsTestSite.start()
        let library = try TemporaryDirectory()
        let hits = try await site.server.hits(site.prefix + "/api.cnblogs.com/api/users").hits

        let login = try await site.run(["login"], library: library, input: Data("\(Self.token)\n".utf8))
        #expect(login.status == 0, "\(login.standardError)")
        #expect(
            Self.lines(login).first
                == "logged in as 南山行者 (nanshan-walker) with a personal access token; stored sealed in "
                + library.path("library").path)
        #expect(try await site.server.hits(site.prefix + "/api.cnblogs.com/api/users").hits == hits + 1)

        let status = try await site.run(["status"], library: library)
        #expect(Self.lines(status).first?.hasPrefix("token: personal access token stored sealed in ") == true)
        #expect(Self.lines(status).contains("source: api"))
        let page2 = try await site.run(["blogs", "--page", "2"], library: library)
        #expect(page2.status == 0, "\(page2.standardError)")
        // From the API (the server answers page 1's file whatever the query): with counts.
        #expect(Self.lines(page2).count > 1 && Self.lines(page2)[1].hasSuffix("2497/8"), "\(Self.lines(page2))")
        let whoami = try await site.run(["whoami"], library: library)
        #expect(whoami.status == 0, "\(whoami.standardError)")
        #expect(Self.lines(whoami).first?.hasPrefix("南山行者 (nanshan-walker), with a personal access token") == true)

        let logout = try await site.run(["logout"], library: library)
        #expect(logout.status == 0, "\(logout.standardError)")
        #expect(logout.standardOutput == "logged out: the token was removed from \(library.path("library").path)\n")
        let after = try await site.run(["status"], library: library)
        #expect(Self.lines(after).first == "token: none (`bsl cnblogs login` stores one)")
        let again = try await site.run(["logout"], library: library)
        #expect(again.standardOutput.hasPrefix("no token is stored in "))
    }

    @Test("login takes CNBLOGS_TOKEN; with neither it nor standard input it says where the token goes (exit 1)")
    func loginSources() async throws {
        let site = try await CnblogsTestSite.start()
        let library = try TemporaryDirectory()
        let login = try await site.run(["login"], library: library, token: Self.token)
        #expect(login.status == 0, "\(login.standardError)")
        let none = try await site.run(["login"], library: try TemporaryDirectory())
        #expect(none.status == 1)
        #expect(
            none.standardError.hasPrefix(
                "Error: no personal access token: set CNBLOGS_TOKEN or give it on the first line of standard input"),
            "\(none.standardError)")
        // Never an argument: there is no option or argument to give it as.
        let argument = try await site.run(["login", Self.token], library: library)
        #expect(argument.status == 64)
        #expect(!argument.standardError.contains(Self.token), "\(argument.standardError)")
    }

    @Test("login --client-id exchanges the secret for a token, stored with its expiry; the API then answers")
    func clientCredentials() async throws {
        let site = try await CnblogsTestSite.start()
        let library = try TemporaryDirectory()
        let login = try await site.run(
            ["login", "--client-id", "bsl-test", "--json"], library: library, secret: "s3cr3t-LIVE")
        #expect(login.status == 0, "\(login.standardError)")
        let account = try JSONValue(parsing: login.standardOutput)
        #expect(account["user"]?["displayName"] == "南山行者")
        #expect(account["credential"]?.asString?.hasPrefix("client token for bsl-test (expires ") == true)
        #expect(account["expires"]?.asString != nil)
        let bookmarks = try await site.run(["bookmarks"], library: library)
        #expect(bookmarks.status == 0, "\(bookmarks.standardError)")
        for secret in ["s3cr3t-LIVE", "at-LIVE-9999"] {
            #expect(!login.standardOutput.contains(secret) && !bookmarks.standardOutput.contains(secret))
        }
    }

    @Test("a client token the API refuses is refreshed once, the request retried, and the new token stored")
    func refreshedAndStored() async throws {
        let site = try await CnblogsTestSite.start()
        let library = try TemporaryDirectory()
        let login = try await site.run(["login", "--client-id", "bsl-test"], library: library, secret: "s3cr3t-LIVE")
        #expect(login.status == 0, "\(login.standardError)")
        // The next token lives an hour, not a day; the bookmarks refuse the first request once.
        try await site.answer(
            "oauth.cnblogs.com/connect/token",
            body: "{\"access_token\":\"at-NEW-2222\",\"expires_in\":3600,\"token_type\":\"Bearer\"}",
            type: "application/json")
        let body = try Data(
            contentsOf: URL(fileURLWithPath: CnblogsTodayCommandTests.today + "/023-api-bookmarks.json"))
        try await site.server.set(
            .init(
                path: site.prefix + "/api.cnblogs.com/api/Bookmarks", bodyData: body, contentType: "application/json",
                failTimes: 1, failStatus: 401))
        let bookmarks = try await site.run(["bookmarks"], library: library, secret: "s3cr3t-LIVE")
        #expect(bookmarks.status == 0, "\(bookmarks.standardError)")
        #expect(Self.lines(bookmarks).count > 1)
        #expect(try await site.server.hits(site.prefix + "/api.cnblogs.com/api/Bookmarks").hits == 2)
        let status = try await site.run(["status", "--json"], library: library)
        let token = try JSONValue(parsing: status.standardOutput)["token"]?.asString ?? ""
        #expect(token.hasPrefix("stored sealed in "), "\(token)")
        let text = try await site.run(["status"], library: library).standardOutput
        let expiry = text.split(separator: "(expires ").dropFirst().first?.prefix(20).description ?? ""
        let expires = try #require(ISO8601DateFormatter().date(from: expiry), "\(text)")
        #expect(expires < Date().addingTimeInterval(7200), "the refreshed token (an hour) was not stored: \(text)")
    }

    @Test("the token is in no output, no cassette and no file of the library in the clear")
    func tokenNowhere() async throws {
        let site = try await CnblogsTestSite.start()
        let library = try TemporaryDirectory()
        let cassette = library.path("cassette").path
        let login = try await site.run(
            ["login", "--record", cassette], library: library, input: Data("\(Self.token)\n".utf8))
        #expect(login.status == 0, "\(login.standardError)")
        let list = try await site.run(["blogs", "--page", "2", "--record", cassette], library: library)
        #expect(list.status == 0, "\(list.standardError)")
        let client = try await site.run(
            ["login", "--client-id", "bsl-test", "--record", cassette], library: library, secret: "s3cr3t-LIVE")
        #expect(client.status == 0, "\(client.standardError)")
        let refused = try await site.run(
            ["whoami", "--token-api", site.server.url("/nowhere").absoluteString],
            library: library)
        #expect(refused.status == 1)

        var everything = [login, list, client, refused].map { $0.standardOutput + $0.standardError }.joined()
        for folder in [library.path("cassette"), library.path("library")] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != "images" {
                everything += String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            }
        }
        #expect(everything.contains("Bearer") == false)
        for secret in [Self.token, "s3cr3t-LIVE", "at-LIVE-9999"] {
            #expect(!everything.contains(secret), "\(secret) found")
        }
        // The cassette did record the API exchanges, with the header redacted.
        let index = try String(contentsOf: library.path("cassette/index.json"), encoding: .utf8)
        #expect(index.contains("blogposts/@sitehome?pageIndex=2"))
        #expect(index.contains("<redacted>"))
        #expect(!index.contains("connect/token"))  // the token exchange is never recorded
    }

    /// A one-line error, exit 1, nothing on standard output.
    static func expectOneLine(
        _ result: ProcessResult, _ phrases: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 1, "exit \(result.status): \(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)", sourceLocation: sourceLocation)
        #expect(result.standardError.hasPrefix("Error: "), sourceLocation: sourceLocation)
        #expect(
            result.standardError.split(separator: "\n").count == 1, "\(result.standardError)",
            sourceLocation: sourceLocation)
        for phrase in phrases {
            #expect(result.standardError.contains(phrase), "\(result.standardError)", sourceLocation: sourceLocation)
        }
    }

    @Test("the site answering 403 says it refused, to wait or use the token API")
    func forbidden() async throws {
        let site = try await CnblogsTestSite.start()
        try await site.answer("feed.cnblogs.com/blog/sitehome/rss", status: 403, body: "<h1>403 Forbidden</h1>")
        let result = try await site.run(["blogs"], library: try TemporaryDirectory())
        Self.expectOneLine(
            result, ["/feed.cnblogs.com/blog/sitehome/rss refused to answer (HTTP 403)", "wait a while"])
    }

    @Test("a captcha page instead of a post says the site is checking for robots")
    func captcha() async throws {
        let site = try await CnblogsTestSite.start()
        try await site.answer(
            "www.cnblogs.com/nanshan-walker/p/18562097",
            body: "<!DOCTYPE html><html><head><title>博客园 - 人机验证</title></head>"
                + "<body><div id=\"aliyunCaptcha-window-embed\"></div></body></html>")
        let result = try await site.run(["read", "nanshan-walker/18562097"], library: try TemporaryDirectory())
        Self.expectOneLine(result, ["refused to answer (a captcha page)", "--source api"])
    }

    @Test("a feed that is an HTML page says so, and to try later")
    func htmlFeed() async throws {
        let site = try await CnblogsTestSite.start()
        try await site.answer("feed.cnblogs.com/news/rss", body: "<!DOCTYPE html><html><body>维护中</body></html>")
        let result = try await site.run(["news"], library: try TemporaryDirectory())
        Self.expectOneLine(
            result, ["feed.cnblogs.com/news/rss answered an HTML page instead of its Atom feed", "try again later"])
    }

    @Test("a redirect to a login page says the page is for signed-in users, and to use the token API")
    func loginRedirect() async throws {
        let site = try await CnblogsTestSite.start()
        try await site.answer(
            "www.cnblogs.com/nanshan-walker/p/18562097", status: 302,
            location: site.prefix + "/account.cnblogs.com/signin")
        try await site.answer(
            "account.cnblogs.com/signin",
            body: "<html><body><form><input name=\"u\"><input type=\"password\" name=\"p\"></form></body></html>")
        let result = try await site.run(["read", "nanshan-walker/18562097"], library: try TemporaryDirectory())
        Self.expectOneLine(result, ["redirected to the login page", "bsl cnblogs login"])
    }

    @Test("429 with Retry-After says how long to wait")
    func rateLimited() async throws {
        let site = try await CnblogsTestSite.start()
        try await site.answer(
            "www.cnblogs.com/aggsite/topviews", status: 429, body: "Too Many Requests", retryAfter: "120")
        let result = try await site.run(["top48"], library: try TemporaryDirectory())
        Self.expectOneLine(result, ["is limiting requests (HTTP 429); wait 120 s and try again"])
    }

    @Test("a token that expired or was revoked (401) says to log in again, without the token")
    func expiredToken() async throws {
        let site = try await CnblogsTestSite.start()
        try await site.answer(
            "api.cnblogs.com/api/blogposts/@sitehome", status: 401,
            body: "{\"Message\":\"Authorization has been denied\"}",
            type: "application/json")
        let result = try await site.run(["blogs"], library: try TemporaryDirectory(), token: Self.token)
        Self.expectOneLine(result, ["refused the cnblogs token (HTTP 401)", "run `bsl cnblogs login` again"])
        #expect(!result.standardError.contains(Self.token))
        try await site.answer("api.cnblogs.com/api/users", status: 401, body: "{}", type: "application/json")
        let login = try await site.run(["login"], library: try TemporaryDirectory(), token: Self.token)
        Self.expectOneLine(login, ["refused the cnblogs token (HTTP 401)"])
    }

    @Test("a post that does not exist (the site's 404 page) is not found")
    func missingPost() async throws {
        let site = try await CnblogsTestSite.start()
        try await site.answer(
            "www.cnblogs.com/nanshan-walker/p/999999999", status: 404, body: "<html><title>404 - 博客园</title></html>")
        let result = try await site.run(["read", "nanshan-walker/999999999"], library: try TemporaryDirectory())
        Self.expectOneLine(result, ["not found: the post nanshan-walker/999999999", "check the spelling or the id"])
    }

    @Test("a server error from the site is the server's error, not \"not found\"")
    func serverError() async throws {
        let site = try await CnblogsTestSite.start()
        try await site.answer("www.cnblogs.com/nanshan-walker/p/18562097", status: 500, body: "oops")
        let result = try await site.run(["read", "nanshan-walker/18562097"], library: try TemporaryDirectory())
        Self.expectOneLine(result, ["500"])
        #expect(!result.standardError.contains("not found"))
    }

    @Test(
        "the new commands, against a port that refuses connections, end with one Error: line and exit 1",
        arguments: [
            ["picked"], ["search", "并发"], ["bookmarks"], ["whoami"], ["login"], ["login", "--client-id", "bsl-test"],
            ["read", "nanshan-walker/18562097"], ["comments", "nanshan-walker/18562097"],
        ])
    func refused(arguments: [String]) async throws {
        let library = try TemporaryDirectory()
        let result = try await ProcessRunner.run(
            CnblogsTodayCommandTests.bsl,
            ["cnblogs"] + arguments + [
                "--mirror", RefusingPort.shared.baseURL.absoluteString, "--library", library.path("library").path,
            ],
            environment: [
                "CNBLOGS_TOKEN": Self.token, "CNBLOGS_CLIENT_SECRET": "s3cr3t-LIVE",
                "XDG_DATA_HOME": library.path("data").path,
            ])
        Self.expectOneLine(result, [])
        #expect(result.standardError.contains("--replay Samples/cnblogs-today"), "\(result.standardError)")
        #expect(!result.standardError.contains(Self.token) && !result.standardError.contains("s3cr3t-LIVE"))
    }

    @Test(
        "each new command has help that names its sources",
        arguments: [
            (["picked", "--help"], "blog/picked/rss"), (["search", "--help"], "ZzkDocuments/Blog"),
            (["bookmarks", "--help"], "Bookmarks"), (["login", "--help"], "CNBLOGS_TOKEN"),
            (["logout", "--help"], "Remove the stored"), (["whoami", "--help"], "users"),
            (["status", "--help"], "no network"), (["--help"], "--mirror <url>"),
        ])
    func help(arguments: [String], phrase: String) async throws {
        let result = try await ProcessRunner.run(CnblogsTodayCommandTests.bsl, ["cnblogs"] + arguments)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(phrase), "\(result.standardOutput)")
    }

    @Test(
        "help shows each default once declared: the services' addresses and the first page",
        arguments: [
            (["--help"], "--feeds <url>        The feeds' base (default https://feed.cnblogs.com)."),
            (["--help"], "The site of blogs, posts and rankings (default https://www.cnblogs.com)."),
            (["--help"], "The news pages' base (default https://news.cnblogs.com)."),
            (["--help"], "The token API's base (default https://api.cnblogs.com/api)."),
            (["--help"], "The OAuth token server (default https://oauth.cnblogs.com)."),
            (["search", "--help"], "The page, from 1. (default: 1)"),
            (["blogs", "--help"], "The page, from 1; past the first needs the token API. (default: 1)"),
            (["blogs", "--help"], "How many entries, 1 to 100 (default: 20, or 10 from the legacy API)."),
        ])
    func helpDefaults(arguments: [String], line: String) async throws {
        let result = try await ProcessRunner.run(
            CnblogsTodayCommandTests.bsl, ["cnblogs"] + arguments, environment: ["COLUMNS": "200"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(line), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("(default: 1) (default: 1)"))
    }
}
