import BasicCore
import Foundation
import TestSupport
import Testing

/// Runs the built `bsl cache …` on folders of its own.
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

    @Test("clear empties the folder, keeps it, and says what it freed")
    func clear() async throws {
        let folder = try TemporaryDirectory()
        let root = try Self.makeCache(in: folder)
        let result = try await ProcessRunner.run(Self.bsl, ["cache", "clear", root.path, "--yes"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "cleared 3 files, 12.3MB freed\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
        #expect(result.standardError.isEmpty)  // no progress bar when stderr is not a terminal
    }

    @Test("clean removes only files older than the age")
    func clean() async throws {
        let folder = try TemporaryDirectory()
        let root = try Self.makeCache(in: folder)
        let old = Date().addingTimeInterval(-8 * 86400)
        try FileManager.default.setAttributes(
            [.modificationDate: old], ofItemAtPath: root.appendingPathComponent("a.bin").path)
        let result = try await ProcessRunner.run(Self.bsl, ["cache", "clean", root.path, "--older-than", "7d"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "cleaned 1 file, 1.5KB freed\n")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("a.bin").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("sub/b.bin").path))
    }

    @Test(
        "bad arguments are usage errors; a file given as the folder fails the operation",
        arguments: [
            (["cache", "clean", "/tmp", "--older-than", "7x"], 64 as Int32, "needs a number with s, m, h or d"),
            (
                ["cache", "clean", "/tmp", "--older-than", "1d", "--by", "birth"], 64,
                "--by takes modification or access"
            ),
            (["cache", "size"], 64, "missing argument <path>"),
            (["cache", "size", "--bytes", "--json", "/tmp"], 64, "one or the other"),
            (["cache", "clear", "/etc/hostname", "--yes"], 1, "is not a folder"),
        ])
    func errors(arguments: [String], status: Int32, message: String) async throws {
        let result = try await ProcessRunner.run(Self.bsl, arguments)
        #expect(result.status == status, "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }
}
