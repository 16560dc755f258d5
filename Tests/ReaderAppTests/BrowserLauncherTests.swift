import Foundation
import ReaderApp
import TestSupport
import Testing

/// `BrowserLauncher` starting a real child: a small script in a temporary folder stands for the
/// browser and writes the arguments it was given to a file.
@Suite struct BrowserLauncherTests {
    /// A folder with `browser.sh`, which writes its arguments, one a line, to `opened.txt`.
    static func browser() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory(prefix: "BrowserLauncherTests")
        let script = folder.path("browser.sh")
        try MeSamples.writeScript(
            """
            #!/bin/sh
            printf '%s\\n' "$@" > '\(folder.path("opened.tmp").path)'
            /bin/mv '\(folder.path("opened.tmp").path)' '\(folder.path("opened.txt").path)'

            """, to: script)
        return folder
    }

    static func opened(in folder: TemporaryDirectory) async throws -> String? {
        var text: String?
        _ = try await eventually(timeout: 30) {
            text = try? String(contentsOf: folder.path("opened.txt"), encoding: .utf8)
            return text != nil
        }
        return text
    }

    @Test("$BROWSER gets the URL as one argument, shell characters and all, and is not waited for")
    func browserVariable() async throws {
        let folder = try Self.browser()
        let url = try #require(URL(string: "http://m.budejie.com/game?from=app&type=1&x=$(touch%20pwned);y"))
        let environment = ["BROWSER": folder.path("browser.sh").path, "PATH": "/usr/bin:/bin"]
        #expect(BrowserLauncher.open(url, environment: environment) == nil)
        #expect(try await Self.opened(in: folder) == url.absoluteString + "\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path("pwned").path))
    }

    @Test("$BROWSER may carry arguments of its own")
    func browserWithArguments() async throws {
        let folder = try Self.browser()
        let url = try #require(URL(string: "https://shop.budejie.com/?src=square&v=2"))
        let environment = ["BROWSER": "  \(folder.path("browser.sh").path) --new-window  ", "PATH": "/usr/bin:/bin"]
        #expect(BrowserLauncher.open(url, environment: environment) == nil)
        #expect(try await Self.opened(in: folder) == "--new-window\n" + url.absoluteString + "\n")
    }

    @Test("without $BROWSER it runs xdg-open from PATH, and says what to do when there is none")
    func xdgOpen() async throws {
        let folder = try Self.browser()
        let bin = folder.path("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("xdg-open"), withDestinationURL: folder.path("browser.sh"))
        let url = try #require(URL(string: "http://m.budejie.com/rules"))
        #expect(BrowserLauncher.open(url, environment: ["PATH": bin.path]) == nil)
        #expect(try await Self.opened(in: folder) == url.absoluteString + "\n")
        let failure = BrowserLauncher.open(url, environment: ["PATH": folder.path("nowhere").path])
        #expect(failure?.message == "there is no xdg-open; set $BROWSER to your browser")
    }
}
