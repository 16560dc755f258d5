import Foundation
import TestSupport
import Testing

/// A shell in a detached tmux session of a fixed size, on a server of its own (`-L`), for
/// end-to-end tests of `bsl reader` in a real pseudo-terminal. The server's socket is inside the
/// test's temporary folder (`-S`, a private socket as `-L` names one, that leaves nothing behind in
/// tmux's shared folder); ``with(columns:rows:_:)`` always kills the server it started, whether
/// the body passes, fails or throws.
struct TmuxPane {
    static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    let executable: URL
    let folder: TemporaryDirectory

    init(executable: URL, folder: TemporaryDirectory) {
        self.executable = executable
        self.folder = folder
        socket = folder.path("tmux.socket")
    }
    let socket: URL

    /// Runs `body` with a pane of `columns` × `rows` running `/bin/sh`, in a temporary folder;
    /// skips the test when tmux is not installed. The shell's environment is the test's without
    /// `CNBLOGS_TOKEN`, `NO_COLOR` (which `swift test` sets for the processes it starts) and
    /// `LC_ALL`/`LC_CTYPE`, with `LANG=C.UTF-8`: the same screen whoever runs the tests.
    static func with(
        columns: Int = 80, rows: Int = 24, _ body: (TmuxPane) async throws -> Void
    ) async throws {
        guard let tmux else {
            try Test.cancel("tmux is not installed, so there is no pseudo-terminal to test on (apt-get install tmux)")
        }
        let pane = TmuxPane(
            executable: URL(fileURLWithPath: tmux), folder: try TemporaryDirectory(prefix: "ReaderTerminalTests"))
        do {
            try await pane.tmux(
                "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-c", pane.folder.url.path,
                "env -u CNBLOGS_TOKEN -u NO_COLOR -u LC_ALL -u LC_CTYPE LANG=C.UTF-8 PS1='$ ' /bin/sh")
            try await body(pane)
        } catch {
            await pane.killServer()
            throw error
        }
        await pane.killServer()
    }

    /// Runs `tmux -S socket arguments…`.
    @discardableResult
    func tmux(_ arguments: String...) async throws -> String {
        let result = try await ProcessRunner.run(executable, ["-S", socket.path] + arguments, timeout: 30)
        guard result.status == 0 else {
            throw TestSupportError("tmux \(arguments.joined(separator: " ")) failed: \(result.standardError)")
        }
        return result.standardOutput
    }

    /// Sends keys by tmux's names (`Enter`, `Tab`, `BTab`, `PageDown`, `C-c`, `j`).
    func send(_ keys: String...) async throws {
        for key in keys { try await tmux("send-keys", "-t", "0", key) }
    }

    /// Types `line` literally and presses Enter.
    func run(_ line: String) async throws {
        try await tmux("send-keys", "-t", "0", "-l", line)
        try await tmux("send-keys", "-t", "0", "Enter")
    }

    /// The screen as text (`capture-pane -p`).
    func screen() async throws -> String {
        try await tmux("capture-pane", "-p", "-t", "0")
    }

    /// The screen with its attributes as ANSI escapes (`capture-pane -p -e`).
    func screenWithEscapes() async throws -> String {
        try await tmux("capture-pane", "-p", "-e", "-t", "0")
    }

    /// Waits until the screen satisfies `condition`, and returns it; records a failure with the
    /// last screen when it never does.
    @discardableResult
    func waitForScreen(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
    ) async throws -> String {
        var last = ""
        let held = try await eventually(timeout: 30) {
            last = try await screen()
            return condition(last)
        }
        if !held { Issue.record("the screen never showed \(what):\n\(last)", sourceLocation: sourceLocation) }
        return last
    }

    /// Waits for `file` in the pane's folder to exist with content, and returns it.
    func waitForFile(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let url = folder.path(name)
        var text = ""
        let held = try await eventually(timeout: 30) {
            text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            return text.hasSuffix("\n")
        }
        if !held { Issue.record("\(name) was never written", sourceLocation: sourceLocation) }
        return text
    }

    /// The pid of the pane's foreground child of the shell (the program it runs), if any.
    func childProcess() async throws -> pid_t? {
        let shell = try await tmux("list-panes", "-t", "0", "-F", "#{pane_pid}").trimmingCharacters(
            in: .whitespacesAndNewlines)
        let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children?.split(separator: " ").first.flatMap { pid_t($0) }
    }

    private func killServer() async {
        _ = try? await ProcessRunner.run(executable, ["-S", socket.path, "kill-server"], timeout: 30)
    }
}
