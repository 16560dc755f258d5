import Foundation
import TestSupport
import Testing

/// Where `bsl feeds` keeps subscriptions: the offline library's folder and encrypted store, chosen
/// as the cnblogs commands choose it, read without writing by the commands that only read.
@Suite struct FeedsLibraryTests {
    @Test("with no library, list, items, search and export show an empty list and make no folder")
    func noLibrary() async throws {
        let cli = try await FeedsCLI()
        let list = try await cli.run(["list"])
        #expect(list.status == 0, "\(list.standardError)")
        let hint = "add one with `bsl feeds add URL` or `bsl feeds import FILE.opml`"
        #expect(list.standardOutput == "no subscriptions in \(cli.library); \(hint)\n")
        for arguments in [["list", "--json"], ["items", "--json"], ["search", "x", "--json"]] {
            let result = try await cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(result.standardOutput == "[]\n", "\(arguments)")
        }
        let export = try await cli.run(["export"])
        #expect(export.status == 0)
        #expect(export.standardOutput.contains("<body/>") || export.standardOutput.contains("<body>\n  </body>"))
        #expect(!FileManager.default.fileExists(atPath: cli.library))
    }

    @Test("an existing offline library without feeds lists none; feeds share its folder and key")
    func sharedWithCnblogs() async throws {
        // Given an offline library that bsl cnblogs save made
        let cli = try await FeedsCLI()
        let sample = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs").path
        let saved = try await ProcessRunner.run(
            FeedsCLI.bsl,
            ["cnblogs", "save", "551198", "--news", "--source", "legacy", "--library", cli.library, "--replay", sample])
        #expect(saved.status == 0, "\(saved.standardError)")
        // When feeds are listed and one is added there
        #expect(try await cli.run(["list", "--json"]).standardOutput == "[]\n")
        try await cli.serve("f.xml", FeedsCLI.rss(title: "Shared", [("1", "One", "x")]))
        #expect(try await cli.run(["add", cli.address("f.xml")]).status == 0)
        // Then both the article and the feed are in the one library
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.library)
        #expect(names.filter { $0.hasPrefix("offline.key") } == ["offline.key"])
        let offline = try await ProcessRunner.run(
            FeedsCLI.bsl, ["cnblogs", "offline", "--json", "--library", cli.library])
        #expect(offline.standardOutput.contains("551198"))
        #expect(try FeedsCLI.objects(try await cli.run(["list", "--json"]).standardOutput).count == 1)
    }

    @Test("without --library the subscriptions live in $XDG_DATA_HOME/bsl")
    func defaultFolder() async throws {
        let cli = try await FeedsCLI()
        let data = try TemporaryDirectory(prefix: "FeedsCLITests")
        try await cli.serve("f.xml", FeedsCLI.rss(title: "Default", [("1", "One", "x")]))
        let added = try await ProcessRunner.run(
            FeedsCLI.bsl, ["feeds", "add", cli.address("f.xml")], environment: ["XDG_DATA_HOME": data.url.path])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(FileManager.default.fileExists(atPath: data.path("bsl/offline.sqlite").path))
        let listed = try await ProcessRunner.run(
            FeedsCLI.bsl, ["feeds", "list", "--json"], environment: ["XDG_DATA_HOME": data.url.path])
        #expect(try FeedsCLI.objects(listed.standardOutput).map { $0["title"] as? String } == ["Default"])
        // The same, with the option before the command's name
        let before = try await ProcessRunner.run(
            FeedsCLI.bsl, ["feeds", "--library", data.path("bsl").path, "list", "--json"])
        #expect(before.standardOutput == listed.standardOutput)
    }

    @Test("no title, summary or body reaches the library's files in the clear")
    func noPlaintext() async throws {
        // Given a feed whose texts are unmistakable, in Latin and CJK
        let cli = try await FeedsCLI()
        let secrets = ["Zanzibarquux headline", "Quetzalcoatlplum summary", "秘密的标题文字", "Xylophonewren folder"]
        try await cli.serve(
            "secret.xml",
            FeedsCLI.rss(title: "Feedtitlegrault", [("s1", secrets[0], secrets[1]), ("s2", secrets[2], "正文内容测试")]))
        // When it is added, refreshed, read, searched, renamed and exported
        #expect(try await cli.run(["add", cli.address("secret.xml"), "--folder", secrets[3]]).status == 0)
        #expect(try await cli.run(["refresh", "--force"]).status == 0)
        let items = try FeedsCLI.objects(try await cli.run(["items", "--json"]).standardOutput)
        let id = try #require(items.first?["id"] as? String)
        #expect(try await cli.run(["read", id]).standardOutput.contains(items.first?["title"] as? String ?? "?"))
        #expect(try await cli.run(["search", "Zanzibarquux"]).standardOutput.contains(secrets[0]))
        #expect(try await cli.run(["rename", cli.address("secret.xml"), "Renamedtitlecorge"]).status == 0)
        // Then no file of the library holds any of them, nor the feed's address
        let texts = secrets + ["Feedtitlegrault", "正文内容测试", "Renamedtitlecorge", "zanzibarquux", cli.prefix]
        let files = try FileManager.default.subpathsOfDirectory(atPath: cli.library)
        #expect(files.contains("offline.sqlite"))
        for file in files {
            let url = URL(fileURLWithPath: cli.library).appendingPathComponent(file)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            let bytes = try Data(contentsOf: url)
            for text in texts {
                #expect(bytes.range(of: Data(text.utf8)) == nil, "\(file) holds '\(text)' in the clear")
            }
        }
    }

    @Test("in a read-only folder list, items, search and export work; changes fail in one line, changing nothing")
    func readOnlyFolder() async throws {
        try await Confinement.requireMountNamespace()
        // Given a library with a feed, and a folder without one
        let cli = try await FeedsCLI()
        try await cli.serve("ro.xml", FeedsCLI.rss(title: "Readonly", [("1", "Swift item", "x")]))
        #expect(try await cli.run(["add", cli.address("ro.xml")]).status == 0)
        let items = try FeedsCLI.objects(try await cli.run(["items", "--json"]).standardOutput)
        let id = try #require(items.first?["id"] as? String)
        let bsl = FeedsCLI.bsl.path
        let root = cli.directory.url.path
        let missing = cli.directory.path("missing").path

        // When the test's folder is mounted read-only and each command runs there
        let results = try await Confinement.inMountNamespace(
            setup: "mount --bind \(Confinement.quoted(root)) \(Confinement.quoted(root))"
                + " && mount -o remount,bind,ro \(Confinement.quoted(root))",
            steps: [
                [bsl, "feeds", "list", "--json", "--library", cli.library],
                [bsl, "feeds", "items", "--json", "--library", cli.library],
                [bsl, "feeds", "search", "swift", "--json", "--library", cli.library],
                [bsl, "feeds", "export", "--library", cli.library],
                [bsl, "feeds", "list", "--library", missing],
                [bsl, "feeds", "mark-read", id, "--library", cli.library],
                [bsl, "feeds", "rename", cli.address("ro.xml"), "New", "--library", cli.library],
            ])

        // Then the reading commands answer as anywhere
        for step in results[0..<5] { #expect(step.status == 0, "\(step.standardError)") }
        #expect(try FeedsCLI.objects(results[0].standardOutput).map { $0["title"] as? String } == ["Readonly"])
        #expect(try FeedsCLI.objects(results[1].standardOutput).count == 1)
        #expect(try FeedsCLI.objects(results[2].standardOutput).count == 1)
        #expect(results[3].standardOutput.contains(cli.address("ro.xml")))
        #expect(results[4].standardOutput.hasPrefix("no subscriptions in \(missing)"))
        // And the changes fail in one line saying the store is read-only
        for step in results[5...] {
            #expect(step.status == 1, "\(step.standardOutput)")
            #expect(step.standardError.contains("read-only"), "\(step.standardError)")
            #expect(FeedsCLI.lines(step.standardError).count == 1, "\(step.standardError)")
        }
        // And, writable again, nothing changed
        let after = try FeedsCLI.objects(try await cli.run(["list", "--json"]).standardOutput)
        #expect(after.map { $0["unread"] as? Int } == [1])
        #expect(after.map { $0["title"] as? String } == ["Readonly"])
    }
}
