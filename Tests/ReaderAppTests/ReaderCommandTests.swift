import Foundation
import TestSupport
import Testing

/// `bsl reader` outside a terminal, run as a person's script would.
@Suite struct ReaderCommandTests {
    static let bsl = TestPaths.builtProduct("bsl")

    @Test("on a non-terminal it points to the one-shot commands and exits 64")
    func notATerminal() async throws {
        let result = try await ProcessRunner.run(
            Self.bsl,
            ["reader", "--replay", TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs-today").path])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: bsl reader needs a terminal"), "\(result.standardError)")
        #expect(result.standardError.contains("bsl cnblogs blogs"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test("help names the keys and the repeatable --replay")
    func help() async throws {
        let result = try await ProcessRunner.run(Self.bsl, ["reader", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("--replay"))
        #expect(result.standardOutput.contains("Shift-Tab"))
    }
}
