import Foundation
import TestSupport
import Testing

@Suite struct TemporaryDirectoryTests {
    @Test("each folder is new and empty, and is removed when released")
    func lifecycle() throws {
        var path: String
        do {
            let folder = try TemporaryDirectory()
            let other = try TemporaryDirectory()
            path = folder.url.path
            #expect(folder.url != other.url)
            #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
            try Data("x".utf8).write(to: folder.path("file.txt"))
            #expect(FileManager.default.fileExists(atPath: folder.path("file.txt").path))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
