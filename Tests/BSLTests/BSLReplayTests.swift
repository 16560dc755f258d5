import Foundation
import TestSupport
import Testing

/// What `--replay` says about a request the recording lacks, and the folders a run leaves behind.
@Suite struct BSLReplayTests {
    static let bsl = TestPaths.builtProduct("bsl")
    static let sample = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs").path

    @Test(
        "a request the recording lacks says which the recording has for that path, and the option to use",
        arguments: [
            (["news", "--size", "15"], "news/recent/15", "the recording answers size 10 only; use --size 10"),
            (["news", "--page", "3"], "news/recent/paged/3/10", "the recording answers page 2 only; use --page 2"),
            (["blogs", "--size", "20"], "sitehome/paged/1/20", "the recording answers size 10 only; use --size 10"),
            (
                ["comments", "5770214", "--page", "2"], "5770214/comments/2/10",
                "the recording answers page 1 only; use --page 1"
            ),
            (
                ["user", "walker"], "blog/u/walker/posts/1/10",
                "the recording answers blogs nanshan-walker and nosuchblog"
            ),
            (["read", "55", "--news"], "news/item/55", "the recording answers ids 551203 and 551198"),
        ])
    func missingRequest(arguments: [String], url: String, hint: String) async throws {
        let result = try await ProcessRunner.run(
            Self.bsl, ["cnblogs"] + arguments + ["--source", "legacy", "--replay", Self.sample])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: no exchange for GET http://wcf.open.cnblogs.com/"))
        #expect(result.standardError.contains(url + " in the cassette"), "\(result.standardError)")
        #expect(result.standardError.hasSuffix("; " + hint + "\n"), "\(result.standardError)")
        // Replaying already: no hint to replay.
        #expect(!result.standardError.contains("--replay Samples/cnblogs"))
    }

    @Test("a request near none of the recording's gets no hint; a query that differs lists what is near")
    func otherRequests() async throws {
        let result = try await ProcessRunner.run(
            Self.bsl, ["http", "get", "https://example.com/elsewhere", "--replay", Self.sample])
        #expect(result.status == 1)
        #expect(result.standardError.hasSuffix("--record \(Self.sample))\n"), "\(result.standardError)")

        let folder = try TemporaryDirectory()
        let server = try await TestHTTPServer.start()
        let url = server.url("/echo?from=cli").absoluteString
        let recorded = try await ProcessRunner.run(Self.bsl, ["http", "get", url, "--record", folder.url.path])
        server.stop()
        #expect(recorded.status == 0, "\(recorded.standardError)")
        let missing = try await ProcessRunner.run(
            Self.bsl, ["http", "get", url.replacingOccurrences(of: "cli", with: "app"), "--replay", folder.url.path])
        #expect(missing.status == 1)
        #expect(
            missing.standardError.hasSuffix("; the recording answers GET \(url) near it\n"), "\(missing.standardError)")
    }

    /// A home and data folder of their own, empty, for one run of bsl.
    struct Home {
        let folder: TemporaryDirectory
        var environment: [String: String?] {
            ["HOME": folder.url.path, "XDG_DATA_HOME": folder.path("data").path, "XDG_CACHE_HOME": nil]
        }

        init() throws {
            folder = try TemporaryDirectory(prefix: "BSLHome")
        }

        /// Everything inside the home, relative to it.
        var contents: [String] {
            let enumerator = FileManager.default.enumerator(atPath: folder.url.path)
            return (enumerator?.allObjects as? [String] ?? []).sorted()
        }
    }

    @Test(
        "running any command leaves no empty folder behind (Foundation's cookie and cache folders among them)",
        arguments: [
            ["cnblogs", "news", "--source", "legacy", "--replay", "SAMPLE"],
            ["cnblogs", "read", "551203", "--news", "--source", "legacy", "--replay", "SAMPLE"],
            ["http", "get", "SERVER/echo"], ["http", "get", "SERVER/status/500"],
            ["http", "get", "http://127.0.0.1:9/x"],
            ["feed", "SERVER/fixtures/hello.json"], ["json", "get", "a", "-"], ["cnblogs", "offline"],
            ["http", "get", "http://127.0.0.1:9/x", "--record", "HOME/cassettes/deep/one"],
            ["http", "get", "SERVER/status/404?body=x", "--record", "HOME/cassette"],
        ])
    func noEmptyFolders(command: [String]) async throws {
        let server = try await TestHTTPServer.shared()
        let home = try Home()
        let arguments = command.map {
            $0.replacingOccurrences(of: "SAMPLE", with: Self.sample)
                .replacingOccurrences(of: "SERVER", with: server.baseURL.absoluteString.trimmingSuffix("/"))
                .replacingOccurrences(of: "HOME", with: home.folder.url.path)
        }
        let result = try await ProcessRunner.run(
            Self.bsl, arguments, input: Data("{}".utf8), environment: home.environment)
        #expect(result.status != 64, "\(result.standardError)")
        let kept = home.contents
        if command.contains("HOME/cassette") {
            // A recording of an answer is kept, in the folder asked for.
            #expect(kept.contains("cassette/index.json"), "\(kept)")
        } else {
            #expect(kept.isEmpty, "\(arguments.joined(separator: " ")) left \(kept)")
        }
    }

    @Test("run through a symbolic link of another name, bsl leaves no empty folder either")
    func throughLink() async throws {
        let home = try Home()
        let links = try TemporaryDirectory(prefix: "BSLLink")
        let link = links.path("other-name")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: Self.bsl)
        let result = try await ProcessRunner.run(
            link, ["cnblogs", "news", "--source", "legacy", "--replay", Self.sample], environment: home.environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(home.contents.isEmpty, "\(home.contents)")
    }

    @Test("a folder that was there before the run is left alone, empty or not")
    func existingFoldersStay() async throws {
        let home = try Home()
        for folder in ["data/debug", "data/release", ".cache/org.swift.foundation.URLCache/bsl", "data/bsl"] {
            try FileManager.default.createDirectory(at: home.folder.path(folder), withIntermediateDirectories: true)
        }
        let before = home.contents
        let result = try await ProcessRunner.run(
            Self.bsl, ["cnblogs", "news", "--source", "legacy", "--replay", Self.sample], environment: home.environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(home.contents == before)
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
