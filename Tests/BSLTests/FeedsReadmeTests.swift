import Foundation
import TestSupport
import Testing

/// README.md's `bsl feeds` lines, read from the README and run in order against the feed server
/// (in place of example.org, with the test's own library): if this breaks, so does the README.
@Suite struct FeedsReadmeTests {
    /// The `swift run bsl feeds …` lines of the README's `bsl feeds` section, without their comments.
    static func readmeLines() throws -> [String] {
        let readme = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### `bsl feeds`").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first)
        let code = try #require(block.components(separatedBy: "```").first)
        return code.split(separator: "\n").map { line in
            var text = String(line)
            if let comment = text.range(of: "  #") { text = String(text[..<comment.lowerBound]) }
            return text.trimmingCharacters(in: .whitespaces)
        }
    }

    /// The words of a command line as a shell splits them: spaces, and double quotes around a word.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    @Test("the README's bsl feeds lines run as written, each exiting 0")
    func readme() async throws {
        // Given the sites the README names, on the test server
        let cli = try await FeedsCLI()
        try await cli.serve(
            "blog/", #"<html><head><link rel="alternate" type="application/atom+xml" href="feed.xml"></head></html>"#
        ) { $0.contentType = "text/html" }
        try await cli.serve(
            "blog/feed.xml",
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Example blog</title>
            <entry><id>urn:1</id><title>Swift 并发 in practice</title><updated>2026-11-30T08:00:00Z</updated>
            <content type="html">&lt;p&gt;Actors and tasks.&lt;/p&gt;</content></entry></feed>
            """
        ) { $0.contentType = "application/atom+xml" }
        try await cli.serve("news.xml", FeedsCLI.rss(title: "News", [("n1", "Today", "Nothing much")]))
        let lines = try Self.readmeLines()
        #expect(lines.count == 12, "\(lines)")
        let opml = cli.directory.path("feeds.opml").path
        var outputs: [String: String] = [:]

        // When each line runs in turn
        for line in lines {
            let prefix = "swift run bsl feeds "
            try #require(line.hasPrefix(prefix), "not a bsl feeds line: \(line)")
            var arguments = Self.words(String(line.dropFirst(prefix.count))).map { word in
                word.replacingOccurrences(of: "https://example.org", with: cli.address("").dropLast())
                    .replacingOccurrences(of: "/tmp/feeds.opml", with: opml)
            }
            if arguments.first == "read" {
                // The README's id stands for one that `items` printed.
                let items = try FeedsCLI.objects(try await cli.run(["items", "--json"]).standardOutput)
                arguments[1] = try #require(items.first?["id"] as? String)
            }
            let result = try await cli.run(arguments)

            // Then it succeeds
            #expect(result.status == 0, "\(line): \(result.standardError)")
            outputs[arguments[0] + (arguments.count > 1 ? " " + arguments[1] : "")] = result.standardOutput
        }

        // And does what its comment says
        let listed = try FeedsCLI.objects(try await cli.run(["list", "--json"]).standardOutput)
        #expect(
            listed.map { $0["title"] as? String } == [
                "Example blog", "Example news", "博客园 首页", "博客园 精华", "博客园 新闻",
            ])
        #expect(listed.first?["url"] as? String == cli.address("blog/feed.xml"))
        #expect(outputs["search swift"]?.contains("Swift 并发 in practice") == true, "\(outputs)")
        #expect(FileManager.default.fileExists(atPath: opml))
    }
}
