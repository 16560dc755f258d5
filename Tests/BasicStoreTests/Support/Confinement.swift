import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs child processes where a test needs what only root can arrange: another user
/// (`setpriv`), or a read-only bind mount or a small tmpfs in a private mount namespace
/// (`unshare -m`), which no process outside the namespace sees and which ends with it. A test
/// that cannot have these is cancelled (reported as skipped) with the reason.
///
/// (BSLTests has the same helper for the built `bsl`; both could live in TestSupport.)
enum Confinement {
    static let unshare = URL(fileURLWithPath: "/usr/bin/unshare")
    static let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
    /// `nobody`: a user that owns none of the test's files.
    static let otherUser = ["--reuid=65534", "--regid=65534", "--clear-groups"]

    /// How one step inside a namespace ended, and what it printed.
    struct Step {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Skips the test unless this process may make a private mount namespace (root, unshare).
    static func requireMountNamespace() async throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: unshare.path) else {
            try Test.cancel("needs root and /usr/bin/unshare for a private mount namespace")
        }
        let probe = try? await ProcessRunner.run(unshare, ["-m", "/bin/sh", "-c", "mount -t tmpfs tmpfs /mnt"])
        guard probe?.status == 0 else {
            try Test.cancel("cannot mount in a private namespace here: \(probe?.standardError ?? "unshare failed")")
        }
    }

    /// Skips the test unless this process may run a child as another user (root, setpriv).
    static func requireOtherUser() async throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: setpriv.path) else {
            try Test.cancel("needs root and /usr/bin/setpriv to run a child as another user")
        }
        let probe = try? await ProcessRunner.run(setpriv, otherUser + ["/bin/true"])
        guard probe?.status == 0 else { try Test.cancel("setpriv cannot switch to uid 65534 here") }
    }

    /// Runs `executable` as uid and gid 65534, with no supplementary groups.
    static func asNobody(_ executable: URL, _ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.run(setpriv, otherUser + [executable.path] + arguments)
    }

    /// `text` quoted for the shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs the shell commands `setup` (all must succeed), then each of `steps` in turn, in one
    /// private mount namespace; answers each step's status and output, in order.
    ///
    /// - Throws: ``TestSupportError`` when the setup fails.
    static func inMountNamespace(setup: String, steps: [[String]]) async throws -> [Step] {
        let results = try TemporaryDirectory(prefix: "Confinement")
        let output = quoted(results.url.path)
        var script = "set -e\n\(setup)\nset +e\n"
        for (index, step) in steps.enumerated() {
            script += step.map(quoted).joined(separator: " ")
            script += " >\(output)/\(index).out 2>\(output)/\(index).err; echo $? >\(output)/\(index).status\n"
        }
        let run = try await ProcessRunner.run(unshare, ["-m", "--propagation", "private", "/bin/sh", "-c", script])
        guard run.status == 0 else {
            throw TestSupportError("the namespace's setup failed (\(run.status)): \(run.standardError)")
        }
        return steps.indices.map { index in
            func text(_ suffix: String) -> String {
                (try? String(contentsOf: results.path("\(index).\(suffix)"), encoding: .utf8)) ?? ""
            }
            let status = Int32(text("status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            return Step(status: status, standardOutput: text("out"), standardError: text("err"))
        }
    }
}
