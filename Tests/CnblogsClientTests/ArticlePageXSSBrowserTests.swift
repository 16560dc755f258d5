import CnblogsClient
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every vector of ``XSSVector/all``, sanitized and rendered by ``ArticlePage``, in headless
/// Chromium with the page's Content-Security-Policy and without it: no script runs, nothing
/// loads (every URL in the vectors points at the local test server, which counts requests), the
/// page goes nowhere else and nothing is laid over it.
@Suite(.serialized, .enabled(if: HeadlessChromium.installed != nil, HeadlessChromium.missingMessage))
struct ArticlePageXSSBrowserTests {
    /// The page for `body`: sanitized by ``ArticlePage`` unless `sanitize` is false, with the
    /// Content-Security-Policy or without it.
    static func page(body: String, sanitize: Bool = true, policy: Bool) throws -> String {
        let article = Article(kind: .post, id: 1, title: "安全测试：一篇文章", author: "tester", html: body)
        let html = (sanitize ? ArticlePage(article: article) : ArticlePage(article: article, bodyHTML: body)).html()
        guard !policy else { return html }
        let meta = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(ArticlePage.contentSecurityPolicy)\">\n"
        #expect(html.contains(meta))
        return html.replacing(meta, with: "")
    }

    /// A URL on the test server that counts each request under `prefix` + `name`, whatever is
    /// appended to it.
    static func countingURL(_ server: TestHTTPServer, prefix: String, name: String) -> String {
        server.url("/echo/\(name)?count=\(prefix)\(name)").absoluteString
    }

    /// The counters of the test server whose names start with `prefix`, and their counts.
    static func hits(_ server: TestHTTPServer, prefix: String) async throws -> [String: Int] {
        try await server.counters().filter { $0.key.hasPrefix(prefix) && $0.value > 0 }
    }

    /// Writes `pages` (file name → HTML) into `folder` and inspects them, at most 40 frames a run.
    static func inspect(_ pages: [(String, String)], in folder: URL) async throws -> [String: PageInspection] {
        let chromium = try #require(HeadlessChromium.installed)
        for (name, html) in pages {
            try html.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        var inspections: [String: PageInspection] = [:]
        var start = 0
        while start < pages.count {
            let batch = pages[start..<min(start + 40, pages.count)].map(\.0)
            inspections.merge(try await chromium.inspect(pages: batch, in: folder)) { first, _ in first }
            start += 40
        }
        return inspections
    }

    @Test("no vector runs a script, loads, redirects or covers the page once sanitized, with or without the CSP")
    func vectors() async throws {
        // Given every vector, sanitized into a page, with and without the policy.
        let server = try await TestHTTPServer.shared()
        let prefix = "xss-\(UUID().uuidString.prefix(8))-"
        let folder = try TemporaryDirectory()
        var pages: [(String, String)] = []
        for vector in XSSVector.all {
            let body = vector.html(url: Self.countingURL(server, prefix: prefix, name: vector.name))
            pages.append(("\(vector.name).html", try Self.page(body: body, policy: true)))
            pages.append(("\(vector.name)-no-policy.html", try Self.page(body: body, policy: false)))
        }

        // When Chromium loads them all.
        let inspections = try await Self.inspect(pages, in: folder.url)

        // Then each page stayed put, ran nothing and lays nothing over itself, and the server
        // saw no request at all.
        for (name, _) in pages {
            let inspection = try #require(inspections[name], "no inspection of \(name)")
            #expect(inspection.problems.isEmpty, "\(name): \(inspection.problems.joined(separator: "; "))")
            #expect(inspection.elementCount > 5, "\(name) has only \(inspection.elementCount) elements")
        }
        let hits = try await Self.hits(server, prefix: prefix)
        #expect(hits.isEmpty, "requests reached the test server: \(hits)")
    }

    @Test(
        "the harness sees what unsanitized vectors do: a script, a load, a redirect, an overlay, a base, a script URL")
    func controls() async throws {
        // Given unsanitized bodies that do each thing the vectors test for, without the policy,
        // and one sanitized body with a web image, which a page is meant to load.
        let server = try await TestHTTPServer.shared()
        let prefix = "xss-control-\(UUID().uuidString.prefix(8))-"
        func url(_ name: String) -> String { Self.countingURL(server, prefix: prefix, name: name) }
        let bodies = [
            ("script", "<img src=x onerror=\"\(XSSVector.marker)\">"),
            ("load", "<link rel=\"stylesheet\" href=\"\(url("load"))\">"),
            ("redirect", "<meta http-equiv=\"refresh\" content=\"0;url=\(url("redirect"))\">"),
            ("overlay", "<div style=\"position:fixed;top:0;left:0;width:100%;height:100%;background:red\">w</div>"),
            ("base", "<base href=\"https://www.cnblogs.com/\">"),
            ("script-url", "<a href=\"javascript:void(0)\">x</a>"),
        ]
        var pages = try bodies.map {
            ("control-\($0.0).html", try Self.page(body: $0.1, sanitize: false, policy: false))
        }
        // The issue's vector, unsanitized, gets past the policy: the refresh still redirects.
        let breakout = XSSVector("comment-in-textarea", "a<textarea><!--</textarea>\(XSSVector.payload)--></textarea>b")
        pages.append(
            (
                "control-breakout.html",
                try Self.page(body: breakout.html(url: url("breakout")), sanitize: false, policy: true)
            ))
        pages.append(("control-image.html", try Self.page(body: "<p><img src=\"\(url("image"))\"></p>", policy: true)))
        let folder = try TemporaryDirectory()

        // When Chromium loads them.
        let inspections = try await Self.inspect(pages, in: folder.url)
        let hits = try await Self.hits(server, prefix: prefix)

        // Then each is caught by what it does.
        #expect(inspections["control-script.html"]?.scripted == true)
        #expect(hits["\(prefix)load", default: 0] > 0, "\(hits)")
        #expect(inspections["control-redirect.html"]?.redirected == true)
        #expect(hits["\(prefix)redirect", default: 0] > 0, "\(hits)")
        #expect(inspections["control-overlay.html"]?.positioned.isEmpty == false)
        #expect(inspections["control-overlay.html"]?.titleCovered == true)
        #expect(inspections["control-base.html"]?.baseChanged == true)
        #expect(inspections["control-script-url.html"]?.scriptURLs.isEmpty == false)
        #expect(
            inspections["control-breakout.html"]?.redirected == true,
            "\(String(describing: inspections["control-breakout.html"]))")
        #expect(hits["\(prefix)image", default: 0] > 0, "a sanitized web image did not load: \(hits)")
        #expect(inspections["control-image.html"]?.problems == [])
    }
}
