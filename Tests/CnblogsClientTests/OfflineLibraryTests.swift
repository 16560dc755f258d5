import BasicNetworking
import BasicStore
import CnblogsClient
import Foundation
import Synchronization
import TestSupport
import Testing

/// The offline library on real store files, real key files and a real HTTP server.
@Suite struct OfflineLibraryTests {
    static func article(_ kind: Article.Kind, _ id: Int, title: String? = nil, images: [URL] = []) -> Article {
        Article(
            kind: kind, id: id, title: title ?? "标题 \(id)", author: kind == .post ? "南山行者" : nil,
            source: kind == .news ? "IT之家" : nil, published: Date(timeIntervalSince1970: 1_471_155_300),
            link: URL(string: "https://www.cnblogs.com/x/p/\(id).html"), html: "<p>正文 \(id)</p>", imageURLs: images)
    }

    /// A clock that moves a second each time it is read, so saves are ordered.
    static func ticking() -> @Sendable () -> Date {
        let counter = Counter()
        return { Date(timeIntervalSince1970: 1_800_000_000 + Double(counter.next())) }
    }

    @Test("save, list newest first, read, save again to the front, remove: through a real store file")
    func saveListReadRemove() async throws {
        // Given an empty library in a new folder
        let directory = try TemporaryDirectory()
        let folder = directory.path("library")
        let library = try OfflineLibrary(folder: folder, now: Self.ticking())
        #expect(try library.entries().isEmpty)

        // When three articles are saved
        try await library.save(Self.article(.post, 5770214))
        try await library.save(Self.article(.news, 551203))
        let third = try await library.save(Self.article(.post, 5770198))

        // Then they list newest first, each readable in full
        #expect(try library.entries().map(\.key) == ["post-5770198", "news-551203", "post-5770214"])
        #expect(third.replacedExisting == false)
        #expect(third.entry.byline == "南山行者")
        #expect(try library.article(.news, id: 551203) == Self.article(.news, 551203))
        #expect(try library.article(.post, id: 551203) == nil)

        // When the oldest is saved again with a new title, it replaces the copy and moves to the front
        let again = try await library.save(Self.article(.post, 5770214, title: "新标题"))
        #expect(again.replacedExisting)
        #expect(try library.entries().map(\.key) == ["post-5770214", "post-5770198", "news-551203"])
        #expect(try library.article(.post, id: 5770214)?.title == "新标题")

        // When one is removed, it is gone from the list and the store; a second removal says so
        #expect(try library.remove(.news, id: 551203))
        #expect(try library.remove(.news, id: 551203) == false)
        #expect(try library.article(.news, id: 551203) == nil)

        // And a library opened again on the folder reads what is left
        let reopened = try OfflineLibrary(folder: folder)
        #expect(try reopened.entries().map(\.key) == ["post-5770214", "post-5770198"])
        #expect(try reopened.entries().first?.title == "新标题")
    }

    @Test("the key is made once, 32 bytes, owner-only, in an owner-only folder; nothing is stored in plain text")
    func keyFile() async throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("deep/library")
        try await OfflineLibrary(folder: folder).save(Self.article(.post, 1, title: "一个独一无二的标题"))
        let keyFile = folder.appendingPathComponent("offline.key")
        let key = try Data(contentsOf: keyFile)
        #expect(key.count == 32)
        let attributes = try FileManager.default.attributesOfItem(atPath: keyFile.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: folder.path)
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)

        // Opening again keeps the key
        _ = try OfflineLibrary(folder: folder)
        #expect(try Data(contentsOf: keyFile) == key)

        // The title is sealed: its bytes appear in no file of the library
        let needle = Data("一个独一无二的标题".utf8)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("offline") {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(bytes.range(of: needle) == nil, "\(name) holds the title in plain text")
        }
    }

    @Test(
        "a key file that is not right is a clear library error, and the store is left as it was",
        arguments: [
            ("group-readable", "chmod 600"),
            ("missing", "the key file is missing"),
            ("short", "holds 5 bytes, not 32; restore it from a backup"),
            ("folder", "not a regular file"),
        ])
    func badKeyFile(damage: String, expected: String) async throws {
        // Given a library with one article
        let directory = try TemporaryDirectory()
        let folder = directory.path("library")
        try await OfflineLibrary(folder: folder).save(Self.article(.post, 7))
        let keyFile = folder.appendingPathComponent("offline.key")
        let store = folder.appendingPathComponent("offline.sqlite")
        let storeBefore = try Data(contentsOf: store)

        // When its key file is damaged
        switch damage {
        case "group-readable":
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyFile.path)
        case "missing": try FileManager.default.removeItem(at: keyFile)
        case "short":
            try Data("short".utf8).write(to: keyFile)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
        default:
            try FileManager.default.removeItem(at: keyFile)
            try FileManager.default.createDirectory(at: keyFile, withIntermediateDirectories: false)
        }

        // Then opening fails with a library error saying what to do, and no key or store is replaced
        let error = try #require(throws: CnblogsError.self) { try OfflineLibrary(folder: folder) }
        guard case .library(let path, let reason) = error else {
            Issue.record("expected a library error, got \(error)")
            return
        }
        #expect(path == keyFile.path)
        #expect(reason.contains(expected), "\(reason)")
        #expect(try Data(contentsOf: store) == storeBefore)
    }

    @Test(
        "a torn key file with no store beside it is never replaced behind the user's back; the error says to delete it")
    func tornKeyWithoutStore() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("library")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let keyFile = folder.appendingPathComponent("offline.key")
        #expect(
            FileManager.default.createFile(
                atPath: keyFile.path, contents: Data([1, 2]), attributes: [.posixPermissions: 0o600]))

        let error = try #require(throws: CnblogsError.self) { try OfflineLibrary(folder: folder) }
        #expect(error.description.contains("holds 2 bytes, not 32; no articles were saved with it yet: delete it"))
        #expect(try Data(contentsOf: keyFile) == Data([1, 2]))
        try FileManager.default.removeItem(at: keyFile)
        #expect(throws: Never.self) { try OfflineLibrary(folder: folder) }
    }

    @Test("eight libraries opened at once on a new folder share one key")
    func concurrentCreation() async throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("library")
        let opened = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let library = try OfflineLibrary(folder: folder)
                    try await library.save(Self.article(.post, 100 + index))
                    return index
                }
            }
            return try await group.reduce(into: 0) { count, _ in count += 1 }
        }
        #expect(opened == 8)
        let entries = try OfflineLibrary(folder: folder).entries()
        #expect(Set(entries.map(\.id)) == Set(100..<108))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("offline.key.")
        }
        #expect(leftovers.isEmpty, "temporary key files left: \(leftovers)")
    }

    @Test("opened without creating, a folder with no library is an error and nothing is made")
    func openWithoutCreating() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("typo")
        let error = try #require(throws: CnblogsError.self) { try OfflineLibrary(folder: folder, creating: false) }
        guard case .library(let path, let reason) = error else {
            Issue.record("expected a library error, got \(error)")
            return
        }
        #expect(path == folder.path)
        #expect(reason.contains("there is no offline library here"))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        #expect(try OfflineLibrary.exists(at: folder) == false)
    }

    @Test("another key in the key file is the store's wrongKey, not a crash or an empty library")
    func replacedKey() async throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("library")
        try await OfflineLibrary(folder: folder).save(Self.article(.post, 7))
        let keyFile = folder.appendingPathComponent("offline.key")
        try Data(repeating: 0x42, count: 32).write(to: keyFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
        let error = try #require(throws: CnblogsError.self) { try OfflineLibrary(folder: folder) }
        guard case .storage(.wrongKey) = error else {
            Issue.record("expected storage(wrongKey), got \(error)")
            return
        }
        #expect(error.description.hasPrefix("offline library: "))
    }

    @Test("in a folder others may read, the store and the images are still owner-only")
    func ownerOnlyFiles() async throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("shared")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let library = try OfflineLibrary(folder: folder)
        try await library.save(Self.article(.post, 1))
        func mode(_ name: String) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[
                .posixPermissions]
                as? Int
        }
        #expect(try mode("offline.sqlite") == 0o600)
        #expect(try mode("images") == 0o700)
        #expect(try mode("offline.key") == 0o600)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasPrefix("offline.sqlite") {
            #expect(try mode(name) == 0o600, "\(name)")
        }
    }

    @Test("an article row that no longer opens can still be removed or replaced, and keeps every image")
    func unreadableRow() async throws {
        // Given a library with an image-showing article and a row that is not an article
        let directory = try TemporaryDirectory()
        let fixtures = directory.path("site")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        try Data("a".utf8).write(to: fixtures.appendingPathComponent("a.png"))
        let server = try await TestHTTPServer.start(fixtures: fixtures)
        defer { server.stop() }
        let image = server.url("/fixtures/a.png")
        let folder = directory.path("library")
        let library = try OfflineLibrary(folder: folder)
        try await library.save(Self.article(.post, 1, images: [image]), downloadingImages: true)
        try await library.save(Self.article(.post, 2))
        let key = [UInt8](try Data(contentsOf: folder.appendingPathComponent("offline.key")))
        let raw = try KeyValueStore(at: folder.appendingPathComponent("offline.sqlite"), key: .raw(key))
        try raw.set("not an article", forKey: "post-2", in: "offline-articles")
        try raw.set("not an article either", forKey: "post-3", in: "offline-articles")

        // When the article with the image is removed, its image stays (the broken row might show it)
        #expect(try library.remove(.post, id: 1))
        #expect(library.imageData(for: image) == Data("a".utf8))

        // And the broken rows go on remove and on a save of the same key
        #expect(try library.remove(.post, id: 2))
        #expect(try library.article(.post, id: 2) == nil)
        try await library.save(Self.article(.post, 3, title: "又好了"))
        #expect(try library.article(.post, id: 3)?.title == "又好了")
    }

    @Test("a file where the folder should be is a library error")
    func folderIsAFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("library")
        try Data("x".utf8).write(to: file)
        let error = try #require(throws: CnblogsError.self) { try OfflineLibrary(folder: file) }
        guard case .library(_, let reason) = error else {
            Issue.record("expected a library error, got \(error)")
            return
        }
        #expect(reason.contains("it is a file, not a folder"))
    }

    @Test(
        "the default folder follows XDG on Linux",
        arguments: [
            (["XDG_DATA_HOME": "/data", "HOME": "/home/a"], "/data/bsl"),
            (["XDG_DATA_HOME": "relative/data", "HOME": "/home/a"], "/home/a/.local/share/bsl"),
            (["XDG_DATA_HOME": "", "HOME": "/home/a"], "/home/a/.local/share/bsl"),
            (["HOME": "/home/b"], "/home/b/.local/share/bsl"),
        ])
    func defaultFolder(environment: [String: String], expected: String) {
        #if os(Linux)
            #expect(OfflineLibrary.defaultFolder(named: "bsl", environment: environment).path == expected)
        #endif
    }

    @Test("saved with its images from a live server, the article and its images read with the server stopped")
    func readsWithServerStopped() async throws {
        // Given a server with a news body whose images it also serves
        let directory = try TemporaryDirectory()
        let fixtures = directory.path("site")
        try FileManager.default.createDirectory(
            at: fixtures.appendingPathComponent("news/item"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: fixtures.appendingPathComponent("img"), withIntermediateDirectories: true)
        let png = try Data(
            contentsOf: CnblogsSamples.folder.appendingPathComponent("023-image-412873-20160814141502.png"))
        let jpeg = try Data(
            contentsOf: CnblogsSamples.folder.appendingPathComponent("024-image-66372-20160814135501-1.jpg"))
        try png.write(to: fixtures.appendingPathComponent("img/a.png"))
        try jpeg.write(to: fixtures.appendingPathComponent("img/b.jpg"))
        let server = try await TestHTTPServer.start(fixtures: fixtures)
        let a = server.url("/fixtures/img/a.png")
        let b = server.url("/fixtures/img/b.jpg")
        let missing = server.url("/fixtures/img/missing.gif")
        let body = """
            <?xml version="1.0" encoding="utf-8"?><NewsBody><Title>离线阅读</Title><SourceName>博客园</SourceName>\
            <SubmitDate>2016-08-14 13:52:00</SubmitDate><Content>&lt;p&gt;图一&lt;img src="\(a.absoluteString)"&gt;\
            &lt;/p&gt;&lt;p&gt;&lt;img src="\(missing.absoluteString)"&gt;&lt;/p&gt;</Content>\
            <ImageUrl>\(b.absoluteString)</ImageUrl><PrevNews></PrevNews><NextNews></NextNews>\
            <CommentCount>0</CommentCount></NewsBody>
            """
        try Data(body.utf8).write(to: fixtures.appendingPathComponent("news/item/42"))
        let client = CnblogsClient(baseURL: server.url("/fixtures"))

        // When the article is fetched and saved with its images, with progress reported
        let article = try await client.newsArticle(id: 42)
        let folder = directory.path("library")
        let reports = Reports()
        let result = try await OfflineLibrary(folder: folder, pool: client.pool).save(
            article, downloadingImages: true, progress: { done, total in reports.add(done, total) })
        server.stop()

        // Then the missing image is reported and the others are kept
        #expect(article.imageURLs == [a, missing, b])
        #expect(result.imageFailures.map(\.url) == [missing])
        #expect(result.imageFailures.first?.reason.contains("404") == true, "\(result.imageFailures)")
        #expect(result.entry.savedImages == 2)
        #expect(reports.values.first! == [0, 3])
        #expect(reports.values.last! == [3, 3])
        #expect(reports.values.map { $0[0] } == reports.values.map { $0[0] }.sorted())

        // And with the server stopped, a new library on the folder reads it all
        let library = try OfflineLibrary(folder: folder)
        #expect(try library.article(.news, id: 42) == article)
        #expect(library.imageData(for: a) == png)
        #expect(library.imageData(for: b) == jpeg)
        #expect(library.imageData(for: missing) == nil)
        let uris = library.imageDataURIs(for: article)
        #expect(uris[a] == "data:image/png;base64,\(png.base64EncodedString())")
        #expect(uris[b] == "data:image/jpeg;base64,\(jpeg.base64EncodedString())")
        #expect(uris.count == 2)
    }

    @Test("removing an article removes its images, but keeps those another saved article shows")
    func removeKeepsSharedImages() async throws {
        let directory = try TemporaryDirectory()
        let fixtures = directory.path("site")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        try Data("shared".utf8).write(to: fixtures.appendingPathComponent("shared.png"))
        try Data("own".utf8).write(to: fixtures.appendingPathComponent("own.png"))
        let server = try await TestHTTPServer.start(fixtures: fixtures)
        defer { server.stop() }
        let shared = server.url("/fixtures/shared.png")
        let own = server.url("/fixtures/own.png")
        let library = try OfflineLibrary(folder: directory.path("library"))
        try await library.save(Self.article(.post, 1, images: [shared, own]), downloadingImages: true)
        try await library.save(Self.article(.post, 2, images: [shared]), downloadingImages: true)

        #expect(try library.remove(.post, id: 1))
        #expect(library.imageData(for: own) == nil)
        #expect(library.imageData(for: shared) == Data("shared".utf8))
    }

    @Test("saving an article again without an image deletes that image unless another article shows it")
    func resaveDropsImages() async throws {
        let directory = try TemporaryDirectory()
        let fixtures = directory.path("site")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        for name in ["a", "b", "c"] { try Data(name.utf8).write(to: fixtures.appendingPathComponent("\(name).png")) }
        let server = try await TestHTTPServer.start(fixtures: fixtures)
        defer { server.stop() }
        let (a, b, c) = (server.url("/fixtures/a.png"), server.url("/fixtures/b.png"), server.url("/fixtures/c.png"))
        let library = try OfflineLibrary(folder: directory.path("library"))
        try await library.save(Self.article(.post, 1, images: [a, b, c]), downloadingImages: true)
        try await library.save(Self.article(.news, 2, images: [b]), downloadingImages: true)

        // When post 1 is saved again showing only c
        try await library.save(Self.article(.post, 1, images: [c]), downloadingImages: true)

        // Then a (shown by nothing) is gone, b (shown by news 2) and c stay
        #expect(library.imageData(for: a) == nil)
        #expect(library.imageData(for: b) == Data("b".utf8))
        #expect(library.imageData(for: c) == Data("c".utf8))
    }
}

/// A thread-safe counter for the ticking clock.
final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> Int {
        value.withLock {
            $0 += 1; return $0
        }
    }
}

/// Progress reports collected from any thread.
final class Reports: Sendable {
    private let stored = Mutex<[[Int]]>([])
    func add(_ done: Int, _ total: Int) { stored.withLock { $0.append([done, total]) } }
    var values: [[Int]] { stored.withLock { $0 } }
}
