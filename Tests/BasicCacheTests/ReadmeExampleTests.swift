import BasicCache
import BasicFormat
import Foundation
import TestSupport
import Testing

/// README.md's BasicCache example, line for line (in a folder of its own): if this breaks,
/// so does the README.
@Suite struct CacheReadmeExampleTests {
    @Test("the README's BasicCache example works as written")
    func readme() async throws {
        let temporary = try TemporaryDirectory()
        let folder = temporary.url.appendingPathComponent("images")
        let cache = try DiskCache(folder: folder, configuration: .init(sizeLimit: 50_000_000))
        try cache.store(Data("png bytes".utf8), forKey: "https://pic.cnblogs.com/face/1.png")
        let size = try await DirectorySize.measure(folder)
        let label = "清除缓存(\(ByteCount(size.logicalBytes)))"  // 清除缓存(25B)
        _ = try await cache.removeAll()  // the folder stays, empty
        #expect(label == "清除缓存(25B)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
