import BasicFormat
import BasicTerminal
import Testing

@Suite struct CellGridTests {
    @Test("a CJK character takes two cells, the second a continuation")
    func wideCharacters() {
        var grid = CellGrid(size: TerminalSize(columns: 10, rows: 1))
        let end = grid.put("博客a", row: 0, column: 1)
        #expect(end == 6)
        #expect(grid[0, 1].text == "博")
        #expect(grid[0, 2].isContinuation)
        #expect(grid[0, 3].text == "客")
        #expect(grid[0, 5].text == "a")
        #expect(grid.line(0) == " 博客a")
    }

    @Test("a wide character that does not fit whole leaves a blank at the edge")
    func wideAtEdge() {
        var grid = CellGrid(size: TerminalSize(columns: 5, rows: 1))
        let end = grid.put("ab博客", row: 0, column: 0)
        #expect(end == 5)
        #expect(grid.line(0) == "ab博")
        #expect(grid[0, 4] == .blank)
        var limited = CellGrid(size: TerminalSize(columns: 8, rows: 1))
        limited.put("园园园", row: 0, column: 0, limit: 3)
        #expect(limited.line(0) == "园")
        #expect(limited[0, 3] == .blank)
    }

    @Test("writing over half of a wide character blanks its other half")
    func overwriteHalf() {
        var grid = CellGrid(size: TerminalSize(columns: 6, rows: 1))
        grid.put("博客园", row: 0, column: 0)
        grid.put("x", row: 0, column: 1)
        #expect(grid.line(0) == " x客园")
        grid.put("y", row: 0, column: 2)
        #expect(grid.line(0) == " xy 园")
        #expect(!grid[0, 3].isContinuation)
    }

    @Test("control characters take no cell; styles can be set across a row")
    func controlsAndStyles() {
        var grid = CellGrid(size: TerminalSize(columns: 8, rows: 2))
        grid.put("a\u{1B}b\tc", row: 0, column: 0)
        #expect(grid.line(0) == "abc")
        grid.setStyle(.inverse, row: 1)
        #expect((0..<8).allSatisfy { grid[1, $0].style == .inverse })
        #expect(grid[0, 0].style == [])
    }

    @Test(
        "a list with CJK titles fills the screen the same at each size",
        arguments: [(80, 24, "list-80x24"), (40, 20, "list-40x20")])
    func listFixture(columns: Int, rows: Int, name: String) {
        var grid = CellGrid(size: TerminalSize(columns: columns, rows: rows))
        let titles = [
            "Swift 6 的严格并发：把全局可变状态关进 Mutex", "Rust 与 C++ - 内存模型对照",
            "Kubernetes 排错手记：Pod 一直 Pending 的七种原因", "读《重构》第二版：\"小步快跑\"的真正含义",
        ]
        grid.put("[首页] 精华 新闻 排行", row: 0, column: 0, style: .bold)
        for (index, title) in titles.enumerated() {
            let text = TextWidth.truncated(title, toColumns: columns - 4)
            grid.put(index == 1 ? "> " + text : "  " + text, row: index + 2, column: 0)
        }
        grid.put("q quit", row: rows - 1, column: 0)
        GridFixture.expect(grid, matches: name)
    }
}
