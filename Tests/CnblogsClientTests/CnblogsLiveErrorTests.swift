import BasicNetworking
import CnblogsClient
import Foundation
import Synchronization
import TestSupport
import Testing

/// The errors a user meets live, each one line saying what happened and what to do: replayed
/// from cassettes written here, and over real HTTP against the test server where it can serve them.
@Suite struct CnblogsLiveErrorTests {
    static let feedURL = "https://feed.cnblogs.com/blog/sitehome/rss"
    static let postURL = "https://www.cnblogs.com/nanshan-walker/p/18562097"
    static let html = ["Content-Type": "text/html; charset=utf-8"]

    /// A client replaying `exchanges`, with `credential`.
    static func client(
        _ exchanges: [TestCassette.Exchange], credential: CnblogsCredential? = nil, in directory: TemporaryDirectory,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws -> CnblogsClient {
        CnblogsClient(
            credential: credential, transport: try TestCassette(exchanges: exchanges).transport(in: directory), now: now
        )
    }

    /// Checks that `error` is one line naming `url`, and returns its description.
    @discardableResult
    static func oneLine(_ error: CnblogsError, naming url: String, sourceLocation: SourceLocation = #_sourceLocation)
        -> String
    {
        let text = error.description
        #expect(!text.contains("\n"), sourceLocation: sourceLocation)
        #expect(text.contains(url), sourceLocation: sourceLocation)
        return text
    }

    @Test("the site answering 403 is blocked: wait, or use the token API")
    func forbidden() async throws {
        let directory = try TemporaryDirectory()
        let client = try Self.client(
            [
                .init(
                    url: Self.feedURL, status: 403, headers: Self.html,
                    body: "<html><body><h1>403 Forbidden</h1></body></html>")
            ],
            in: directory)
        let error = try #require(await CnblogsToday.error { try await client.blogs() })
        guard case .blocked(_, "HTTP 403", .sitePage) = error else {
            Issue.record("expected blocked(HTTP 403), got \(error)")
            return
        }
        let text = Self.oneLine(error, naming: Self.feedURL)
        #expect(text.contains("wait a while") && text.contains("--source api"))
    }

    @Test("a captcha page instead of a post is blocked")
    func captcha() async throws {
        let directory = try TemporaryDirectory()
        let page = """
            <!DOCTYPE html><html><head><title>博客园 - 人机验证</title></head>
            <body><div id="aliyunCaptcha-window-embed"></div><p>请完成验证后继续访问</p></body></html>
            """
        let client = try Self.client(
            [.init(url: Self.postURL, status: 200, headers: Self.html, body: page)], in: directory)
        let error = try #require(
            await CnblogsToday.error {
                try await client.article(PostReference(id: 18_562_097, blogapp: "nanshan-walker"))
            })
        guard case .blocked(_, "a captcha page", .sitePage) = error else {
            Issue.record("expected blocked(a captcha page), got \(error)")
            return
        }
        Self.oneLine(error, naming: Self.postURL)
    }

    @Test("a feed that is an HTML page is notAFeed")
    func htmlFeed() async throws {
        let directory = try TemporaryDirectory()
        let url = "https://feed.cnblogs.com/news/rss"
        let client = try Self.client(
            [.init(url: url, status: 200, headers: Self.html, body: "<!DOCTYPE html><html><body>维护中</body></html>")],
            in: directory)
        let error = try #require(await CnblogsToday.error { try await client.newsItems() })
        guard case .notAFeed(_, "an HTML page") = error else {
            Issue.record("expected notAFeed, got \(error)")
            return
        }
        #expect(Self.oneLine(error, naming: url).contains("try again later"))
    }

    @Test("a redirect to the login page is loginRedirect, naming where it led")
    func loginRedirect() async throws {
        let directory = try TemporaryDirectory()
        let signIn =
            "https://account.cnblogs.com/signin?ReturnUrl=https%3A%2F%2Fwww.cnblogs.com%2Fnanshan-walker%2Fp%2F18562097"
        let client = try Self.client(
            [.init(url: Self.postURL, status: 302, headers: ["Location": signIn], body: "")], in: directory)
        let error = try #require(
            await CnblogsToday.error {
                try await client.article(PostReference(id: 18_562_097, blogapp: "nanshan-walker"))
            })
        guard case .loginRedirect(let url, let location, .sitePage) = error else {
            Issue.record("expected loginRedirect, got \(error)")
            return
        }
        #expect(url == Self.postURL)
        #expect(location == signIn)
        #expect(Self.oneLine(error, naming: Self.postURL).contains("bsl cnblogs login"))
    }

    @Test("a refused ranking page is a sharedPage, the refused token API tokenAPI: neither suggests --source api")
    func refusalKinds() async throws {
        let directory = try TemporaryDirectory()
        let ranking = "https://www.cnblogs.com/aggsite/topviews"
        let api = "https://api.cnblogs.com/api/blogposts/@sitehome?pageIndex=1&pageSize=20"
        let client = try Self.client(
            [
                .init(url: ranking, status: 403, headers: Self.html, body: "<h1>403 Forbidden</h1>"),
                .init(url: api, status: 403, headers: Self.html, body: "<h1>403 Forbidden</h1>"),
            ],
            credential: .personalAccessToken(Secret("pat-FAKE-1")), in: directory)
        let shared = try #require(await CnblogsToday.error { try await client.ranking(.mostRead48Hours) })
        guard case .blocked(_, "HTTP 403", .sharedPage) = shared else {
            Issue.record("expected blocked(HTTP 403, sharedPage), got \(shared)")
            return
        }
        let own = try #require(await CnblogsToday.error { try await client.blogs(from: .api) })
        guard case .blocked(_, "HTTP 403", .tokenAPI) = own else {
            Issue.record("expected blocked(HTTP 403, tokenAPI), got \(own)")
            return
        }
        #expect(!Self.oneLine(shared, naming: ranking).contains("--source api"))
        #expect(!Self.oneLine(own, naming: api).contains("--source api"))
    }

    @Test("429 with Retry-After says how long to wait")
    func rateLimited() async throws {
        let directory = try TemporaryDirectory()
        let client = try Self.client(
            [.init(url: Self.feedURL, status: 429, headers: ["Retry-After": "120"], body: "Too Many Requests")],
            in: directory)
        let error = try #require(await CnblogsToday.error { try await client.blogs() })
        guard case .rateLimited(_, 120) = error else {
            Issue.record("expected rateLimited(120), got \(error)")
            return
        }
        #expect(Self.oneLine(error, naming: Self.feedURL).contains("wait 120 s and try again"))
    }

    @Test("a post id that does not exist (the site's 404 page) is notFound")
    func missingPost() async throws {
        let directory = try TemporaryDirectory()
        let url = "https://www.cnblogs.com/nanshan-walker/p/999999999"
        let client = try Self.client(
            [.init(url: url, status: 404, headers: Self.html, body: "<html><title>404 - 博客园</title></html>")],
            in: directory)
        let error = try #require(
            await CnblogsToday.error {
                try await client.article(try PostReference(parsing: "nanshan-walker/999999999"))
            })
        guard case .notFound(let what, _) = error else {
            Issue.record("expected notFound, got \(error)")
            return
        }
        #expect(what == "the post nanshan-walker/999999999")
        Self.oneLine(error, naming: url)
    }

    @Test("a personal access token the API refuses is credentialRejected at once: log in again")
    func refusedToken() async throws {
        let directory = try TemporaryDirectory()
        let url = "https://api.cnblogs.com/api/users"
        let client = try Self.client(
            [.init(url: url, status: 401, body: "{\"Message\":\"Authorization has been denied for this request.\"}")],
            credential: .personalAccessToken(CnblogsToday.token), in: directory)
        let error = try #require(await CnblogsToday.error { try await client.currentUser() })
        guard case .credentialRejected = error else {
            Issue.record("expected credentialRejected, got \(error)")
            return
        }
        let text = Self.oneLine(error, naming: url)
        #expect(text.contains("run `bsl cnblogs login` again"))
        #expect(!text.contains(CnblogsToday.token.revealed))
        #expect(client.interceptor?.refreshCount == 1)  // a PAT's "refresh" makes nothing, and nothing is retried
    }

    static let tokenURL = "https://oauth.cnblogs.com/connect/token"
    static let tokenRequest = "grant_type=client_credentials&client_id=bsl-test&client_secret=<redacted>"
    static let form = ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"]

    static func expired(secret: String = "s3cr3t-VALUE") -> CnblogsCredential {
        .clientCredentials(
            CnblogsClientCredentials(
                clientID: "bsl-test", clientSecret: Secret(secret), accessToken: Secret("at-OLD-1111"),
                expiresAt: Date(timeIntervalSince1970: 1_700_000_000)))
    }

    @Test(
        "an expired client-credentials token is refreshed before use; refused after the refresh, it is credentialRejected"
    )
    func expiredToken() async throws {
        let directory = try TemporaryDirectory()
        let client = try Self.client(
            [
                .init(
                    method: "POST", url: Self.tokenURL, requestHeaders: Self.form, requestBody: Self.tokenRequest,
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: "{\"access_token\":\"at-NEW-2222\",\"expires_in\":86400,\"token_type\":\"Bearer\"}"),
                .init(url: "https://api.cnblogs.com/api/users", status: 401, body: ""),
            ], credential: Self.expired(), in: directory)
        let error = try #require(await CnblogsToday.error { try await client.currentUser() })
        guard case .credentialRejected = error else {
            Issue.record("expected credentialRejected, got \(error)")
            return
        }
        // One refresh because the token had expired, one after the 401; then no more.
        #expect(client.interceptor?.refreshCount == 2)
        for secret in ["at-NEW-2222", "at-OLD-1111", "s3cr3t-VALUE"] { #expect(!error.description.contains(secret)) }
    }

    @Test("a token refused once and refreshed is retried once, and the refreshed credential is handed back to store")
    func refreshedOnce() async throws {
        let directory = try TemporaryDirectory()
        let stored = StoredCredential()
        let valid = CnblogsCredential.clientCredentials(
            CnblogsClientCredentials(
                clientID: "bsl-test", clientSecret: Secret("s3cr3t-VALUE"), accessToken: Secret("at-OLD-1111"),
                expiresAt: Date().addingTimeInterval(3600)))
        let user = try String(decoding: CnblogsToday.body("024-api-users.json"), as: UTF8.self)
        let client = CnblogsClient(
            credential: valid,
            transport: try TestCassette(exchanges: [
                .init(url: "https://api.cnblogs.com/api/users", status: 401, body: ""),
                .init(url: "https://api.cnblogs.com/api/users", status: 200, body: user),
                .init(
                    method: "POST", url: Self.tokenURL, requestHeaders: Self.form, requestBody: Self.tokenRequest,
                    status: 200,
                    body: "{\"access_token\":\"at-NEW-2222\",\"expires_in\":86400,\"token_type\":\"Bearer\"}"),
            ]).transport(in: directory),
            didRefreshCredential: { stored.set($0) })
        #expect(try await client.currentUser().displayName == "南山行者")
        #expect(client.interceptor?.refreshCount == 1)
        guard case .clientCredentials(let refreshed) = try #require(stored.value) else {
            Issue.record("expected client credentials to store")
            return
        }
        #expect(refreshed.accessToken?.revealed == "at-NEW-2222")
        #expect(refreshed.clientID == "bsl-test")
        #expect(try #require(refreshed.expiresAt).timeIntervalSinceNow > 86_000)
    }

    @Test("the token server refusing the client is tokenExchangeFailed, without the secret")
    func tokenServerRefuses() async throws {
        let directory = try TemporaryDirectory()
        let client = try Self.client(
            [
                .init(
                    method: "POST", url: Self.tokenURL, requestHeaders: Self.form, requestBody: Self.tokenRequest,
                    status: 400, body: "{\"error\":\"invalid_client\"}")
            ], credential: Self.expired(), in: directory)
        let error = try #require(await CnblogsToday.error { try await client.blogs(from: .api) })
        guard case .tokenExchangeFailed(let url, let reason) = error else {
            Issue.record("expected tokenExchangeFailed, got \(error)")
            return
        }
        #expect(url == Self.tokenURL)
        #expect(reason == "HTTP 400 (bad request): invalid_client")
        #expect(!error.description.contains("s3cr3t-VALUE"))
        #expect(error.description.contains("login --client-id"))
    }

    // MARK: Over real HTTP

    @Test("over HTTP: the site's no-credential lists and pages from the test server decode as the recording does")
    func liveSite() async throws {
        let directory = try TemporaryDirectory()
        let server = try await TestHTTPServer.start(fixtures: try CnblogsMirror.folder(in: directory))
        defer { server.stop() }
        let live = CnblogsClient(hosts: .mirrored(under: server.url("/fixtures")))
        let replay = try CnblogsToday.client()
        #expect(try await live.blogs().items == replay.blogs().items)
        #expect(try await live.picked().items == replay.picked().items)
        #expect(try await live.newsItems().items == replay.newsItems().items)
        #expect(try await live.blogPosts(of: "nanshan-walker").items == replay.blogPosts(of: "nanshan-walker").items)
        #expect(try await live.ranking(.mostRead48Hours).items == replay.ranking(.mostRead48Hours).items)
        #expect(try await live.ranking(.mostRecommended10Days).items == replay.ranking(.mostRecommended10Days).items)
        let reference = PostReference(id: 18_562_097, blogapp: "nanshan-walker")
        let article = try await live.article(reference)
        #expect(article.title == (try await replay.article(reference)).title)
        #expect(article.html == (try await replay.article(reference)).html)
        #expect(try await live.article(newsID: 789_012).title == replay.article(newsID: 789_012).title)
        #expect(try await live.comments(on: reference).items == replay.comments(on: reference).items)
    }

    @Test("over HTTP: a post the server does not have is notFound; a feed that is HTML is notAFeed")
    func liveErrors() async throws {
        let directory = try TemporaryDirectory()
        let folder = try CnblogsMirror.folder(in: directory)
        let feed = folder.appendingPathComponent("feed.cnblogs.com/news/rss")
        try Data("<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body></body></html>".utf8)
            .write(to: feed)
        let server = try await TestHTTPServer.start(fixtures: folder)
        defer { server.stop() }
        let live = CnblogsClient(hosts: .mirrored(under: server.url("/fixtures")))
        let missing = try #require(
            await CnblogsToday.error { try await live.article(PostReference(id: 1, blogapp: "nanshan-walker")) })
        guard case .notFound("the post nanshan-walker/1", _) = missing else {
            Issue.record("expected notFound, got \(missing)")
            return
        }
        let html = try #require(await CnblogsToday.error { try await live.newsItems() })
        guard case .notAFeed = html else {
            Issue.record("expected notAFeed, got \(html)")
            return
        }
    }
}

/// A credential handed back by a refresh, kept for the test to look at.
final class StoredCredential: Sendable {
    private let stored = Mutex<CnblogsCredential?>(nil)

    func set(_ credential: CnblogsCredential) { stored.withLock { $0 = credential } }

    var value: CnblogsCredential? { stored.withLock { $0 } }
}
