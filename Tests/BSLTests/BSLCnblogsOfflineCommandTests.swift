import BasicFormat
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `bsl cnblogs read|save|offline` and `user --rss`, run as built, on the sample recording and
/// real library folders.
@Suite struct BSLCnblogsOfflineCommandTests {
    static let bsl = TestPaths.builtProduct("bsl")
    static let sample = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs").path

    static func run(
        _ arguments: [String], replay: Bool = true, environment: [String: String?] = [:]
    ) async throws -> ProcessResult {
        try await ProcessRunner.run(
            Self.bsl, ["cnblogs"] + arguments + (replay ? ["--source", "legacy", "--replay", Self.sample] : []),
            environment: environment)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("save two articles, list them newest first, read one with the network gone, remove the other")
    func saveListReadRemove() async throws {
        // Given an empty library folder
        let directory = try TemporaryDirectory()
        let library = directory.path("library").path

        // When a news item is saved with its images and then a post without
        let news = try await Self.run(["save", "551203", "--news", "--images", "--library", library])
        #expect(news.status == 0, "\(news.standardError)")
        #expect(news.standardOutput == "saved news-551203: 小米发布新款笔记本 “Air”，售价 3499 元起 (2 of 2 images)\n")
        #expect(news.standardError.contains("library: \(library)"))
        #expect(!news.standardError.contains("[#"), "a progress bar on a standard error that is not a terminal")
        let post = try await Self.run(["save", "5770214", "--library", library])
        #expect(post.status == 0, "\(post.standardError)")
        #expect(post.standardOutput == "saved post-5770214: “面向协议”的 Swift 网络层设计\n")

        // Then the list shows the post first, then the news with its two images
        let list = try await Self.run(["offline", "--library", library], replay: false)
        #expect(list.status == 0, "\(list.standardError)")
        let rows = Self.lines(list.standardOutput).filter { !$0.isEmpty }
        #expect(rows.count == 3)
        #expect(rows[0].hasPrefix("key "))
        let cells = rows.map { $0.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(cells[0] == ["key", "title", "by", "saved", "images"])
        #expect(cells[1].count == 5)
        #expect(cells[1].first == "post-5770214")
        #expect(cells[1].dropFirst().first == "“面向协议”的 Swift 网络层设计")
        #expect(cells[1].dropFirst(2).first == "南山行者")
        #expect(cells[1].last == "0")
        #expect(cells[2].first == "news-551203")
        #expect(cells[2].dropFirst(2).first == "IT之家")
        #expect(cells[2].last == "2")

        // And the news item reads as text without any network or recording
        let read = try await Self.run(
            ["offline", "read", "news-551203", "--library", library, "--width", "40"], replay: false)
        #expect(read.status == 0, "\(read.standardError)")
        let text = Self.lines(read.standardOutput)
        #expect(text[0] == "小米发布新款笔记本 “Air”，售价 3499 元起")
        #expect(text[1] == "IT之家 · 2016-08-14 13:52")
        #expect(text[2] == "https://news.cnblogs.com/n/551203/")
        #expect(read.standardOutput.contains("13.3 英寸版售价 4999 元"))
        for line in text.dropFirst(3) {
            // The one line allowed to be wider: a footnote, its number and its whole URL.
            let isFootnote = line.hasPrefix("[") && line.contains("] http") && !line.dropFirst(4).contains(" ")
            #expect(TextWidth.columns(of: line) <= 40 || isFootnote, "too wide: \(line)")
        }

        // And removing the post leaves the news; removing it again fails, saying so
        let removed = try await Self.run(["offline", "remove", "5770214", "--library", library], replay: false)
        #expect(removed.standardOutput == "removed post-5770214\n")
        let again = try await Self.run(["offline", "remove", "post-5770214", "--library", library], replay: false)
        #expect(again.status == 1)
        #expect(again.standardError.contains("post-5770214 is not in the library \(library)"))
        let after = try await Self.run(["offline", "list", "--json", "--library", library], replay: false)
        let entries = try JSONSerialization.jsonObject(with: Data(after.standardOutput.utf8)) as? [[String: Any]]
        #expect(entries?.map { $0["id"] as? Int } == [551_203])
    }

    @Test("a saved article's page holds its images as data: URIs, so it needs no network")
    func offlinePage() async throws {
        let directory = try TemporaryDirectory()
        let library = directory.path("library").path
        let saved = try await Self.run(["save", "551203", "--news", "--images", "--library", library])
        #expect(saved.status == 0, "\(saved.standardError)")
        let page = directory.path("page.html")
        let result = try await Self.run(
            ["offline", "read", "551203", "--news", "--library", library, "--html", page.path], replay: false)
        #expect(result.status == 0, "\(result.standardError)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.components(separatedBy: "src=\"data:image/jpeg;base64,").count == 3)
        #expect(!html.contains("src=\"http://images2015"))
        #expect(html.contains("小米发布新款笔记本"))
    }

    @Test("read fetches and prints an article; --html - prints its page instead")
    func readLive() async throws {
        let text = try await Self.run(["read", "5770214", "--width", "60"])
        #expect(text.status == 0, "\(text.standardError)")
        let lines = Self.lines(text.standardOutput)
        #expect(lines[0] == "“面向协议”的 Swift 网络层设计")
        #expect(lines[1] == "南山行者 · 2016-08-14 14:15")
        #expect(text.standardOutput.contains("protocol Request {"))
        let page = try await Self.run(["read", "551203", "--news", "--html", "-"])
        #expect(page.status == 0, "\(page.standardError)")
        #expect(page.standardOutput.hasPrefix("<!DOCTYPE html>"))
        #expect(page.standardOutput.contains("IT之家"))
    }

    @Test("without --library the library lives in $XDG_DATA_HOME/bsl, key beside it")
    func defaultLibrary() async throws {
        let directory = try TemporaryDirectory()
        let result = try await Self.run(
            ["save", "551198", "--news"], environment: ["XDG_DATA_HOME": directory.url.path])
        #expect(result.status == 0, "\(result.standardError)")
        let folder = directory.path("bsl")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("offline.sqlite").path))
        let key = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("offline.key").path)
        #expect((key[.posixPermissions] as? Int) == 0o600)
        let list = try await Self.run(["offline"], replay: false, environment: ["XDG_DATA_HOME": directory.url.path])
        #expect(list.standardOutput.contains("news-551198"))
    }

    @Test(
        "bad offline lines are usage errors (64) or failures (1) with a message",
        arguments: [
            (["offline", "bogus"], Int32(64), "the argument <action> takes list, read or remove, not 'bogus'"),
            (["offline", "read"], 64, "read needs the article's ID"),
            (["offline", "list", "3"], 64, "list takes no ID"),
            (["offline", "read", "x-1"], 64, "not 'x-1'"),
            (["offline", "read", "42"], 1, "there is no offline library here"),
            (["save", "999999999"], 1, "not found: the post 999999999"),
            (["read", "0"], 64, "not '0'"),
            (["read", "1", "--html", "-", "--json"], 64, "--html - and --json both write to standard output"),
        ])
    func badLines(arguments: [String], status: Int32, message: String) async throws {
        let directory = try TemporaryDirectory()
        let result = try await Self.run(arguments + ["--library", directory.path("library").path])
        #expect(result.status == status, "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test("with no library in the folder, list says so and read fails, and neither makes one")
    func noLibrary() async throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("typo")
        let list = try await Self.run(["offline", "--library", folder.path], replay: false)
        #expect(list.status == 0)
        #expect(list.standardOutput == "no saved articles in \(folder.path); save one with `bsl cnblogs save ID`\n")
        let json = try await Self.run(["offline", "--json", "--library", folder.path], replay: false)
        #expect(json.standardOutput == "[]\n")
        let read = try await Self.run(["offline", "read", "news-1", "--library", folder.path], replay: false)
        #expect(read.status == 1)
        #expect(read.standardError.contains("there is no offline library here"), "\(read.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        let html = try await Self.run(["offline", "list", "--html", "x.html", "--library", folder.path], replay: false)
        #expect(html.status == 64)
        #expect(html.standardError.contains("--html goes with read ID"))
    }

    @Test("titles from the API reach the terminal without escape sequences or bidi overrides")
    func terminalInjection() async throws {
        // Given an API whose news title decodes (once as XML, once as HTML) to ESC [31m, and
        // whose source name carries a right-to-left override and a C1 CSI
        let directory = try TemporaryDirectory()
        let recent = directory.path("api/news/recent")
        try FileManager.default.createDirectory(at: recent, withIntermediateDirectories: true)
        let feed = """
            <?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>n</title>\
            <entry><id>7</id><title type="text">红&amp;#27;[31m色</title><summary type="text"/>\
            <published>2016-08-14T13:52:00+08:00</published><link rel="alternate" href="http://news.cnblogs.com/n/7/"/>\
            <diggs>0</diggs><views>1</views><comments>0</comments><topic/><topicIcon/>\
            <sourceName>左\u{202E}右\u{9B}2J</sourceName></entry></feed>
            """
        try Data(feed.utf8).write(to: recent.appendingPathComponent("10"))
        let server = try await TestHTTPServer.start(fixtures: directory.path("api"))
        defer { server.stop() }

        // When the list is printed
        let result = try await Self.run(["news", "--api", server.url("/fixtures").absoluteString], replay: false)

        // Then neither the ESC, the override nor the CSI is printed; the visible text is
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
        #expect(!result.standardOutput.unicodeScalars.contains { $0.value == 0x202E })
        #expect(result.standardOutput.contains("红[31m色"))
        #expect(result.standardOutput.contains("左右2J"))
    }

    @Test("four bsl processes saving into one new library at once: one key, every article kept")
    func concurrentProcesses() async throws {
        // Given a library folder that does not exist yet
        let directory = try TemporaryDirectory()
        let library = directory.path("library").path
        let saves: [[String]] = [
            ["save", "551203", "--news"], ["save", "551198", "--news"], ["save", "5770214"], ["save", "5770198"],
        ]

        // When four processes create it and save into it at the same moment
        let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
            for arguments in saves {
                group.addTask { try await Self.run(arguments + ["--library", library]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        // Then all succeed, and one library lists all four
        for result in results { #expect(result.status == 0, "\(result.standardError)") }
        let list = try await Self.run(["offline", "--json", "--library", library], replay: false)
        let entries = try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]]
        #expect(Set(entries?.compactMap { $0["id"] as? Int } ?? []) == [551_203, 551_198, 5_770_214, 5_770_198])
        let names = try FileManager.default.contentsOfDirectory(atPath: library)
        #expect(names.filter { $0.hasPrefix("offline.key") } == ["offline.key"])
    }

    @Test("a key file others may read stops the library with the chmod to run")
    func openKeyFile() async throws {
        let directory = try TemporaryDirectory()
        let library = directory.path("library")
        _ = try await Self.run(["save", "551198", "--news", "--library", library.path])
        let key = library.appendingPathComponent("offline.key").path
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: key)
        let result = try await Self.run(["offline", "--library", library.path], replay: false)
        #expect(result.status == 1)
        #expect(result.standardError.contains("run `chmod 600 \(key)`"), "\(result.standardError)")
    }

    @Test(
        "save --images on a terminal draws a progress bar",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
            "needs util-linux's `script` for a pseudo-terminal"))
    func progressBar() async throws {
        // `script` gives bsl a pseudo-terminal, as a person's shell would (standard output and
        // error both go to it; that the bar is on standard error is checked above, where a
        // standard error that is no terminal gets none).
        let directory = try TemporaryDirectory()
        let line = [
            Self.bsl.path, "cnblogs", "save", "551203", "--news", "--images", "--library",
            directory.path("library").path, "--source", "legacy", "--replay", Self.sample,
        ]
        .map { "'\($0)'" }.joined(separator: " ")
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", line, "/dev/null"])
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[..............................] 0/2"))
        #expect(result.standardOutput.contains("[##############################] 2/2"))
    }

    @Test("user --rss reads the blog's public feed; --page does not apply to it")
    func userRSS() async throws {
        let result = try await Self.run(["user", "nanshan-walker", "--rss"])
        #expect(result.status == 0, "\(result.standardError)")
        let rows = Self.lines(result.standardOutput).filter { !$0.isEmpty }
        #expect(rows.count == 4)
        #expect(rows[1].hasPrefix("18562097  Swift 6 的严格并发"))
        #expect(rows[1].hasSuffix("0/0"))
        let paged = try await Self.run(["user", "nanshan-walker", "--rss", "--page", "2"])
        #expect(paged.status == 64)
        let missing = try await Self.run(["user", "nosuchblog", "--rss"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("not found: the blog 'nosuchblog'"))
    }

    @Test("the group's options may come before the command")
    func groupOptions() async throws {
        let directory = try TemporaryDirectory()
        let library = directory.path("library").path
        let saved = try await ProcessRunner.run(
            Self.bsl,
            [
                "cnblogs", "--source", "legacy", "--replay", Self.sample, "--library", library, "save", "551198",
                "--news",
            ])
        #expect(saved.status == 0, "\(saved.standardError)")
        let list = try await ProcessRunner.run(Self.bsl, ["cnblogs", "--library", library, "--json", "offline"])
        #expect(list.standardOutput.contains("\"id\" : 551198"))
    }

    // MARK: - Folders and disks that cannot be written, files that cannot be read

    /// A library in a new temporary folder, with news 551203 (and its two images) and post
    /// 5770214 saved.
    static func savedLibrary() async throws -> (directory: TemporaryDirectory, library: String) {
        let directory = try TemporaryDirectory()
        let library = directory.path("library").path
        let news = try await Self.run(["save", "551203", "--news", "--images", "--library", library])
        #expect(news.status == 0, "\(news.standardError)")
        let post = try await Self.run(["save", "5770214", "--library", library])
        #expect(post.status == 0, "\(post.standardError)")
        return (directory, library)
    }

    /// The keys `offline list --json` printed.
    static func listedKeys(_ output: String) -> [String] {
        let entries = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        return (entries ?? []).compactMap { entry in
            guard let kind = entry["kind"] as? String, let id = entry["id"] as? Int else { return nil }
            return "\(kind)-\(id)"
        }
    }

    @Test("an unreadable library folder is an error naming it, not an empty library")
    func unreadableFolder() async throws {
        try await Confinement.requireOtherUser()
        // Given a library saved by root (its folder is owner-only),
        let (directory, library) = try await Self.savedLibrary()
        // when another user lists it or reads from it,
        let list = try await Confinement.asNobody(Self.bsl, ["cnblogs", "offline", "--library", library])
        let json = try await Confinement.asNobody(Self.bsl, ["cnblogs", "offline", "--json", "--library", library])
        let read = try await Confinement.asNobody(
            Self.bsl, ["cnblogs", "offline", "read", "news-551203", "--library", library])
        // then each fails, naming the folder and what stops it, and prints no list.
        for result in [list, json, read] {
            #expect(result.status == 1, "\(result.standardOutput)")
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.contains(library), "\(result.standardError)")
            #expect(result.standardError.contains("permission denied"), "\(result.standardError)")
            #expect(Self.lines(result.standardError).filter { !$0.isEmpty }.count == 1)
        }
        _ = directory
    }

    @Test("a 0-byte store beside its key is reported as empty or truncated, and listing writes nothing into it")
    func emptyStoreFile() async throws {
        // Given a library whose store file has been emptied (its key file is still there),
        let (directory, library) = try await Self.savedLibrary()
        let store = directory.path("library/offline.sqlite")
        try Data().write(to: store)
        // when it is listed or read,
        let list = try await Self.run(["offline", "--library", library], replay: false)
        let read = try await Self.run(["offline", "read", "news-551203", "--library", library], replay: false)
        // then both fail saying what the file is and what to do, and the file is still 0 bytes.
        for result in [list, read] {
            #expect(result.status == 1, "\(result.standardOutput)")
            #expect(result.standardError.contains(store.path), "\(result.standardError)")
            #expect(result.standardError.contains("is empty (0 bytes)"), "\(result.standardError)")
            #expect(result.standardError.contains("restore"), "\(result.standardError)")
        }
        let size = try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int
        #expect(size == 0)
    }

    @Test("in a read-only folder the library lists and reads; save and remove fail naming the store, changing nothing")
    func readOnlyFolder() async throws {
        try await Confinement.requireMountNamespace()
        // Given a saved library, and a writable folder elsewhere for a page
        let (directory, library) = try await Self.savedLibrary()
        let elsewhere = try TemporaryDirectory()
        let page = elsewhere.path("page.html").path

        // When the library's folder is mounted read-only and each command runs there
        let results = try await Confinement.inMountNamespace(
            setup: "mount --bind \(Confinement.quoted(directory.url.path)) \(Confinement.quoted(directory.url.path))"
                + " && mount -o remount,bind,ro \(Confinement.quoted(directory.url.path))",
            steps: [
                [Self.bsl.path, "cnblogs", "offline", "--json", "--library", library],
                [Self.bsl.path, "cnblogs", "offline", "read", "news-551203", "--library", library, "--width", "60"],
                [Self.bsl.path, "cnblogs", "offline", "read", "news-551203", "--library", library, "--html", page],
                [
                    Self.bsl.path, "cnblogs", "save", "551198", "--news", "--library", library, "--source", "legacy",
                    "--replay", Self.sample,
                ],
                [Self.bsl.path, "cnblogs", "offline", "remove", "post-5770214", "--library", library],
            ])

        // Then the list and the article read as they would anywhere
        let (list, read, html, save, remove) = (results[0], results[1], results[2], results[3], results[4])
        #expect(list.status == 0, "\(list.standardError)")
        #expect(Self.listedKeys(list.standardOutput) == ["post-5770214", "news-551203"])
        #expect(read.status == 0, "\(read.standardError)")
        #expect(Self.lines(read.standardOutput).first == "小米发布新款笔记本 “Air”，售价 3499 元起")
        #expect(html.status == 0, "\(html.standardError)")
        let written = (try? String(contentsOfFile: page, encoding: .utf8)) ?? ""
        #expect(written.components(separatedBy: "src=\"data:image/jpeg;base64,").count == 3)
        // And saving and removing fail in one line naming the store and that it is read-only
        for result in [save, remove] {
            #expect(result.status == 1, "\(result.standardOutput)")
            #expect(result.standardError.contains("\(library)/offline.sqlite"), "\(result.standardError)")
            #expect(result.standardError.contains("read-only"), "\(result.standardError)")
            #expect(!result.standardError.contains("SQLite error"), "\(result.standardError)")
        }
        // And the library, writable again, holds what it held
        let after = try await Self.run(["offline", "--json", "--library", library], replay: false)
        #expect(Self.listedKeys(after.standardOutput) == ["post-5770214", "news-551203"])
    }

    @Test("on a full disk the library lists and reads; a save fails saying the disk is full and loses nothing")
    func fullDisk() async throws {
        try await Confinement.requireMountNamespace()
        // Given a saved library copied onto a small tmpfs that is then filled up
        let (directory, library) = try await Self.savedLibrary()
        let disk = directory.path("disk").path
        let full = disk + "/library"
        let setup = [
            "mkdir \(Confinement.quoted(disk))",
            "mount -t tmpfs -o size=2m tmpfs \(Confinement.quoted(disk))",
            "cp -a \(Confinement.quoted(library)) \(Confinement.quoted(full))",
            "(dd if=/dev/zero of=\(Confinement.quoted(disk + "/filler")) bs=4k 2>/dev/null || true)",
        ].joined(separator: " && ")
        let bsl = Self.bsl.path

        // When it is listed and read, an article is saved, and then saved again once space is freed
        let results = try await Confinement.inMountNamespace(
            setup: setup,
            steps: [
                [bsl, "cnblogs", "offline", "--json", "--library", full],
                [bsl, "cnblogs", "offline", "read", "post-5770214", "--library", full],
                [
                    bsl, "cnblogs", "save", "551198", "--news", "--library", full, "--source", "legacy", "--replay",
                    Self.sample,
                ],
                [bsl, "cnblogs", "offline", "--json", "--library", full],
                ["/bin/rm", disk + "/filler"],
                [
                    bsl, "cnblogs", "save", "551198", "--news", "--library", full, "--source", "legacy", "--replay",
                    Self.sample,
                ],
                [bsl, "cnblogs", "offline", "--json", "--library", full],
            ])

        // Then listing and reading work on the full disk
        #expect(results[0].status == 0, "\(results[0].standardError)")
        #expect(Self.listedKeys(results[0].standardOutput) == ["post-5770214", "news-551203"])
        #expect(results[1].status == 0, "\(results[1].standardError)")
        #expect(results[1].standardOutput.contains("protocol Request {"))
        // And the save fails in one line naming the store and the full disk
        let save = results[2]
        #expect(save.status == 1, "\(save.standardOutput)")
        #expect(save.standardError.contains("\(full)/offline.sqlite"), "\(save.standardError)")
        #expect(save.standardError.contains("disk is full"), "\(save.standardError)")
        #expect(!save.standardError.contains("SQLite error"), "\(save.standardError)")
        // And nothing was lost: the list is as it was, and with space again the save goes through
        #expect(Self.listedKeys(results[3].standardOutput) == ["post-5770214", "news-551203"])
        #expect(results[5].status == 0, "\(results[5].standardError)")
        #expect(Self.listedKeys(results[6].standardOutput) == ["news-551198", "post-5770214", "news-551203"])
    }
}
