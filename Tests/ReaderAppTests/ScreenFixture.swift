import BasicTerminal
import Foundation
import TestSupport
import Testing

/// Text fixtures of screens: a grid's framed text compared with `Fixtures/<name>.txt` through
/// TestSupport's ``TextFixture`` (`BSL_RECORD_FIXTURES=1` records it).
enum ScreenFixture {
    static func expect(
        _ grid: CellGrid, matches name: String, target: String = "ReaderAppTests",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let url = TestPaths.fixture("\(name).txt", target: target)
        if let mismatch = TextFixture.mismatch(framed(grid), fixture: url) {
            Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
        }
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
