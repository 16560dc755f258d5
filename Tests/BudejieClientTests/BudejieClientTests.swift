import BasicNetworking
import BudejieClient
import Foundation
import TestSupport
import Testing

@Suite struct BudejieClientTests {
    static let sample = TestPaths.packageRoot.appendingPathComponent("Samples/budejie")

    static func samplePage() async throws -> SquarePage {
        try await BudejieClient(transport: try ReplayTransport(cassette: sample)).squarePage()
    }

    @Test("the sample recording decodes: 16 squares kept, 2 dropped, 4 tags, the reported count")
    func samplePageShape() async throws {
        let page = try await Self.samplePage()
        #expect(page.squares.count == 16)
        #expect(page.droppedCount == 2)  // the nameless entry and the trailing "more" cell with url ""
        #expect(page.reportedCount == 18)
        #expect(
            page.tags == [
                SquareTag(id: 3096, name: "每日一笑"), SquareTag(id: 124, name: "萌宠乐园"),
                SquareTag(id: 58, name: "旅行见闻"), SquareTag(id: 2207, name: "美食控"),
            ])
        #expect(!page.squares.contains { $0.name == "更多" || $0.name.isEmpty })
    }

    @Test("entries decode field by field, leniently")
    func fields() async throws {
        let squares = try await Self.samplePage().squares
        #expect(
            squares[0]
                == Square(
                    id: 28, name: "审帖", icon: URL(string: "http://img.spriteapp.cn/ugc/2016/0412/check_icon.png"),
                    url: "mod://BDJ_To_Check"))
        #expect(squares[1].id == 31)  // "31" in the response
        #expect(squares[1].link == .native(screen: "BDJ_To_Mine", parameters: ["dest": "2"]))
        // A doubled slash in the icon's path is kept; &amp; in a web link is decoded.
        #expect(squares[2].icon?.absoluteString == "http://mstatic.spriteapp.cn//ugc/2016/0518/game_icon.png")
        #expect(squares[2].url == "http://m.budejie.com/game?from=app&type=1")
        #expect(squares[2].link == .web)
        #expect(squares[3].link == .native(screen: "BDJ_To_Cate", parameters: ["cate": "3"]))
        #expect(squares[6].name == "附近的人")
        #expect(squares[6].icon == nil)  // "icon": ""
        #expect(squares[8].name == "段子手招募")
        #expect(squares[8].icon == nil)  // no icon at all
        #expect(squares.filter { $0.name == "审帖" }.count == 2)  // names can repeat
        #expect(squares.map(\.link.kindName).filter { $0 == "web" }.count == 6)
    }

    @Test(
        "a body that is not the expected shape is a decoding error naming the key path",
        arguments: [
            ("not-json", "", "invalid JSON"),
            ("top-array", "", "found array"),
            ("no-list", "square_list", "no square_list"),
            ("list-string", "square_list", "found string"),
            ("tags-string", "tag_list", "found object"),
        ])
    func malformed(name: String, keyPath: String, reason: String) async throws {
        let server = try await TestHTTPServer.shared()
        let client = BudejieClient(baseURL: server.url("/fixtures/budejie/\(name)"))
        // (Matching the case in the catch clause crashes Swift 6.3.1's SIL ownership checker
        // in this async function; the error is taken apart after catching it instead.)
        let error = try await #require(throws: NetworkError.self) { try await client.squarePage() }
        guard case .decodingFailed(let url, let errorKeyPath, let errorReason, _) = error else {
            Issue.record("expected decodingFailed, got \(error)")
            return
        }
        #expect(url.contains("/fixtures/budejie/\(name)/api_open.php?a=square&c=topic"))
        #expect(errorKeyPath == keyPath)
        #expect(errorReason.contains(reason), "\(errorReason)")
    }

    @Test("an unreachable server is a transport error naming the URL")
    func unreachable() async throws {
        let stopped = try await TestHTTPServer.start()
        stopped.stop()
        let client = BudejieClient(baseURL: stopped.baseURL)
        let error = try await #require(throws: NetworkError.self) { try await client.squares() }
        #expect(error.description.contains(stopped.baseURL.absoluteString))
    }
}
