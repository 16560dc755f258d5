import BasicTerminal
import Foundation
import TestSupport
import Testing

/// Text fixtures of screens (swift-snapshot-testing's idea, in a few lines): a grid's text is
/// compared with `Fixtures/<name>.txt`. With `BSL_RECORD_FIXTURES=1` the fixture is written
/// instead, and the test fails so that a recording is never taken for a pass.
enum GridFixture {
    static func expect(
        _ grid: CellGrid, matches name: String, target: String = "BasicTerminalTests",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let url = TestPaths.fixture("\(name).txt", target: target)
        let actual = framed(grid)
        if ProcessInfo.processInfo.environment["BSL_RECORD_FIXTURES"] == "1" {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(url.path); run again without BSL_RECORD_FIXTURES", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no fixture \(url.path); record it with BSL_RECORD_FIXTURES=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "\n\(actual)", sourceLocation: sourceLocation)
    }

    /// The grid's lines between `|` marks, so a fixture shows its size and its trailing blanks.
    static func framed(_ grid: CellGrid) -> String {
        (0..<grid.size.rows).map { row in
            var line = ""
            for column in 0..<grid.size.columns { line += grid[row, column].text }
            return "|" + line + "|"
        }.joined(separator: "\n") + "\n"
    }
}
