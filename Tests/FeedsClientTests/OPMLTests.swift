import FeedsClient
import Foundation
import TestSupport
import Testing

/// OPML in and out: files in the shapes real readers export, round trips, hostile files.
@Suite struct OPMLTests {
    static func sample(_ name: String) throws -> Data {
        try TestPaths.fixtureData(name, target: "FeedsClientTests")
    }

    @Test(
        "files exported by newsboat, NetNewsWire, Feedly and Inoreader are read with their titles and folders",
        arguments: [
            (
                "newsboat.opml",
                [
                    OPMLEntry(
                        url: "https://tide.example.org/feed.xml", title: "Tide Notes",
                        siteURL: "https://tide.example.org/"),
                    OPMLEntry(url: "https://www.cnblogs.com/linjian/rss"),
                    OPMLEntry(url: "https://blog.example.com/atom.xml?lang=en&full=1", title: "Blog & Notes"),
                ]
            ),
            (
                "netnewswire.opml",
                [
                    OPMLEntry(
                        url: "https://daring.example.net/index.xml", title: "Daring Example",
                        siteURL: "https://daring.example.net/"),
                    OPMLEntry(
                        url: "https://swift.example.org/atom.xml", title: "Swift.org",
                        siteURL: "https://swift.example.org/",
                        folder: "Swift"),
                    OPMLEntry(
                        url: "https://www.cnblogs.com/linjian/rss", title: "林间小路",
                        siteURL: "https://www.cnblogs.com/linjian/",
                        folder: "Swift"),
                ]
            ),
            (
                "feedly.opml",
                [
                    OPMLEntry(
                        url: "https://tide.example.org/feed.xml", title: "Tide Notes",
                        siteURL: "https://tide.example.org/",
                        folder: "Programming"),
                    OPMLEntry(
                        url: "https://compilers.example.com/rss", title: "Compiler Diary",
                        siteURL: "https://compilers.example.com", folder: "Programming"),
                    OPMLEntry(
                        url: "https://dice.example.net/feed/", title: "Board & Dice",
                        siteURL: "https://dice.example.net/",
                        folder: "Games"),
                ]
            ),
            (
                "inoreader.opml",
                [
                    OPMLEntry(
                        url: "https://feed.cnblogs.com/news/rss", title: "博客园新闻", siteURL: "https://news.cnblogs.com/"),
                    OPMLEntry(
                        url: "http://type.example.org/feed/", title: "Type & Grid", siteURL: "http://type.example.org/",
                        folder: "设计"),
                    OPMLEntry(
                        url: "http://colour.example.org/rss", title: "Colour Notes",
                        siteURL: "http://colour.example.org/",
                        folder: "设计"),
                ]
            ),
        ])
    func readersExports(file: String, expected: [OPMLEntry]) async throws {
        let document = try OPMLDocument(parsing: try Self.sample(file))
        #expect(document.entries == expected)
        let fixture = try await FeedsFixture()
        let report = try fixture.subscriptions.importOPML(try Self.sample(file))
        #expect(report.added.map(\.url.absoluteString) == expected.map(\.url))
        #expect(report.duplicates.isEmpty)
        let listed = try fixture.subscriptions.subscriptions()
        #expect(listed.map(\.folder) == expected.map(\.folder))
        #expect(listed.map(\.customTitle) == expected.map(\.title))
        #expect(listed.map { $0.siteURL?.absoluteString } == expected.map(\.siteURL))
    }

    @Test("export then import round-trips exactly: the same subscriptions, and the same bytes again")
    func roundTrip() async throws {
        let fixture = try await FeedsFixture()
        try fixture.subscriptions.importOPML(try Self.sample("feedly.opml"))
        try fixture.subscriptions.importOPML(try Self.sample("inoreader.opml"))
        try await fixture.serve(
            "feed.xml", SampleFeed.rss(title: "Own \"title\" <with> & tab\there", SampleFeed.numbered(1...1)))
        let added = try await fixture.subscriptions.add(fixture.url("feed.xml"), folder: "Nested/Deeper/Deepest")
        try fixture.subscriptions.rename(added.id, to: "Line\nbreak & \"quotes\"")
        let exported = try fixture.subscriptions.exportOPML(title: "Round trip").data

        let other = try await FeedsFixture()
        let report = try other.subscriptions.importOPML(exported)
        #expect(report.duplicates.isEmpty)
        let before = try fixture.subscriptions.subscriptions()
        let after = try other.subscriptions.subscriptions()
        #expect(after.map(\.url) == before.map(\.url))
        #expect(after.map(\.title) == before.map(\.title))
        #expect(after.map(\.folder) == before.map(\.folder))
        #expect(after.map(\.siteURL) == before.map(\.siteURL))
        #expect(try other.subscriptions.exportOPML(title: "Round trip").data == exported)
        #expect(try OPMLDocument(parsing: exported).title == "Round trip")
        // A second import into the same library adds nothing.
        let again = try other.subscriptions.importOPML(exported)
        #expect(again.added.isEmpty && again.duplicates.count == before.count)
    }

    @Test("the export is OPML 2.0 with folders as nested outlines")
    func exportShape() async throws {
        let fixture = try await FeedsFixture()
        try fixture.subscriptions.add([
            OPMLEntry(url: "https://a.example/feed", title: "A", siteURL: "https://a.example/", folder: "News/World"),
            OPMLEntry(url: "https://b.example/feed", title: "B"),
        ])
        let xml = try fixture.subscriptions.exportOPML(title: "Mine").xml
        #expect(
            xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <opml version="2.0">
                  <head>
                    <title>Mine</title>
                  </head>
                  <body>
                    <outline text="News" title="News">
                      <outline text="World" title="World">
                        <outline type="rss" text="A" title="A" xmlUrl="https://a.example/feed" htmlUrl="https://a.example/"/>
                      </outline>
                    </outline>
                    <outline type="rss" text="B" title="B" xmlUrl="https://b.example/feed"/>
                  </body>
                </opml>

                """)
    }

    @Test(
        "entries with javascript: and other non-http(s) addresses are refused, all of them listed, nothing imported",
        arguments: [
            "javascript:alert(document.cookie)", "file:///etc/passwd", "data:text/xml,<rss/>", "feed:x", "ftp://x/",
        ])
    func refusedSchemes(address: String) async throws {
        let fixture = try await FeedsFixture()
        let opml = """
            <opml version="2.0"><body><outline text="ok" xmlUrl="https://ok.example/feed"/>
            <outline text="bad" xmlUrl="\(OPMLDocumentEscape.attribute(address))"/>
            <outline text="bad site" xmlUrl="https://ok2.example/feed" htmlUrl="javascript:void(0)"/></body></opml>
            """
        do {
            try fixture.subscriptions.importOPML(Data(opml.utf8))
            Issue.record("a file with \(address) was imported")
        } catch {
            guard case .invalidOPMLEntries(let problems) = error else {
                Issue.record("the error was \(error)")
                return
            }
            #expect(problems.map(\.entry.title) == ["bad", "bad site"])
            #expect(error.description.contains("nothing was imported"))
        }
        #expect(try fixture.subscriptions.subscriptions().isEmpty)
    }

    @Test("duplicates in the file and of feeds subscribed already are reported and added once")
    func duplicates() async throws {
        let fixture = try await FeedsFixture()
        try fixture.subscriptions.add([OPMLEntry(url: "https://one.example/feed")])
        let opml = """
            <opml version="1.0"><body><outline text="One again" xmlUrl="HTTPS://ONE.example:443/feed"/>
            <outline text="Two" xmlUrl="https://two.example/feed"/><outline text="Two again" xmlUrl="https://two.example/feed#x"/>
            </body></opml>
            """
        let report = try fixture.subscriptions.importOPML(Data(opml.utf8))
        #expect(report.added.map(\.title) == ["Two"])
        #expect(report.duplicates.map(\.title) == ["One again", "Two again"])
        #expect(try fixture.subscriptions.subscriptions().count == 2)
    }

    @Test("an entity bomb, an external entity and a file that is not OPML are errors, and nothing is imported")
    func hostileFiles() async throws {
        let fixture = try await FeedsFixture()
        var bomb =
            #"<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY a0 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx">"#
        for level in 1...12 {
            bomb += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
        }
        bomb += #"]><opml version="2.0"><body><outline text="&a12;" xmlUrl="https://x.example/feed"/></body></opml>"#
        let external = """
            <?xml version="1.0"?><!DOCTYPE opml [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <opml version="2.0"><body><outline text="&secret;" xmlUrl="https://x.example/feed"/></body></opml>
            """
        for (name, file) in [("bomb", bomb), ("html", "<html><body/></html>"), ("truncated", "<opml><body><outline")] {
            do {
                try fixture.subscriptions.importOPML(Data(file.utf8))
                Issue.record("the \(name) file was imported")
            } catch {
                guard case .invalidOPML = error else {
                    Issue.record("the \(name) file gave \(error)")
                    continue
                }
            }
        }
        // The external entity is never loaded: the file imports with the reference left empty,
        // or it is refused; either way no byte of /etc/passwd is in a title.
        if let report = try? fixture.subscriptions.importOPML(Data(external.utf8)) {
            #expect(report.added.allSatisfy { !($0.customTitle ?? "").contains("root:") })
            try fixture.subscriptions.remove(try #require(report.added.first).id)
        }
        #expect(try fixture.subscriptions.subscriptions().isEmpty)
    }

    @Test("100,000 outlines are refused quickly with a clear error, and nothing is imported")
    func hundredThousandOutlines() async throws {
        let fixture = try await FeedsFixture()
        var opml = #"<?xml version="1.0"?><opml version="2.0"><head><title>big</title></head><body>"#
        opml.reserveCapacity(8_000_000)
        for index in 0..<100_000 {
            opml += #"<outline type="rss" text="F\#(index)" xmlUrl="https://f\#(index).example/feed"/>"#
        }
        opml += "</body></opml>"
        do {
            try fixture.subscriptions.importOPML(Data(opml.utf8))
            Issue.record("100,000 feeds were imported")
        } catch {
            guard case .invalidOPML(let reason) = error else {
                Issue.record("the error was \(error)")
                return
            }
            #expect(reason.contains("more than 10000 feeds"))
        }
        #expect(try fixture.subscriptions.subscriptions().isEmpty)
        // Deep nesting is refused by the XML reader.
        let deep = String(repeating: "<outline text=\"f\">", count: 300) + String(repeating: "</outline>", count: 300)
        #expect(throws: FeedsError.self) { try OPMLDocument(parsing: Data("<opml><body>\(deep)</body></opml>".utf8)) }
    }
}

/// Attribute escaping for the test files.
enum OPMLDocumentEscape {
    static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
