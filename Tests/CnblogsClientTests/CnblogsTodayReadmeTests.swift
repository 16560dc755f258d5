import BasicNetworking
import CnblogsClient
import Foundation
import TestSupport
import Testing

/// README.md's example of today's sources (from the package root): if this breaks, so does the README.
@Suite struct CnblogsTodayReadmeTests {
    @Test("the README's example of today's sources works as written")
    func readme() async throws {
        let cassette = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs-today")
        let today = CnblogsClient(transport: try ReplayTransport(cassette: cassette))
        let home = try await today.blogs()
        #expect(home.items.count == 20)
        #expect(home.items[0].viewCount == nil)
        #expect(home.items[0].title == "Swift 6 的严格并发：把全局可变状态关进 Mutex")
        let post = try await today.article(try PostReference(parsing: "nanshan-walker/18562097"))
        #expect(post.author == "南山行者")
        let token = CnblogsClient(credential: .personalAccessToken(Secret("pat")))
        #expect(token.hasCredential && token.resolved(nil) == .api)
    }
}
