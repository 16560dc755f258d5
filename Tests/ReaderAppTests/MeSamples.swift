import BasicNetworking
import BasicTerminal
import BudejieClient
import Foundation
import ReaderApp
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Squares and a model on the 我的 tab, for the 我的 page's tests.
enum MeSamples {
    static let budejie = TestPaths.packageRoot.appendingPathComponent("Samples/budejie")

    /// The recording's squares (`Samples/budejie`), read as the reader reads them.
    static func recorded() async throws -> [Square] {
        try await BudejieClient(transport: try ReplayTransport(cassette: budejie)).squares()
    }

    /// Squares whose links lead to the reader's own screens, and one the reader lacks.
    static let routed = [
        Square(id: 1, name: "设置", icon: nil, url: "mod://settings"),
        Square(id: 2, name: "离线阅读", icon: nil, url: "mod://offline@from=square"),
        Square(id: 3, name: "搜索", icon: nil, url: "mod://search/posts?q=swift"),
        Square(id: 4, name: "审帖", icon: nil, url: "mod://BDJ_To_Check"),
        Square(id: 5, name: "投稿须知", icon: nil, url: "http://m.budejie.com/rules"),
        Square(id: 6, name: "视频", icon: nil, url: "ftp://example.com/video"),
    ]

    /// A model of `size` whose 首页 has loaded, switched to 我的 (requests #2 for the squares and
    /// #3 for the cache's size), answered with `squares` and `bytes` when given.
    static func model(
        _ size: TerminalSize, squares: [Square]? = nil, bytes: UInt64? = nil
    ) -> ReaderModel {
        var model = ReaderModelTests.loaded(size)
        _ = model.type("7")
        if let squares { _ = model.handle(.squaresLoaded(RequestID(2), .success(squares))) }
        if let bytes { _ = model.handle(.cache(RequestID(3), .measured(.success(bytes)))) }
        return model
    }

    /// Writes an executable script, its descriptor closed on exec: a child that another test
    /// starts meanwhile does not hold it open for writing, which would make running the script
    /// fail with "text file busy".
    static func writeScript(_ text: String, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw TestSupportError("cannot write \(url.path): errno \(errno)") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard Glibc.write(descriptor, bytes, bytes.count) == bytes.count else {
            throw TestSupportError("cannot write \(url.path): errno \(errno)")
        }
    }
}
