import Foundation

#if canImport(Glibc)
    import Glibc  // getuid
#endif

/// Runs child processes where a test needs what only root can arrange: another user (`setpriv`), or a
/// read-only bind mount or a small tmpfs in a private mount namespace (`unshare -m`), which no
/// process outside the namespace sees and which ends with it. A test that cannot have these is
/// skipped with the reason its `…Unavailable()` check gives.
public enum Confinement {
    /// The program that makes the private mount namespace.
    public static let unshare = URL(fileURLWithPath: "/usr/bin/unshare")
    /// The program that runs a child as another user.
    public static let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
    /// `nobody`: a user that owns none of the test's files.
    public static let otherUser = ["--reuid=65534", "--regid=65534", "--clear-groups"]

    /// Why this process cannot make a private mount namespace with a tmpfs in it (it needs root
    /// and `unshare`), or nil when it can. A test skips with the reason (`Test.cancel`).
    public static func mountNamespaceUnavailable() async -> String? {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: unshare.path) else {
            return "needs root and /usr/bin/unshare for a private mount namespace"
        }
        let probe = try? await ProcessRunner.run(unshare, ["-m", "/bin/sh", "-c", "mount -t tmpfs tmpfs /mnt"])
        guard probe?.status == 0 else {
            return "cannot mount in a private namespace here: \(probe?.standardError ?? "unshare failed")"
        }
        return nil
    }

    /// Why this process cannot run a child as another user (it needs root and `setpriv`), or nil
    /// when it can.
    public static func otherUserUnavailable() async -> String? {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: setpriv.path) else {
            return "needs root and /usr/bin/setpriv to run a child as another user"
        }
        let probe = try? await ProcessRunner.run(setpriv, otherUser + ["/bin/true"])
        return probe?.status == 0 ? nil : "setpriv cannot switch to uid 65534 here"
    }

    /// Runs `executable` as uid and gid 65534, with no supplementary groups.
    public static func asNobody(
        _ executable: URL, _ arguments: [String], environment: [String: String?] = [:]
    ) async throws -> ProcessResult {
        try await ProcessRunner.run(setpriv, otherUser + [executable.path] + arguments, environment: environment)
    }

    /// `text` quoted for the shell.
    public static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// How one step inside a namespace ended, and what it printed.
    public struct Step: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output as text.
        public var standardOutput: String
        /// Standard error as text.
        public var standardError: String
    }

    /// Runs the shell commands `setup` (all must succeed), then each of `steps` in turn, in one
    /// private mount namespace; answers each step's status and output, in order.
    ///
    /// - Throws: ``TestSupportError`` when the setup fails.
    public static func inMountNamespace(
        setup: String, steps: [[String]], environment: [String: String?] = [:]
    ) async throws -> [Step] {
        let results = try TemporaryDirectory(prefix: "Confinement")
        let output = quoted(results.url.path)
        var script = "set -e\n\(setup)\nset +e\n"
        for (index, step) in steps.enumerated() {
            script += step.map(quoted).joined(separator: " ")
            script += " >\(output)/\(index).out 2>\(output)/\(index).err; echo $? >\(output)/\(index).status\n"
        }
        let run = try await ProcessRunner.run(
            unshare, ["-m", "--propagation", "private", "/bin/sh", "-c", script], environment: environment)
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
