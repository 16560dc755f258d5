import BasicNetworking
import CnblogsClient
import Foundation
import TestSupport
import Testing

/// README.md's CnblogsClient example (from the package root): if this breaks, so does the README.
@Suite struct CnblogsReadmeExampleTests {
    @Test("the README's CnblogsClient example works as written")
    func readme() async throws {
        let cassette = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs")
        let client = CnblogsClient(transport: try ReplayTransport(cassette: cassette))
        var lines: [String] = []
        for item in try await client.recentNews(count: 10) {
            lines.append("\(item.id) \(item.title) \(item.sourceName ?? "")")
        }
        #expect(lines.first == "551203 小米发布新款笔记本 \u{201C}Air\u{201D}，售价 3499 元起 IT之家")
    }
}
