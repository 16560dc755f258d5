import BasicTerminal
import Testing

@Suite struct ScreenRendererTests {
    static let size = TerminalSize(columns: 20, rows: 4)

    static func grid(_ lines: [String], selected: Int? = nil) -> CellGrid {
        var grid = CellGrid(size: size)
        for (row, line) in lines.enumerated() { grid.put(line, row: row, column: 0) }
        if let selected { grid.setStyle(.inverse, row: selected) }
        return grid
    }

    @Test("the first render clears the screen and draws every row")
    func firstRender() {
        var renderer = ScreenRenderer()
        let grid = Self.grid(["首页 精华", "一 Swift", "二 Rust"], selected: 1)
        let output = renderer.render(grid)
        #expect(output.hasPrefix("\u{1B}[0m\u{1B}[2J"))
        var terminal = VirtualTerminal(size: Self.size)
        terminal.apply(output)
        #expect(terminal.grid == grid)
    }

    @Test("a later render writes only the cells that changed, and nothing when none did")
    func diff() {
        var renderer = ScreenRenderer()
        var terminal = VirtualTerminal(size: Self.size)
        terminal.apply(renderer.render(Self.grid(["首页 精华", "一 Swift", "二 Rust"], selected: 1)))
        #expect(renderer.render(Self.grid(["首页 精华", "一 Swift", "二 Rust"], selected: 1)) == "")
        let next = Self.grid(["首页 精华", "一 Swift", "二 Ruby"], selected: 1)
        let output = renderer.render(next)
        #expect(output == "\u{1B}[3;6H\u{1B}[0mby")
        terminal.written = 0
        terminal.apply(output)
        #expect(terminal.grid == next)
        #expect(terminal.written == 2)
    }

    @Test("moving the selection restyles the two rows; a wide character is rewritten whole")
    func selectionAndWide() {
        var renderer = ScreenRenderer()
        var terminal = VirtualTerminal(size: Self.size)
        terminal.apply(renderer.render(Self.grid(["首页 精华", "一 Swift", "二 Rust"], selected: 1)))
        for next in [
            Self.grid(["首页 精华", "一 Swift", "二 Rust"], selected: 2),
            Self.grid(["首页 新闻", "一 Swift", "二 Rust"], selected: 2),
            Self.grid(["首x 新闻", "一 Swift", "二 Rust"], selected: 2),
            Self.grid(["新闻", "一 Swift"]),
        ] {
            terminal.written = 0
            let output = renderer.render(next)
            terminal.apply(output)
            #expect(terminal.grid == next, "\(output.debugDescription)")
            #expect(terminal.written < 40)
        }
    }

    @Test("a new size, or invalidate(), draws everything again")
    func redrawAll() {
        var renderer = ScreenRenderer()
        _ = renderer.render(Self.grid(["a"]))
        renderer.invalidate()
        #expect(renderer.render(Self.grid(["a"])).hasPrefix("\u{1B}[0m\u{1B}[2J"))
        var wider = CellGrid(size: TerminalSize(columns: 40, rows: 20))
        wider.put("a", row: 0, column: 0)
        let output = renderer.render(wider)
        #expect(output.hasPrefix("\u{1B}[0m\u{1B}[2J"))
        var terminal = VirtualTerminal(size: wider.size)
        terminal.apply(output)
        #expect(terminal.grid == wider)
    }
}
