import BasicFormat
import Foundation
import TestSupport
import Testing

/// `bsl feeds`, run as built against the feed server on 127.0.0.1, on a library folder of its own.
@Suite struct FeedsCommandTests {
    @Test("add, list, refresh, items, read, mark-read, unread, search, export and import, round trip")
    func roundTrip() async throws {
        // Given two feeds, one reached through a page that links it
        let cli = try await FeedsCLI()
        try await cli.serve(
            "alpha.xml",
            FeedsCLI.rss(
                title: "Alpha &amp; Co",
                [("a1", "Swift concurrency notes", "About actors"), ("a2", "Gardening", "Tomatoes and 并发 beans")])
        ) { $0.etag = "\"a-1\"" }
        try await cli.serve(
            "page.html",
            #"<html><head><link rel="alternate" type="application/rss+xml" href="beta.xml"></head></html>"#
        ) { $0.contentType = "text/html" }
        try await cli.serve("beta.xml", FeedsCLI.rss(title: "Beta", [("b1", "Beta news", "Nothing on swift here")]))

        // When both are added, one with a title and a folder of the user's
        let alpha = try await cli.run(["add", cli.address("alpha.xml"), "--folder", "Blogs/Tech"])
        #expect(alpha.status == 0, "\(alpha.standardError)")
        #expect(alpha.standardOutput.contains("Alpha & Co (\(cli.address("alpha.xml"))): 2 items"))
        let beta = try await cli.run(["add", cli.address("page.html"), "--title", "My Beta"])
        #expect(beta.status == 0, "\(beta.standardError)")
        #expect(beta.standardOutput.contains("My Beta (\(cli.address("beta.xml"))): 1 item"), "\(beta.standardOutput)")
        #expect(beta.standardError.contains("led to the feed \(cli.address("beta.xml"))"))

        // Then list shows both with their unread counts and last refresh, as a table and as JSON
        let table = try await cli.run(["list"])
        #expect(table.status == 0, "\(table.standardError)")
        let rows = FeedsCLI.lines(table.standardOutput)
        #expect(rows.first == "id    title       folder      unread  refreshed  error", "\(rows)")
        #expect(rows.count == 3)
        #expect(rows.allSatisfy { !$0.hasSuffix(" ") })
        #expect(rows[1].contains("Alpha & Co  Blogs/Tech  2       just now"), "\(rows[1])")
        let listed = try FeedsCLI.objects(try await cli.run(["list", "--json"]).standardOutput)
        #expect(listed.map { $0["url"] as? String } == [cli.address("alpha.xml"), cli.address("beta.xml")])
        #expect(listed.map { $0["title"] as? String } == ["Alpha & Co", "My Beta"])
        #expect(listed.map { $0["unread"] as? Int } == [2, 1])
        #expect(listed.allSatisfy { $0["lastRefresh"] is String && $0["lastError"] is NSNull })

        // And a refresh asks conditionally, and a 304 changes nothing
        let refresh = try await cli.run(["refresh"])
        #expect(refresh.status == 0, "\(refresh.standardError)")
        #expect(refresh.standardOutput.hasPrefix("refreshed 2 feeds (1 not modified), 0 new items, 0 failed"))
        #expect(refresh.standardError.isEmpty, "no progress line in a pipe: \(refresh.standardError)")
        #expect(try await cli.hits("alpha.xml") == FeedTestServer.Hits(hits: 2, conditional: 1, notModified: 1))

        // And every item has a short id that read, mark-read and unread take
        let items = try FeedsCLI.objects(try await cli.run(["items", "--json"]).standardOutput)
        #expect(items.count == 3)
        let ids = Dictionary(
            uniqueKeysWithValues: items.compactMap { item -> (String, String)? in
                guard let title = item["title"] as? String, let id = item["id"] as? String else { return nil }
                return (title, id)
            })
        let swift = try #require(ids["Swift concurrency notes"])
        #expect(swift.count == 10)
        let read = try await cli.run(["read", swift, "--width", "40"])
        #expect(read.status == 0, "\(read.standardError)")
        let text = FeedsCLI.lines(read.standardOutput)
        #expect(text.first == "Swift concurrency notes")
        #expect(text.dropFirst().first?.hasPrefix("Alpha & Co · ") == true)
        #expect(text.dropFirst(2).first == "https://example.org/a1")
        #expect(read.standardOutput.contains("About actors"))
        let unread = try FeedsCLI.objects(try await cli.run(["items", "--unread", "--json"]).standardOutput)
        #expect(Set(unread.compactMap { $0["id"] as? String }) == [ids["Gardening"], ids["Beta news"]])

        // And marking by id, by feed and back works, and the counts follow
        let marked = try await cli.run(["mark-read", "--all", cli.address("alpha.xml")])
        #expect(marked.standardOutput == "marked 1 read\n", "\(marked.standardError)")
        let again = try await cli.run(["unread", swift, try #require(ids["Gardening"])])
        #expect(again.standardOutput == "marked 2 unread\n", "\(again.standardError)")
        let byID = try await cli.run(["mark-read", try #require(ids["Beta news"])])
        #expect(byID.standardOutput == "marked 1 read\n")
        let counts = try FeedsCLI.objects(try await cli.run(["list", "--json"]).standardOutput)
        #expect(counts.map { $0["unread"] as? Int } == [2, 0])
        let folderItems = try FeedsCLI.objects(
            try await cli.run(["items", "--folder", "Blogs", "--json"]).standardOutput)
        #expect(folderItems.count == 2)

        // And search finds every word in titles and bodies, in any case
        let found = try await cli.run(["search", "SWIFT", "--json"])
        #expect(
            Set(try FeedsCLI.objects(found.standardOutput).compactMap { $0["title"] as? String })
                == ["Swift concurrency notes", "Beta news"])
        let cjk = try await cli.run(["search", "并发"])
        #expect(cjk.standardOutput.contains("Gardening"), "\(cjk.standardOutput)")
        let none = try await cli.run(["search", "zebra"])
        #expect(none.standardOutput == "no items match 'zebra'\n")

        // And export → import into a new library gives the same OPML
        let exported = try await cli.run(["export"])
        #expect(exported.status == 0)
        #expect(exported.standardOutput.contains(#"<outline text="Blogs" title="Blogs">"#))
        let file = cli.directory.path("feeds.opml")
        let written = try await cli.run(["export", file.path])
        #expect(written.standardError == "wrote \(file.path): 2 feeds\n")
        let other = try TemporaryDirectory(prefix: "FeedsCLITests")
        let library = other.path("library").path
        let imported = try await ProcessRunner.run(FeedsCLI.bsl, ["feeds", "import", file.path, "--library", library])
        #expect(imported.standardOutput == "imported 2 feeds; `bsl feeds refresh` fetches their items\n")
        let twice = try await ProcessRunner.run(FeedsCLI.bsl, ["feeds", "import", file.path, "--library", library])
        #expect(twice.standardOutput == "imported 0 feeds, 2 subscribed already\n")
        #expect(twice.standardError.contains("subscribed already: \"Alpha & Co\" (\(cli.address("alpha.xml")))"))
        let back = try await ProcessRunner.run(FeedsCLI.bsl, ["feeds", "export", "--library", library])
        #expect(back.standardOutput == exported.standardOutput)

        // And rename, move and remove change the list
        let renamed = try await cli.run(["rename", cli.address("beta.xml")])
        #expect(renamed.standardOutput.hasSuffix(" Beta (\(cli.address("beta.xml")))\n"), "\(renamed.standardOutput)")
        #expect(try await cli.run(["move", cli.address("alpha.xml")]).standardOutput.hasSuffix("out of any folder\n"))
        let removed = try await cli.run(["remove", cli.address("beta.xml")])
        #expect(removed.standardOutput.hasSuffix("Beta (\(cli.address("beta.xml")))\n"), "\(removed.standardOutput)")
        let after = try FeedsCLI.objects(try await cli.run(["list", "--json"]).standardOutput)
        #expect(after.map { $0["title"] as? String } == ["Alpha & Co"])
        #expect(after.map { $0["folder"] is NSNull } == [true])
    }

    @Test("a failing feed: refresh names it with its reason and exits 1; it keeps its items and its error")
    func failingFeed() async throws {
        // Given two subscribed feeds, one of which then answers 500
        let cli = try await FeedsCLI()
        try await cli.serve("good.xml", FeedsCLI.rss(title: "Good", [("g1", "Fine", "ok")]))
        try await cli.serve("bad.xml", FeedsCLI.rss(title: "Bad", [("x1", "Kept item", "still here")]))
        #expect(try await cli.run(["add", cli.address("good.xml")]).status == 0)
        #expect(try await cli.run(["add", cli.address("bad.xml")]).status == 0)
        try await cli.fail("bad.xml", status: 500)

        // When everything is refreshed
        let refresh = try await cli.run(["refresh"])

        // Then the summary counts it, a line gives its reason, and the status is 1
        #expect(refresh.status == 1)
        #expect(refresh.standardOutput == "refreshed 1 feed (0 not modified), 0 new items, 1 failed, 0 not due\n")
        let errors = FeedsCLI.lines(refresh.standardError)
        #expect(errors.count == 2, "\(errors)")
        #expect(
            errors.first
                == "failed: Bad: \(cli.address("bad.xml")) answered HTTP 500 (internal server error); try later")
        #expect(errors.last?.hasPrefix("Error: 1 feed of 2 failed") == true)
        // And the feed keeps its item and shows its error
        let listed = try FeedsCLI.objects(try await cli.run(["list", "--json"]).standardOutput)
        #expect((listed.last?["lastError"] as? String)?.contains("HTTP 500") == true)
        #expect(listed.last?["unread"] as? Int == 1)
        let table = try await cli.run(["list"])
        #expect(table.standardOutput.contains("answered HTTP 500"))
        // And refreshing only the good one succeeds
        let one = try await cli.run(["refresh", cli.address("good.xml")])
        #expect(one.status == 0, "\(one.standardError)")
    }

    @Test(
        "refresh draws its progress line on a terminal only",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func progressOnTerminal() async throws {
        let cli = try await FeedsCLI()
        for name in ["p1.xml", "p2.xml"] {
            try await cli.serve(name, FeedsCLI.rss(title: name, [("1", "One", "x")]))
            #expect(try await cli.run(["add", cli.address(name)]).status == 0)
        }
        // On a pseudo-terminal (util-linux's script): the progress line, then the summary
        let line = [FeedsCLI.bsl.path, "feeds", "refresh", "--library", cli.library]
            .map { "'\($0)'" }.joined(separator: " ")
        let terminal = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", line, "/dev/null"])
        #expect(terminal.status == 0, "\(terminal.standardOutput)")
        #expect(terminal.standardOutput.contains("\r\u{1B}[2Krefreshed 1/2"), "\(terminal.standardOutput)")
        #expect(terminal.standardOutput.contains("refreshed 2/2"))
        #expect(terminal.standardOutput.contains("refreshed 2 feeds"))
        // In a pipe: the summary alone
        let piped = try await cli.run(["refresh"])
        #expect(piped.status == 0)
        #expect(!piped.standardError.contains("refreshed"), "\(piped.standardError)")
        #expect(!piped.standardOutput.contains("\r"))
        #expect(
            FeedsCLI.lines(piped.standardOutput) == [
                "refreshed 2 feeds (0 not modified), 0 new items, 0 failed, 0 not due"
            ])
    }

    @Test("set --min-interval makes refresh skip the feed until it is due; --force refreshes it anyway")
    func minimumInterval() async throws {
        let cli = try await FeedsCLI()
        try await cli.serve("slow.xml", FeedsCLI.rss(title: "Slow", [("1", "One", "x")]))
        #expect(try await cli.run(["add", cli.address("slow.xml")]).status == 0)
        let set = try await cli.run(["set", cli.address("slow.xml"), "--min-interval", "30m"])
        #expect(set.status == 0, "\(set.standardError)")
        #expect(set.standardOutput.hasSuffix(": minimum interval 30m, keeps default items\n"), "\(set.standardOutput)")
        let skipped = try await cli.run(["refresh"])
        #expect(skipped.standardOutput.hasSuffix("0 failed, 1 not due\n"), "\(skipped.standardOutput)")
        #expect(try await cli.hits("slow.xml").hits == 1)
        let forced = try await cli.run(["refresh", "--force"])
        #expect(forced.standardOutput.hasPrefix("refreshed 1 feed"))
        #expect(try await cli.hits("slow.xml").hits == 2)
        let cleared = try await cli.run(["set", cli.address("slow.xml"), "--min-interval", "0"])
        #expect(cleared.standardOutput.contains("minimum interval none"))
    }

    @Test(
        "bad lines are usage errors (64) or failures (1), each one line",
        arguments: [
            (["add"], Int32(64), "give the feed's URL"),
            (["add", "javascript:alert(1)"], 64, "is not a feed address"),
            (["add", "http://x.example/", "--preset", "cnblogs"], 64, "not both"),
            (["add", "--preset", "nope"], 64, "there is no preset 'nope'; the presets are cnblogs"),
            (["set", "k3f9"], 64, "give what to set"),
            (["set", "k3f9", "--min-interval", "5x"], 64, "90s, 30m, 2h or 1d"),
            (["mark-read"], 64, "or --all"),
            (["mark-read", "--all", "a", "b"], 64, "at most one FEED"),
            (["items", "k3f9", "--folder", "x"], 64, "not both"),
            (["unread"], 64, "<item>"),
            (["bogus"], 64, "bogus"),
            (["remove", "k3f9"], 1, "no subscriptions in"),
            (["read", "k3f9abcdef"], 1, "no subscriptions in"),
            (["refresh"], 1, "no subscriptions in"),
            (["import", "/nonexistent/x.opml"], 1, "cannot read /nonexistent/x.opml: no such file"),
        ])
    func badLines(arguments: [String], status: Int32, message: String) async throws {
        let cli = try await FeedsCLI()
        let result = try await cli.run(arguments)
        #expect(result.status == status, "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: "))
        if status == 1 { #expect(FeedsCLI.lines(result.standardError).count == 1, "\(result.standardError)") }
        #expect(!FileManager.default.fileExists(atPath: cli.library), "a failed line made a library")
    }

    @Test("unknown feeds and items, and a page that links no feed, fail in one line saying what to do")
    func unknownNames() async throws {
        let cli = try await FeedsCLI()
        try await cli.serve("f.xml", FeedsCLI.rss(title: "F", [("1", "One", "x")]))
        try await cli.serve("plain.html", "<html><body>no feed</body></html>") { $0.contentType = "text/html" }
        #expect(try await cli.run(["add", cli.address("f.xml")]).status == 0)
        let cases: [([String], String)] = [
            (["read", "zzzz123456"], "no item has the id 'zzzz123456'; see `bsl feeds items`"),
            (["remove", "http://127.0.0.1:1/none.xml"], "no subscription has the URL or id"),
            (["items", "nope"], "no subscription has the URL or id 'nope'"),
            (["add", cli.address("f.xml")], "is subscribed already"),
            (["add", cli.address("plain.html")], "links no Atom or RSS feed"),
            (["mark-read", "zzzz123456"], "no item has the id"),
        ]
        for (arguments, message) in cases {
            let result = try await cli.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            #expect(FeedsCLI.lines(result.standardError).count == 1)
        }
    }

    @Test("import is all or nothing: a javascript: entry refuses the file, naming it; nothing is added")
    func hostileImport() async throws {
        let cli = try await FeedsCLI()
        let file = cli.directory.path("bad.opml")
        let opml = """
            <?xml version="1.0"?><opml version="1.0"><head><title>x</title></head><body>
            <outline text="Good" xmlUrl="https://example.org/feed.xml"/>
            <outline text="Evil" xmlUrl="javascript:alert(1)"/>
            </body></opml>
            """
        try Data(opml.utf8).write(to: file)
        let result = try await cli.run(["import", file.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("\"Evil\" (javascript:alert(1))"), "\(result.standardError)")
        #expect(result.standardError.contains("nothing was imported"))
        #expect(!FileManager.default.fileExists(atPath: cli.library), "a refused import made a library")
        let list = try await cli.run(["list", "--json"])
        #expect(list.standardOutput == "[]\n")
        let notOPML = cli.directory.path("not.opml")
        try Data("<html/>".utf8).write(to: notOPML)
        let refused = try await cli.run(["import", notOPML.path])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("cannot import the OPML file"), "\(refused.standardError)")
    }

    @Test("add --preset cnblogs adds the three cnblogs feeds in the folder cnblogs, once")
    func preset() async throws {
        let cli = try await FeedsCLI()
        let added = try await cli.run(["add", "--preset", "cnblogs"])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(FeedsCLI.lines(added.standardOutput).count == 3)
        let listed = try FeedsCLI.objects(try await cli.run(["list", "--json", "--folder", "cnblogs"]).standardOutput)
        #expect(
            listed.map { $0["url"] as? String } == [
                "https://feed.cnblogs.com/blog/sitehome/rss", "https://feed.cnblogs.com/blog/picked/rss",
                "https://feed.cnblogs.com/news/rss",
            ])
        let again = try await cli.run(["add", "--preset", "cnblogs"])
        #expect(again.standardOutput.isEmpty)
        #expect(FeedsCLI.lines(again.standardError).count == 3)
    }

    @Test("tables fit the terminal: at 50 columns no line of list or items is wider, titles cut with …")
    func narrowTables() async throws {
        let cli = try await FeedsCLI()
        let long = String(repeating: "A very long title about Swift ", count: 3)
        try await cli.serve("long.xml", FeedsCLI.rss(title: long, [("1", long, "x")]))
        #expect(try await cli.run(["add", cli.address("long.xml")]).status == 0)
        for command in [["list"], ["items"], ["search", "swift"]] {
            let result = try await cli.run(command, environment: ["COLUMNS": "50"])
            #expect(result.status == 0, "\(result.standardError)")
            for line in FeedsCLI.lines(result.standardOutput) {
                #expect(TextWidth.columns(of: line) <= 50, "\(command): \(line)")
            }
            #expect(result.standardOutput.contains("\u{2026}"))
        }
    }

    @Test(
        "--help for bsl feeds and each of its commands: 80 columns, and refresh says what its exit status is",
        arguments: [
            [], ["add"], ["remove"], ["list"], ["rename"], ["move"], ["set"], ["refresh"], ["items"], ["read"],
            ["mark-read"], ["unread"], ["search"], ["import"], ["export"],
        ])
    func help(command: [String]) async throws {
        let result = try await ProcessRunner.run(
            FeedsCLI.bsl, ["feeds"] + command + ["--help"], environment: ["COLUMNS": nil])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("OVERVIEW: "))
        #expect(result.standardOutput.contains("USAGE: bsl feeds"))
        #expect(result.standardOutput.contains("--library <path>"))
        for line in result.standardOutput.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        if command == ["refresh"] {
            let text = result.standardOutput.replacingOccurrences(of: "\n", with: " ")
            #expect(text.contains("Exit status: 0 when no feed failed, 1 when any did"), "\(text)")
        }
        if command.isEmpty {
            for name in ["add", "refresh", "mark-read", "import", "export"] {
                #expect(result.standardOutput.contains("  \(name) "), "\(name)")
            }
        }
    }

    @Test("titles from a feed reach the terminal without bidi overrides or C1 control sequences")
    func terminalInjection() async throws {
        // Given a feed whose title and item title carry a right-to-left override and a C1 CSI
        let cli = try await FeedsCLI()
        let hostile = "左\u{202E}右\u{9B}2J"
        try await cli.serve("evil.xml", FeedsCLI.rss(title: hostile, [("1", hostile + " item", "body")]))
        let added = try await cli.run(["add", cli.address("evil.xml")])
        #expect(added.status == 0, "\(added.standardError)")
        let id = try #require(
            try FeedsCLI.objects(try await cli.run(["items", "--json"]).standardOutput).first?["id"] as? String)

        // When it is listed, its items shown and read, and it fails to refresh
        try await cli.fail("evil.xml", status: 404)
        let outputs = [
            added, try await cli.run(["list"]), try await cli.run(["items"]), try await cli.run(["read", id]),
            try await cli.run(["refresh"]), try await cli.run(["add", cli.address("evil.xml")]),
        ]

        // Then none of them prints the override or the CSI; the visible text is there, with the
        // controls dropped in listings and shown as escapes in an error message (which quotes
        // what it names exactly)
        for result in outputs {
            let text = result.standardOutput + result.standardError
            #expect(!text.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E }, "\(text)")
            #expect(text.contains("左右2J") || text.contains(#"左\u{202E}右\u{9B}2J"#), "\(text)")
        }
    }
}
