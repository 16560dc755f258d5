import CnblogsClient
import Foundation
import TestSupport
import Testing

/// The rendered article page in a real browser: headless Chromium at a phone's 375-px width
/// (see ``HeadlessChromium`` for how the width is made true and measured).
@Suite(.serialized, .enabled(if: HeadlessChromium.installed != nil, HeadlessChromium.missingMessage))
struct ArticlePageBrowserTests {
    /// An SVG 2000 × 100 px, as a data: URI so that nothing is fetched.
    static let wideImage =
        "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='2000' height='100'%3E"
        + "%3Crect width='2000' height='100' fill='%23c33'/%3E%3C/svg%3E"

    /// A body made to be as hostile to a narrow screen as cnblogs bodies get.
    static let hostileBody: String = {
        let cjk = String(repeating: "博客园是一个面向开发者的知识分享社区，自创建以来一直致力于并专注于为开发者打造一个纯净的技术交流社区。", count: 8)
        let columns = 1...10
        let header = columns.map { "<th>column_header_number_\($0)_with_a_long_name</th>" }.joined()
        let row = columns.map { "<td>internationalization_configuration_value_\($0)</td>" }.joined()
        let longLine = "let line = \"" + String(repeating: "0123456789", count: 30) + "\""
        let longURL = "https://www.cnblogs.com/" + String(repeating: "abcdefghij", count: 20)
        let longWord = "supercalifragilistic_" + String(repeating: "x", count: 120)
        return """
            <p>\(cjk)</p>
            <p><img id="wide-image" width="2000" height="100" src="\(wideImage)" alt="2000 px wide"></p>
            <table id="wide-table"><thead><tr>\(header)</tr></thead><tbody><tr>\(row)</tr><tr>\(row)</tr></tbody></table>
            <pre id="long-line"><code>\(longLine)\nprint(line)</code></pre>
            <p>地址：\(longURL) 和 <a href="\(longURL)">\(longURL)</a></p>
            <p>Inline code: <code>\(longWord)</code></p>
            <ul><li>\(longWord)<ul><li>第二层 \(cjk)<ol><li>\(longURL)</li><li>第三层</li></ol></li></ul></li></ul>
            <blockquote><p>\(cjk)</p><blockquote><p>\(longWord)</p></blockquote></blockquote>
            <div class="cnblogs_code" style="width: 900px"><p>a box with a fixed width of 900 px, as pasted from an editor</p></div>
            <p>\(cjk)</p>
            <script>document.documentElement.setAttribute('data-scripted', '')</script>
            """
    }()

    static let article = Article(
        kind: .post, id: 5_770_214, title: "在窄屏上阅读：" + String(repeating: "很长的标题", count: 12),
        author: "a_very_long_author_name_" + String(repeating: "y", count: 60),
        published: Date(timeIntervalSince1970: 1_471_102_860),
        link: URL(string: "http://www.cnblogs.com/lihua/p/5770214.html"), html: hostileBody)

    /// Writes the article page (and, when asked, a copy without its stylesheet) into `folder`.
    static func writePages(to folder: URL, withUnstyledCopy: Bool) throws -> [String] {
        // The body goes in unsanitized, so that its script tests the page's policy alone.
        let html = ArticlePage(article: article, bodyHTML: article.html).html()
        try html.write(to: folder.appendingPathComponent("article.html"), atomically: true, encoding: .utf8)
        guard withUnstyledCopy else { return ["article.html"] }
        let start = try #require(html.range(of: "<style>"))
        let end = try #require(html.range(of: "</style>"))
        let unstyled = html.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "")
        try unstyled.write(to: folder.appendingPathComponent("unstyled.html"), atomically: true, encoding: .utf8)
        return ["article.html", "unstyled.html"]
    }

    @Test("nothing in the article is wider than a 375-px phone screen; tables and code scroll in their own box")
    func fitsAPhone() async throws {
        // Given the page and a copy without its stylesheet, at 375 px.
        let chromium = try #require(HeadlessChromium.installed)
        let folder = try TemporaryDirectory()
        let pages = try Self.writePages(to: folder.url, withUnstyledCopy: true)

        // When Chromium lays them out.
        let measured = try await chromium.measure(pages: pages, in: folder.url)
        let page = try #require(measured["article.html"])
        let unstyled = try #require(measured["unstyled.html"])

        // Then the viewport really was 375 px wide, and nothing reaches past it (past the
        // layout width, which is less where the browser draws a classic scrollbar).
        #expect(
            page.innerWidth == Double(HeadlessChromium.viewportWidth),
            "the frame's viewport was \(page.innerWidth) px, not \(HeadlessChromium.viewportWidth)")
        let width = page.clientWidth
        #expect(width > 300 && width <= page.innerWidth)
        #expect(page.scrollWidth <= width, "the page scrolls sideways: scrollWidth \(page.scrollWidth) > \(width)")
        #expect(page.bodyScrollWidth <= width)
        #expect(page.offenders.isEmpty, "wider than the viewport: \(page.offenders)")
        for scroller in page.scrollers {
            #expect(scroller.right <= width + 0.5, "the scroller \(scroller.element) ends at \(scroller.right)")
        }

        // The hostile parts were really wider than the screen, and scroll inside their own box.
        for id in ["pre#long-line", "table#wide-table"] {
            let scroller = try #require(page.scrollers.first { $0.element == id }, "\(id) does not scroll")
            #expect(scroller.scrollWidth > width, "\(id) is only \(scroller.scrollWidth) px wide inside")
        }
        let image = try #require(page.images.first { $0.element == "img#wide-image" })
        #expect(image.naturalWidth == 2000)
        #expect(image.width > 0 && image.width <= width - 32, "the 2000-px image was drawn \(image.width) px wide")

        // The page's policy kept the body's script from running.
        #expect(!page.scripted, "a script in the body ran despite the Content-Security-Policy")

        // And the measurement does catch overflow: without the stylesheet the same page is too wide.
        #expect(unstyled.innerWidth == Double(HeadlessChromium.viewportWidth))
        #expect(unstyled.scrollWidth > unstyled.clientWidth)
        #expect(unstyled.offenders.contains { $0.element == "img#wide-image" }, "\(unstyled.offenders)")
    }

    @Test("the page follows the system's dark mode (prefers-color-scheme)")
    func darkMode() async throws {
        // Given the page.
        let chromium = try #require(HeadlessChromium.installed)
        let folder = try TemporaryDirectory()
        let pages = try Self.writePages(to: folder.url, withUnstyledCopy: false)

        // When Chromium shows it in light mode and in forced dark mode.
        let light = try #require(try await chromium.measure(pages: pages, in: folder.url)["article.html"])
        let dark = try #require(
            try await chromium.measure(pages: pages, in: folder.url, flags: ["--force-dark-mode"])["article.html"])

        // Then the colours differ, and the dark page fits the screen as well.
        #expect(!light.prefersDark, "the browser's default scheme was dark; the light case was not tested")
        guard dark.prefersDark else {
            try Test.cancel("this Chromium ignores --force-dark-mode, so dark mode cannot be checked here")
        }
        #expect(light.background != dark.background, "body background is \(light.background) in both schemes")
        #expect(light.color != dark.color, "body text is \(light.color) in both schemes")
        #expect(dark.offenders.isEmpty, "wider than the viewport in dark mode: \(dark.offenders)")
    }
}
