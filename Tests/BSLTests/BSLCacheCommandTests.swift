import BasicCore
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `bsl cache …` on folders of its own.
///
/// Deletion safety: every `clear` and `clean` here runs on a folder inside a `TemporaryDirectory`, or on a
/// decoy (a temporary folder passed off as the home folder through `HOME`, a symlink or a bind mount that
/// resolves to a temporary folder). None names `/`, the real home folder or any folder outside the test's
/// own, so a wrong answer from the code under test can only remove the test's own files.
@Suite struct BSLCacheCommandTests {
    static let bsl = TestPaths.builtProduct("bsl")

    static func makeCache(in folder: TemporaryDirectory) throws -> URL {
        let root = folder.path("cache")
        for (name, size) in [("a.bin", 1500), ("sub/b.bin", 999), ("sub/deeper/c.bin", 12_345_678)] {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(count: size).write(to: url)
        }
        return root
    }

    static let cacheFiles = ["a.bin", "sub/b.bin", "sub/deeper/c.bin"]

    /// The files of ``makeCache(in:)`` still in `root`.
    static func survivors(in root: URL) -> [String] {
        cacheFiles.filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
    }

    /// A folder holding one file, to pass off as the home folder.
    static func makeDecoy(in folder: TemporaryDirectory) throws -> URL {
        let decoy = folder.path("decoy-home")
        try FileManager.default.createDirectory(at: decoy, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: decoy.appendingPathComponent("keep.txt"))
        return decoy
    }

    static func realPath(_ url: URL) -> String {
        guard let resolved = realpath(url.path, nil) else { return url.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    @Test("size prints a du-like line per path in the settings page's units, and a total")
    func size() async throws {
        let folder = try TemporaryDirectory()
        let root = try Self.makeCache(in: folder)
        let sub = root.appendingPathComponent("sub").path
        let result = try await ProcessRunner.run(
            Self.bsl, ["cache", "size", root.path, sub, folder.path("missing").path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == "12.3MB\t\(root.path)\n12.3MB\t\(sub)\n0B\t\(folder.path("missing").path)\n24.7MB\ttotal\n")
    }

    @Test("--bytes prints exact logical byte counts; --json the whole measurement")
    func bytesAndJSON() async throws {
        let folder = try TemporaryDirectory()
        let root = try Self.makeCache(in: folder)
        let bytes = try await ProcessRunner.run(Self.bsl, ["cache", "size", "--bytes", root.path])
        #expect(bytes.standardOutput == "\(1500 + 999 + 12_345_678)\n")
        let json = try await ProcessRunner.run(Self.bsl, ["cache", "size", "--json", root.path])
        let output = try JSONValue(parsing: json.standardOutput)
        #expect(output["paths"]?[0]?["path"] == .string(root.path))
        #expect(output["paths"]?[0]?["bytes"] == .integer(Int64(1500 + 999 + 12_345_678)))
        #expect(output["paths"]?[0]?["files"] == 3)
        #expect(output["paths"]?[0]?["folders"] == 3)
        #expect(output["total"]?["skipped"] == 0)
    }

    @Test("clear --yes empties the folder, keeps it, and says what it freed")
    func clear() async throws {
        let folder = try TemporaryDirectory()
        let root = try Self.makeCache(in: folder)
        let result = try await ProcessRunner.run(Self.bsl, ["cache", "clear", root.path, "--yes"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "cleared 3 files, 12.3MB freed\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
        #expect(result.standardError.isEmpty)  // no progress bar when stderr is not a terminal
    }

    @Test("clean --yes removes only files older than the age")
    func clean() async throws {
        let folder = try TemporaryDirectory()
        let root = try Self.makeCache(in: folder)
        let old = Date().addingTimeInterval(-8 * 86400)
        try FileManager.default.setAttributes(
            [.modificationDate: old], ofItemAtPath: root.appendingPathComponent("a.bin").path)
        let result = try await ProcessRunner.run(
            Self.bsl, ["cache", "clean", root.path, "--older-than", "7d", "--yes"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "cleaned 1 file, 1.5KB freed\n")
        #expect(Self.survivors(in: root) == ["sub/b.bin", "sub/deeper/c.bin"])
    }

    @Test(
        "off a terminal, clear and clean without --yes are usage errors and remove nothing",
        arguments: [["clear"], ["clean", "--older-than", "0s"]])
    func needsYes(command: [String]) async throws {
        let folder = try TemporaryDirectory()
        let root = try Self.makeCache(in: folder)
        let result = try await ProcessRunner.run(Self.bsl, ["cache"] + command + [root.path])
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: "), "\(result.standardError)")
        #expect(result.standardError.contains("pass --yes"), "\(result.standardError)")
        #expect(result.standardError.contains("Usage: bsl cache \(command[0])"), "\(result.standardError)")
        #expect(Self.survivors(in: root) == Self.cacheFiles)
    }

    @Test(
        "a folder that does not exist is an error for clear and clean, and is not created",
        arguments: [["clear", "--yes"], ["clean", "--older-than", "7d", "--yes"], ["clear", "--dry-run"]])
    func missingFolder(command: [String]) async throws {
        let folder = try TemporaryDirectory()
        let missing = folder.path("no/such/cache").path
        let result = try await ProcessRunner.run(Self.bsl, ["cache"] + command + [missing])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(
            result.standardError
                == "Error: \(missing) does not exist; check the path (nothing was created or removed)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path("no").path))
    }

    @Test(
        "clear --dry-run lists every path that would go, folders after their contents, and the total; removes nothing")
    func clearDryRun() async throws {
        let folder = try TemporaryDirectory()
        let root = try Self.makeCache(in: folder)
        let result = try await ProcessRunner.run(Self.bsl, ["cache", "clear", root.path, "--dry-run"])
        #expect(result.status == 0, "\(result.standardError)")
        let path = root.path
        #expect(
            result.standardOutput == """
                \(path)/a.bin
                \(path)/sub/b.bin
                \(path)/sub/deeper/c.bin
                \(path)/sub/deeper/
                \(path)/sub/
                would clear 3 files, 12.3MB (12348177 bytes); nothing was removed

                """)
        #expect(Self.survivors(in: root) == Self.cacheFiles)
    }

    @Test("clean --dry-run lists only the old files and their bytes; removes nothing")
    func cleanDryRun() async throws {
        let folder = try TemporaryDirectory()
        let root = try Self.makeCache(in: folder)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-8 * 86400)],
            ofItemAtPath: root.appendingPathComponent("sub/b.bin").path)
        let result = try await ProcessRunner.run(
            Self.bsl, ["cache", "clean", root.path, "--older-than", "7d", "--dry-run"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == "\(root.path)/sub/b.bin\nwould clean 1 file, 999B (999 bytes); nothing was removed\n")
        #expect(Self.survivors(in: root) == Self.cacheFiles)
    }

    @Test(
        "the home folder (a decoy through HOME), its parent, and symlinks to it are refused, and nothing is removed",
        arguments: ["clear", "clean"])
    func refusesHome(command: String) async throws {
        let folder = try TemporaryDirectory()
        let decoy = try Self.makeDecoy(in: folder)
        let resolved = Self.realPath(decoy)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("link").path, withDestinationPath: decoy.path)
        try FileManager.default.createDirectory(
            at: decoy.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let extra = command == "clean" ? ["--older-than", "0s"] : []
        let cases: [(path: String, message: String)] = [
            (decoy.path, "refusing to \(command) \(decoy.path) (your home folder)"),
            (decoy.path + "/", "refusing to \(command) \(decoy.path)/, which is \(resolved) (your home folder)"),
            (
                decoy.path + "/sub/..",
                "refusing to \(command) \(decoy.path)/sub/.., which is \(resolved) (your home folder)"
            ),
            (folder.path("link").path + "/", "which is \(resolved) (your home folder)"),
            (folder.path("link").path, "which is \(resolved) (your home folder)"),
            (decoy.path + "/..", "(it holds your home folder \(resolved))"),
        ]
        for (path, message) in cases {
            let result = try await ProcessRunner.run(
                Self.bsl, ["cache", command, path, "--yes"] + extra, environment: ["HOME": decoy.path])
            #expect(result.status == 1, "\(path): \(result.standardError)")
            #expect(result.standardError.hasPrefix("Error: refusing to \(command) "), "\(result.standardError)")
            #expect(result.standardError.contains(message), "\(path): \(result.standardError)")
            #expect(FileManager.default.fileExists(atPath: decoy.appendingPathComponent("keep.txt").path))
        }
    }

    @Test(
        "bad arguments are usage errors; a file given as the folder fails the operation",
        arguments: [
            (["clean", "FOLDER", "--older-than", "7x"], 64 as Int32, "needs a number with s, m, h or d"),
            (["clean", "FOLDER", "--older-than", "1d", "--by", "birth"], 64, "--by takes modification or access"),
            (["size"], 64, "missing argument <path>"),
            (["size", "--bytes", "--json", "FOLDER"], 64, "one or the other"),
            (["clear", "FOLDER/a.bin", "--yes"], 1, "is not a folder"),
            (["clean", "FOLDER/a.bin", "--older-than", "0s", "--yes"], 1, "is not a folder"),
        ])
    func errors(arguments: [String], status: Int32, message: String) async throws {
        let folder = try TemporaryDirectory()
        let root = try Self.makeCache(in: folder)
        let line = arguments.map { $0.replacingOccurrences(of: "FOLDER", with: root.path) }
        let result = try await ProcessRunner.run(Self.bsl, ["cache"] + line)
        #expect(result.status == status, "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(Self.survivors(in: root) == Self.cacheFiles)
    }

    // MARK: On a terminal

    /// Runs `bsl` under a pseudo-terminal (`script`), typing `answer` to it; standard output and
    /// standard error both come back in ``ProcessResult/standardOutput``, with `\r\n` line ends.
    static func runOnTerminal(_ arguments: [String], answer: String) async throws -> ProcessResult {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            try Test.cancel("util-linux's script is not installed, so there is no pseudo-terminal to test on")
        }
        let line = ([bsl.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try await ProcessRunner.run(
            script, ["-qec", line.joined(separator: " "), "/dev/null"], input: Data(answer.utf8))
    }

    @Test("on a terminal, clear asks, showing the folder and its size; no keeps everything, yes clears")
    func clearAsks() async throws {
        let folder = try TemporaryDirectory()
        let root = try Self.makeCache(in: folder)
        let question = "Remove everything inside \(root.path) (12.3MB in 3 files)? [y/N]"
        let declined = try await Self.runOnTerminal(["cache", "clear", root.path], answer: "n\n")
        #expect(declined.status == 1, "\(declined.standardOutput)")
        #expect(declined.standardOutput.contains(question), "\(declined.standardOutput)")
        #expect(declined.standardOutput.contains("Error: nothing removed"), "\(declined.standardOutput)")
        #expect(Self.survivors(in: root) == Self.cacheFiles)

        let accepted = try await Self.runOnTerminal(["cache", "clear", root.path], answer: "y\n")
        #expect(accepted.status == 0, "\(accepted.standardOutput)")
        #expect(accepted.standardOutput.contains(question), "\(accepted.standardOutput)")
        #expect(accepted.standardOutput.contains("cleared 3 files, 12.3MB freed"), "\(accepted.standardOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
    }

    @Test("on a terminal, clean asks, showing the folder, its size and what would go")
    func cleanAsks() async throws {
        let folder = try TemporaryDirectory()
        let root = try Self.makeCache(in: folder)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-8 * 86400)],
            ofItemAtPath: root.appendingPathComponent("a.bin").path)
        let question =
            "Remove 1 file (1.5KB) older than 7d from \(root.path), which holds 12.3MB in 3 files? [y/N]"
        let declined = try await Self.runOnTerminal(["cache", "clean", root.path, "--older-than", "7d"], answer: "\n")
        #expect(declined.status == 1, "\(declined.standardOutput)")
        #expect(declined.standardOutput.contains(question), "\(declined.standardOutput)")
        #expect(Self.survivors(in: root) == Self.cacheFiles)

        let accepted = try await Self.runOnTerminal(
            ["cache", "clean", root.path, "--older-than", "7d"], answer: "yes\n")
        #expect(accepted.status == 0, "\(accepted.standardOutput)")
        #expect(accepted.standardOutput.contains("cleaned 1 file, 1.5KB freed"), "\(accepted.standardOutput)")
        #expect(Self.survivors(in: root) == ["sub/b.bin", "sub/deeper/c.bin"])
    }

    // MARK: Mount points, in a private mount namespace

    /// Runs `script` with `sh` in a private mount namespace (`unshare -m`), its mounts gone when it
    /// ends; cancels the test when this machine cannot make one (not root, no CAP_SYS_ADMIN).
    static func runInMountNamespace(_ script: String, _ arguments: [String]) async throws -> ProcessResult {
        let unshare = URL(fileURLWithPath: "/usr/bin/unshare")
        let target = try TemporaryDirectory()
        let probe = try? await ProcessRunner.run(
            unshare,
            ["-m", "--propagation", "private", "/bin/sh", "-c", #"mount -t tmpfs tmpfs "$1" && umount "$1""#, "sh"]
                + [target.url.path])
        guard let probe, probe.status == 0 else {
            let reason = probe?.standardError ?? "no /usr/bin/unshare"
            try Test.cancel(
                "unshare -m cannot make a private mount namespace with a tmpfs here (it needs root): \(reason)")
        }
        return try await ProcessRunner.run(
            unshare, ["-m", "--propagation", "private", "/bin/sh", "-c", script, "sh"] + arguments)
    }

    @Test("a tmpfs and a bind mount inside the folder are left alone and named, and their files survive")
    func mountPoints() async throws {
        let folder = try TemporaryDirectory()
        let root = try Self.makeCache(in: folder)
        let decoy = try Self.makeDecoy(in: folder)
        for name in ["tmpfs", "bound"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let script = """
            mount -t tmpfs tmpfs "$1/tmpfs" || exit 90
            echo kept > "$1/tmpfs/keep.txt" || exit 91
            mount --bind "$2" "$1/bound" || exit 92
            echo "--- dry run"
            "$3" cache clear "$1" --dry-run
            echo "--- clear"
            "$3" cache clear "$1" --yes
            echo "status=$?"
            echo "--- after"
            cat "$1/tmpfs/keep.txt" "$1/bound/keep.txt"
            """
        let result = try await Self.runInMountNamespace(script, [root.path, decoy.path, Self.bsl.path])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let path = root.path
        let expected = """
            --- dry run
            \(path)/a.bin
            \(path)/sub/b.bin
            \(path)/sub/deeper/c.bin
            \(path)/sub/deeper/
            \(path)/sub/
            would clear 3 files, 12.3MB (12348177 bytes); nothing was removed
            left alone: \(path)/bound (a mount point: another file system is mounted there)
            left alone: \(path)/tmpfs (a mount point: another file system is mounted there)
            --- clear
            cleared 3 files, 12.3MB freed
            left alone: \(path)/bound (a mount point: another file system is mounted there)
            left alone: \(path)/tmpfs (a mount point: another file system is mounted there)
            status=0
            --- after
            kept
            keep
            """
        #expect(result.standardOutput == expected, "\(result.standardError)")
        // Outside the namespace: the bind mount's source (the decoy, on the same file system, so only
        // statx's mount-root attribute tells) is whole, and the mount points stay.
        #expect(FileManager.default.fileExists(atPath: decoy.appendingPathComponent("keep.txt").path))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: root.path)) == ["bound", "tmpfs"])
    }

    @Test(
        "the home folder bind-mounted elsewhere is still the home folder: refused by identity",
        arguments: ["clear", "clean"])
    func refusesHomeByIdentity(command: String) async throws {
        let folder = try TemporaryDirectory()
        let decoy = try Self.makeDecoy(in: folder)
        let alias = folder.path("alias")
        try FileManager.default.createDirectory(at: alias, withIntermediateDirectories: true)
        let extra = command == "clean" ? "--older-than 0s" : ""
        let script = """
            mount --bind "$2" "$1" || exit 90
            HOME="$2" "$3" cache \(command) "$1" --yes \(extra)
            echo "status=$?"
            """
        let result = try await Self.runInMountNamespace(script, [alias.path, decoy.path, Self.bsl.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "status=1\n", "\(result.standardError)")
        #expect(
            result.standardError
                == "Error: refusing to \(command) \(alias.path), which is the same folder as \(Self.realPath(decoy)) "
                + "(your home folder); name a cache folder inside it\n")
        #expect(FileManager.default.fileExists(atPath: decoy.appendingPathComponent("keep.txt").path))
    }
}
