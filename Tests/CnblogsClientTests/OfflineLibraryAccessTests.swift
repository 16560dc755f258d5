import BasicStore
import CnblogsClient
import Foundation
import TestSupport
import Testing

/// The offline library opened read-only, and the folders and stores that are not a library to
/// read: an empty store, a file where the folder should be. (A read-only folder, a full disk and
/// another user's folder are tested through the built `bsl`, in BSLCnblogsOfflineCommandTests.)
@Suite struct OfflineLibraryAccessTests {
    /// The bytes of every file in `folder` and its `images` folder, by name.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in ["offline.key", "offline.sqlite"] {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        let images = folder.appendingPathComponent("images")
        for name in try FileManager.default.contentsOfDirectory(atPath: images.path) {
            files["images/" + name] = try Data(contentsOf: images.appendingPathComponent(name))
        }
        return files
    }

    @Test("read-only, a library lists and reads as read-write does, refuses save and remove, and changes no file")
    func readOnlyLibrary() async throws {
        // Given a library with an article whose image was downloaded from a live server, and another article
        let directory = try TemporaryDirectory()
        let site = directory.path("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        let png = try Data(
            contentsOf: CnblogsSamples.folder.appendingPathComponent("023-image-412873-20160814141502.png"))
        try png.write(to: site.appendingPathComponent("a.png"))
        let server = try await TestHTTPServer.start(fixtures: site)
        defer { server.stop() }
        let image = server.url("/fixtures/a.png")
        let folder = directory.path("library")
        let writer = try OfflineLibrary(folder: folder)
        let news = OfflineLibraryTests.article(.news, 551203, images: [image])
        try await writer.save(news, downloadingImages: true)
        try await writer.save(OfflineLibraryTests.article(.post, 5770214))
        let before = try Self.snapshot(folder)

        // When it is opened read-only
        let reader = try OfflineLibrary(folder: folder, access: .readOnly)

        // Then it lists and reads what the writer does, the saved image too
        #expect(reader.access == .readOnly)
        #expect(try reader.entries() == writer.entries())
        #expect(try reader.article(.news, id: 551203) == news)
        #expect(reader.imageData(for: image) == png)
        #expect(reader.imageDataURIs(for: news) == writer.imageDataURIs(for: news))

        // And saving or removing fails before anything is downloaded or written
        let saving = await #expect(throws: CnblogsError.self) {
            try await reader.save(OfflineLibraryTests.article(.post, 1), downloadingImages: true)
        }
        let removing = #expect(throws: CnblogsError.self) { try reader.remove(.news, id: 551203) }
        for error in [saving, removing] {
            #expect(
                error?.description == "offline library \(folder.path): the library was opened read-only; "
                    + "open it with access .readWrite to change it")
        }
        #expect(try Self.snapshot(folder) == before)
        #expect(try writer.entries().map(\.key) == ["post-5770214", "news-551203"])
    }

    @Test("read-only, a folder without a library is an error and nothing is made")
    func readOnlyWithoutLibrary() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("typo")
        let error = try #require(throws: CnblogsError.self) { try OfflineLibrary(folder: folder, access: .readOnly) }
        #expect(error.description.contains("there is no offline library here"))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("a library whose image folder was never made reads read-only, without images")
    func readOnlyWithoutImages() async throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("library")
        try await OfflineLibrary(folder: folder).save(OfflineLibraryTests.article(.post, 7))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("images"))
        let reader = try OfflineLibrary(folder: folder, access: .readOnly)
        #expect(try reader.entries().map(\.key) == ["post-7"])
        #expect(reader.imageData(for: URL(fileURLWithPath: "/x.png")) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("images").path))
    }

    @Test("a 0-byte store beside the key: read-only it says so and stays empty; a save starts the store again")
    func emptyStore() async throws {
        // Given a library whose store file has been emptied, its key file still there
        let directory = try TemporaryDirectory()
        let folder = directory.path("library")
        try await OfflineLibrary(folder: folder).save(OfflineLibraryTests.article(.post, 7))
        let store = folder.appendingPathComponent("offline.sqlite")
        try Data().write(to: store)

        // When it is opened read-only, then it is an error saying what the file is and what to do
        let error = try #require(throws: CnblogsError.self) { try OfflineLibrary(folder: folder, access: .readOnly) }
        guard case .library(let path, let reason) = error else {
            Issue.record("expected a library error, got \(error)")
            return
        }
        #expect(path == store.path)
        #expect(reason.hasPrefix("the store is empty (0 bytes) although the key file is there"))
        #expect(reason.contains("restore offline.sqlite from a backup"))
        #expect(try Data(contentsOf: store).isEmpty)

        // And a save, read-write, starts the store again with the same key
        let library = try OfflineLibrary(folder: folder)
        try await library.save(OfflineLibraryTests.article(.post, 8))
        #expect(try OfflineLibrary(folder: folder, access: .readOnly).entries().map(\.key) == ["post-8"])
    }

    @Test("exists(at:) is false for a missing folder or store, and an error for a file where the folder should be")
    func exists() throws {
        let directory = try TemporaryDirectory()
        #expect(try OfflineLibrary.exists(at: directory.path("missing")) == false)
        #expect(try OfflineLibrary.exists(at: directory.url) == false)
        let file = directory.path("file")
        try Data("x".utf8).write(to: file)
        let error = try #require(throws: CnblogsError.self) { try OfflineLibrary.exists(at: file) }
        #expect(error.description.contains("it is a file, not a folder"))
        for access in [OfflineLibrary.Access.readOnly, .readWrite] {
            let opening = try #require(throws: CnblogsError.self) { try OfflineLibrary(folder: file, access: access) }
            #expect(opening.description.contains("it is a file, not a folder"))
        }
    }
}
