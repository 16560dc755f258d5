import Foundation
import TestSupport
import Testing

/// `bsl cnblogs` against the test server: what an error suggests is something that can help (the
/// token API is never suggested for what it reads the same way, or for what it already answered),
/// rows the lenient decoder drops, and `read` with a token when the blog's list lacks the post.
@Suite struct CnblogsTestServerHintTests {
    static let token = "pat-LIVE-4242"
    static let captcha =
        "<!DOCTYPE html><html><head><title>博客园 - 人机验证</title></head>"
        + "<body><div id=\"aliyunCaptcha-window-embed\"></div></body></html>"

    /// Makes `hostAndPath` answer 403, a captcha page, or a redirect to the login page.
    static func refuse(_ hostAndPath: String, with refusal: String, on site: CnblogsTestSite) async throws {
        switch refusal {
        case "403":
            try await site.answer(hostAndPath, status: 403, body: "<h1>403 Forbidden</h1>")
        case "captcha":
            try await site.answer(hostAndPath, body: captcha)
        default:
            try await site.answer(hostAndPath, status: 302, location: site.prefix + "/account.cnblogs.com/signin")
            try await site.answer(
                "account.cnblogs.com/signin",
                body: "<html><body><form><input name=\"u\"><input type=\"password\" name=\"p\"></form></body></html>")
        }
    }

    @Test(
        "top10 refused (403, a captcha, the login page) never suggests --source api, which reads the same page",
        arguments: [false, true], ["403", "captcha", "login"])
    func rankingRefused(withToken: Bool, refusal: String) async throws {
        let site = try await CnblogsTestSite.start()
        try await Self.refuse("www.cnblogs.com/aggsite/topdiggs", with: refusal, on: site)
        let result = try await site.run(
            ["top10"], library: try TemporaryDirectory(), token: withToken ? Self.token : nil)
        CnblogsTestServerCommandTests.expectOneLine(result, ["/www.cnblogs.com/aggsite/topdiggs"])
        #expect(!result.standardError.contains("--source api"), "\(result.standardError)")
        #expect(!result.standardError.contains("token API instead"), "\(result.standardError)")
        switch refusal {
        case "login":
            #expect(result.standardError.contains("open it in a browser"), "\(result.standardError)")
        default:
            #expect(result.standardError.contains("wait a while and try again"), "\(result.standardError)")
            #expect(result.standardError.contains("--replay Samples/cnblogs-today"), "\(result.standardError)")
        }
    }

    @Test(
        "the token API refused (403, a captcha, the login page) with --source api never suggests --source api",
        arguments: ["403", "captcha", "login"])
    func apiRefused(refusal: String) async throws {
        let site = try await CnblogsTestSite.start()
        try await Self.refuse("api.cnblogs.com/api/blogposts/@sitehome", with: refusal, on: site)
        let result = try await site.run(
            ["blogs", "--source", "api"], library: try TemporaryDirectory(), token: Self.token)
        CnblogsTestServerCommandTests.expectOneLine(result, ["/api.cnblogs.com/api/blogposts/@sitehome"])
        #expect(!result.standardError.contains("--source api"), "\(result.standardError)")
        #expect(!result.standardError.contains(Self.token))
        switch refusal {
        case "login":
            #expect(result.standardError.contains("run `bsl cnblogs login` again"), "\(result.standardError)")
        default:
            #expect(result.standardError.contains("wait a while and try again"), "\(result.standardError)")
        }
    }

    @Test("a post's page refused still suggests the token API, which reads the post another way")
    func postRefused() async throws {
        let site = try await CnblogsTestSite.start()
        try await Self.refuse("www.cnblogs.com/nanshan-walker/p/18562097", with: "403", on: site)
        let result = try await site.run(["read", "nanshan-walker/18562097"], library: try TemporaryDirectory())
        CnblogsTestServerCommandTests.expectOneLine(result, ["refused to answer (HTTP 403)", "--source api"])
    }

    @Test("rows of an API list that cannot be read are left out, with one warning line on standard error")
    func droppedRows() async throws {
        let site = try await CnblogsTestSite.start()
        let good = { (id: Int, title: String) in
            #"{"Id":\#(id),"Title":"\#(title)","Url":"https://www.cnblogs.com/nanshan-walker/p/\#(id)","#
                + #""Author":"南山行者","BlogApp":"nanshan-walker","PostDate":"2026-03-12T10:35:00.9725356+08:00","#
                + #""ViewCount":10,"CommentCount":1,"DiggCount":0}"#
        }
        let broken = #"{"Title":"没有 Id 的一行","PostDate":"2026-03-12T09:00:00+08:00"}"#
        try await site.answer(
            "api.cnblogs.com/api/blogposts/@sitehome",
            body: "[\(good(18_562_097, "第一篇")),\(broken),\(good(18_561_533, "第二篇"))]", type: "application/json")
        let result = try await site.run(["blogs"], library: try TemporaryDirectory(), token: Self.token)
        #expect(result.status == 0, "\(result.standardError)")
        let url =
            site.server.url(site.prefix).absoluteString
            + "/api.cnblogs.com/api/blogposts/@sitehome?pageIndex=1&pageSize=20"
        #expect(
            result.standardError
                == "warning: 1 entry of \(url) could not be read (no id, title or date) and is left out\n")
        let rows = result.standardOutput.split(separator: "\n").dropFirst().map(String.init)
        #expect(rows.count == 2, "\(rows)")
        #expect(rows.first?.hasPrefix("18562097  第一篇") == true, "\(rows)")
        #expect(rows.last?.hasPrefix("18561533  第二篇") == true, "\(rows)")
    }

    @Test("with a token, a post its blog's list does not show is read with its id as the title")
    func apiReadNotListed() async throws {
        let site = try await CnblogsTestSite.start()
        try await site.answer("api.cnblogs.com/api/blogs/nanshan-walker/posts", body: "[]", type: "application/json")
        let result = try await site.run(
            ["read", "nanshan-walker/18562097", "--width", "60"], library: try TemporaryDirectory(), token: Self.token)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "Post 18562097")
        #expect(result.standardOutput.contains("全局可变状态不是并发安全的"))
        #expect(try await site.server.hits(site.prefix + "/api.cnblogs.com/api/blogs/nanshan-walker/posts").hits == 1)
    }
}
