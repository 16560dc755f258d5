import BasicNetworking
import CnblogsClient
import Foundation
import Testing

/// A page, size or count the API does not take is refused at the start of the call, whatever the
/// source: before a request is sent, and before any other answer (a token needed, the legacy API
/// only, a post whose blog is unknown). The client is the one home of these rules; `bsl` shows
/// its refusals as usage errors.
@Suite struct CnblogsArgumentTests {
    typealias Call = @Sendable (CnblogsClient) async throws(CnblogsError) -> Void

    /// A client whose every service is a port that refuses connections: anything sent fails as a
    /// network error, so an `invalidArgument` proves nothing was.
    static func client(token: Bool) throws -> CnblogsClient {
        let refused = try #require(URL(string: "http://127.0.0.1:9"))
        return CnblogsClient(
            baseURL: refused, siteURL: refused, hosts: .mirrored(under: refused),
            credential: token ? .personalAccessToken(Secret("t0ken")) : nil)
    }

    static let calls: [(String, String, Call)] = [
        ("blogs page 0", "page", { client throws(CnblogsError) in _ = try await client.blogs(page: 0) }),
        ("picked size 101", "size", { client throws(CnblogsError) in _ = try await client.picked(size: 101) }),
        ("hot news page 0", "page", { client throws(CnblogsError) in _ = try await client.newsItems(.hot, page: 0) }),
        (
            "legacy latest news size 0", "size",
            { client throws(CnblogsError) in _ = try await client.newsItems(size: 0, from: .legacy) }
        ),
        (
            "a blog's posts page 0", "page",
            { client throws(CnblogsError) in _ = try await client.blogPosts(of: "walker", page: 0) }
        ),
        (
            "top 10 size 101", "size",
            { client throws(CnblogsError) in _ = try await client.ranking(.mostRecommended10Days, size: 101) }
        ),
        (
            "legacy top 10 size 51", "size",
            { client throws(CnblogsError) in
                _ = try await client.ranking(.mostRecommended10Days, size: 51, from: .legacy)
            }
        ),
        (
            "comments of an id alone, page 0", "page",
            { client throws(CnblogsError) in _ = try await client.comments(on: PostReference(id: 1), page: 0) }
        ),
        (
            "news comments size 0", "size",
            { client throws(CnblogsError) in _ = try await client.comments(onNews: 1, size: 0) }
        ),
        ("search page 0", "page", { client throws(CnblogsError) in _ = try await client.search("swift", page: 0) }),
        ("bookmarks page 0", "page", { client throws(CnblogsError) in _ = try await client.bookmarks(page: 0) }),
        ("bloggers size 0", "size", { client throws(CnblogsError) in _ = try await client.bloggers(size: 0) }),
        (
            "a blog's feed size 0", "size",
            { client throws(CnblogsError) in _ = try await client.rssPosts(of: "walker", size: 0) }
        ),
    ]

    @Test("each list refuses a page or size it does not take before anything else", arguments: [false, true])
    func refusedFirst(token: Bool) async throws {
        let client = try Self.client(token: token)
        for (what, name, call) in Self.calls {
            var failure: CnblogsError?
            do {
                try await call(client)
            } catch {
                failure = error
            }
            guard let failure, case .invalidArgument(let refused, _, _) = failure else {
                Issue.record("\(what) (token: \(token)): expected invalidArgument, got \(String(describing: failure))")
                continue
            }
            #expect(refused == name, "\(what)")
            #expect(failure.description.hasPrefix("invalid \(name) "), "\(what)")
        }
    }
}
