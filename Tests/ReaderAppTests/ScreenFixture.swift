import BasicTerminal
import TestSupport
import Testing

/// Text fixtures of screens: a grid's framed text (``TestSupport/TextFixture/framed(_:)``)
/// compared with `Fixtures/<name>.txt` (`BSL_RECORD_FIXTURES=1` records it).
enum ScreenFixture {
    static func expect(
        _ grid: CellGrid, matches name: String, target: String = "ReaderAppTests",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let mismatch = TextFixture.mismatch(grid, fixture: TestPaths.fixture("\(name).txt", target: target)) {
            Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
        }
    }
}
