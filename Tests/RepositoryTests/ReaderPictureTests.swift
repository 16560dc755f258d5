import Foundation
import TestSupport
import Testing

/// `Scripts/reader-picture.py`, which makes the README's picture of `bsl reader`: its ANSI → HTML
/// conversion (`--html-only`) on fixed input, its one-line errors when a tool is missing, and the
/// whole picture from a real screen where tmux and Chromium are installed.
@Suite struct ReaderPictureTests {
    static let script = TestPaths.packageRoot.appendingPathComponent("Scripts/reader-picture.py")

    /// python3 on PATH, or nil.
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static func requirePython() throws -> URL {
        guard let python else {
            try Test.cancel("python3 is not installed, so the picture script cannot run (apt-get install python3)")
        }
        return python
    }

    /// The page `--html-only` makes of `ansi`, and the script's status and errors.
    static func page(_ ansi: String) async throws -> ProcessResult {
        try await ProcessRunner.run(try requirePython(), [script.path, "--html-only"], input: Data(ansi.utf8))
    }

    /// The rows of a page, one `<div class="row">…</div>` each.
    static func rows(_ html: String) -> [String] {
        html.split(separator: "\n").filter { $0.hasPrefix("<div class=\"row\">") }.map(String.init)
    }

    static let esc = "\u{1B}["

    @Test(
        "SGR codes become spans: bold, dim, underline, inverse, reset, the 16 colours; CJK in two-cell boxes",
        arguments: [
            (
                "\(esc)1m\(esc)4m[首页]\(esc)0m 精华",
                #"<div class="row"><span class="b u">[<span class="w2">首</span><span class="w2">页</span>]</span> "#
                    + #"<span class="w2">精</span><span class="w2">华</span></div>"#
            ),
            // The selection bar as tmux's capture-pane -e writes it.
            ("\(esc)0;7m\(esc)39m\(esc)49m> Go\(esc)0m", #"<div class="row"><span class="r">&gt; Go</span></div>"#),
            (
                "\(esc)2m──\(esc)0m …",
                #"<div class="row"><span class="d"><span class="w1 a">─</span><span class="w1 a">─</span></span> "#
                    + #"<span class="w1 a">…</span></div>"#
            ),
            (
                "\(esc)31;44mred\(esc)39;49m <&>",
                #"<div class="row"><span style="color:#cc6666;background:#81a2be">red</span> &lt;&amp;&gt;</div>"#
            ),
            (
                "\(esc)7;92mgo\(esc)27mne",
                #"<div class="row"><span class="r" style="color:#1d1f21;background:#b9ca4a">go</span>"#
                    + #"<span style="color:#b9ca4a">ne</span></div>"#
            ),
            (
                "\(esc)1mA\(esc)22mB\(esc)4mC\(esc)24m\(esc)mD",
                #"<div class="row"><span class="b">A</span>B<span class="u">C</span>D</div>"#
            ),
            ("\(esc)38;5;208mx\(esc)0m", #"<div class="row"><span style="color:#ff8700">x</span></div>"#),
        ])
    func spans(ansi: String, row: String) async throws {
        let result = try await Self.page(ansi + "\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Self.rows(result.standardOutput) == [row])
    }

    @Test("a row per line, a style running on into the next line, the CJK monospace fonts first")
    func page() async throws {
        let result = try await Self.page("\(Self.esc)1mone\ntwo\(Self.esc)0m\n\nfour\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            Self.rows(result.standardOutput) == [
                #"<div class="row"><span class="b">one</span></div>"#,
                #"<div class="row"><span class="b">two</span></div>"#, #"<div class="row"></div>"#,
                #"<div class="row">four</div>"#,
            ])
        #expect(
            result.standardOutput.contains(#""Noto Sans Mono CJK SC", "WenQuanYi Zen Hei Mono", monospace"#))
        // Four columns wide (two em): the longest line.
        #expect(result.standardOutput.contains("width: 2.0em"))
    }

    @Test("without tmux, or without chromium, one line says what to install and the status is 1")
    func missingTools() async throws {
        // The interpreter itself: python3 on PATH may be a shim (pyenv's) that needs PATH.
        let executable = try await ProcessRunner.run(
            try Self.requirePython(), ["-c", "import sys; print(sys.executable)"]
        ).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let python = URL(fileURLWithPath: executable)
        let folder = try TemporaryDirectory(prefix: "reader-picture")
        let noTools = try await ProcessRunner.run(
            python, [Self.script.path, "--bsl", "/bin/true", "--output", folder.path("out.png").path],
            environment: ["PATH": folder.url.path])
        #expect(noTools.status == 1)
        #expect(
            noTools.standardError
                == "error: tmux is not installed, so there is no terminal to take the screen from "
                + "(apt-get install tmux)\n")
        // A folder with only tmux in it: chromium is what is missing now.
        let tmux = try #require(
            ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            },
            "tmux for the second half (apt-get install tmux)")
        try FileManager.default.createSymbolicLink(
            at: folder.path("tmux"), withDestinationURL: URL(fileURLWithPath: tmux))
        let noChromium = try await ProcessRunner.run(
            python, [Self.script.path, "--bsl", "/bin/true", "--output", folder.path("out.png").path],
            environment: ["PATH": folder.url.path])
        #expect(noChromium.status == 1)
        #expect(
            noChromium.standardError
                == "error: chromium is not installed, so there is nothing to take the picture with "
                + "(apt-get install chromium)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.png").path))
    }

    @Test("when bsl reader ends before its list, one line says so, and no tmux server or temporary folder is left")
    func readerEnds() async throws {
        let python = try Self.requirePython()
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard Self.found("tmux", in: path), Self.found("chromium", in: path) || Self.found("chromium-browser", in: path)
        else {
            try Test.cancel("tmux or chromium is not installed (apt-get install tmux chromium)")
        }
        // The script's temporary folder is made in this one (TMPDIR), to be looked at afterwards.
        let folder = try TemporaryDirectory(prefix: "reader-picture")
        let result = try await ProcessRunner.run(
            python, [Self.script.path, "--bsl", "/bin/false", "--output", folder.path("out.png").path],
            environment: ["TMPDIR": folder.url.path])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "error: bsl reader ended before the first list: [bsl reader exited with status 1]\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
        // No process (the tmux server) has the folder on its command line.
        let servers = try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { name in
            guard Int(name) != nil,
                let command = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
            else { return false }
            return String(decoding: command, as: UTF8.self).contains(folder.url.path)
        }
        #expect(servers.isEmpty, "processes left: \(servers)")
    }

    static func found(_ name: String, in path: String) -> Bool {
        path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }

    @Test("the picture of a real screen: a PNG of 100×30 cells, 8×20 pixels each, and a padding of 14")
    func picture() async throws {
        let python = try Self.requirePython()
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard Self.found("tmux", in: path), Self.found("chromium", in: path) || Self.found("chromium-browser", in: path)
        else {
            try Test.cancel("tmux or chromium is not installed (apt-get install tmux chromium): no picture to take")
        }
        let folder = try TemporaryDirectory(prefix: "reader-picture")
        let output = folder.path("reader.png")
        let result = try await ProcessRunner.run(
            python,
            [
                Self.script.path, "--bsl", TestPaths.builtProduct("bsl").path, "--output", output.path, "--scale", "1",
                "--keys", "j",
            ], timeout: 120)
        #expect(result.status == 0, "\(result.standardError)")
        let png = try Data(contentsOf: output)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // The IHDR chunk's width and height, big-endian, after the signature and the chunk's header.
        let width = png.dropFirst(16).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let height = png.dropFirst(20).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 100 * 8 + 2 * 14)
        #expect(height == 30 * 20 + 2 * 14)
    }
}
