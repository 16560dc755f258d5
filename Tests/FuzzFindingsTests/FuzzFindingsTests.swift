import Foundation
import FuzzHarnesses
import Testing
import TestSupport

/// One input a fuzz harness once crashed, hung or ran out of memory on, kept in
/// `Fuzz/Findings/<harness>/`.
struct Finding: Sendable, CustomTestStringConvertible {
    /// The harness folder's name (a ``Harness`` raw value when the folder is well named).
    let folder: String
    /// The input.
    let file: URL

    /// `key-path/long-path-set`: how the open list below and test output name it.
    var name: String { "\(folder)/\(file.lastPathComponent)" }
    var testDescription: String { name }

    /// Every finding, in name order.
    static let all: [Finding] = {
        let manager = FileManager.default
        let root = TestPaths.packageRoot.appendingPathComponent("Fuzz/Findings")
        var findings: [Finding] = []
        for folder in (try? manager.contentsOfDirectory(atPath: root.path)) ?? [] {
            let url = root.appendingPathComponent(folder)
            var isFolder: ObjCBool = false
            guard !folder.hasPrefix("."), manager.fileExists(atPath: url.path, isDirectory: &isFolder),
                isFolder.boolValue
            else { continue }
            for name in (try? manager.contentsOfDirectory(atPath: url.path)) ?? [] where !name.hasPrefix(".") {
                findings.append(Finding(folder: folder, file: url.appendingPathComponent(name)))
            }
        }
        return findings.sorted { $0.name < $1.name }
    }()

    /// Findings of defects being fixed elsewhere, with who fixes them: replayed as known issues,
    /// so that the run stays green until the fix lands and then says the entry can go. When a
    /// fix is merged, delete its entries here.
    static let open: [String: String] = [:]
}

@Suite struct FuzzFindingsTests {
    /// An input that takes longer than this is a hang. Generous: the replay is a debug build,
    /// perhaps under a sanitizer, on a loaded machine.
    static let timeLimit: TimeInterval = 120

    @Test("every finding sits in the folder of a harness")
    func foldersNameHarnesses() {
        #expect(!Finding.all.isEmpty)
        for finding in Finding.all {
            #expect(
                Harness(rawValue: finding.folder) != nil,
                "\(finding.name): Fuzz/Findings/\(finding.folder) is not a harness's name")
        }
    }

    @Test("every open finding exists")
    func openFindingsExist() {
        let names = Set(Finding.all.map(\.name))
        for name in Finding.open.keys {
            #expect(names.contains(name), "Finding.open lists \(name), which is not in Fuzz/Findings")
        }
    }

    @Test(
        "a finding now gives a clear error or a valid result, in time",
        arguments: Finding.all)
    func replay(_ finding: Finding) async throws {
        if let reason = Finding.open[finding.name] {
            await withKnownIssue(Comment(rawValue: reason)) {
                try await Self.check(finding)
            }
        } else {
            try await Self.check(finding)
        }
    }

    /// Runs the finding in a child `fuzz-replay`, so that a crash takes only the child down.
    private static func check(_ finding: Finding) async throws {
        let result = try await ProcessRunner.run(
            TestPaths.builtProduct("fuzz-replay"), [finding.folder, finding.file.path], timeout: timeLimit)
        // The first lines of what it printed (a crash's backtrace starts with the frames that matter).
        let printed = result.standardError.split(whereSeparator: \.isNewline).prefix(12).joined(separator: " | ")
        let status = "status \(result.status) (an exit status, or the signal that killed it)"
        #expect(result.status == 0, "\(finding.name): fuzz-replay ended with \(status): \(printed)")
    }
}
