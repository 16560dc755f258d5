import BasicTerminal
import Testing

/// What `TERM`, `NO_COLOR` and the locale let the screens use, and the renderer keeping to it.
@Suite struct TerminalCapabilitiesTests {
    @Test(
        "TERM decides colour and faint text; NO_COLOR (set, not empty) takes colour away",
        arguments: [
            (["TERM": "xterm-256color"], true, true), (["TERM": "screen-256color"], true, true),
            (["TERM": "tmux-256color"], true, true), (["TERM": "linux"], true, true), (["TERM": "xterm"], true, true),
            (["TERM": "rxvt-unicode"], true, true), (["TERM": "vt100"], false, false),
            (["TERM": "vt220"], false, false),
            (["TERM": "ansi"], false, false), (["TERM": "some-new-terminal"], false, true),
            (["TERM": "xterm-256color", "NO_COLOR": "1"], false, true),
            (["TERM": "xterm-256color", "NO_COLOR": ""], true, true),
            (["TERM": "linux", "NO_COLOR": "yes"], false, true),
            (["TERM": "vt100", "NO_COLOR": "1"], false, false),
        ])
    func term(environment: [String: String], colors: Bool, faint: Bool) throws {
        var environment = environment
        environment["LANG"] = "C.UTF-8"
        let capabilities = try TerminalCapabilities(environment: environment)
        #expect(capabilities == TerminalCapabilities(colors: colors, faint: faint))
    }

    @Test(
        "the locale must be UTF-8: LC_ALL, else LC_CTYPE, else LANG decides",
        arguments: [
            (["LANG": "C.UTF-8"], true), (["LANG": "zh_CN.utf8"], true), (["LANG": "en_US.UTF-8@euro"], true),
            (["LC_CTYPE": "UTF-8"], true), (["LANG": "C"], false), (["LANG": "POSIX"], false), ([:], false),
            (["LANG": "zh_CN.GB18030"], false), (["LANG": "C.UTF-8", "LC_ALL": "C"], false),
            (["LANG": "C", "LC_CTYPE": "C.UTF-8"], true), (["LANG": "C.UTF-8", "LC_ALL": ""], true),
            (["LANG": "C.UTF-8", "LC_CTYPE": "C", "LC_ALL": "en_US.UTF-8"], true), (["LANG": "UTF-8x"], false),
        ])
    func locale(environment: [String: String], accepted: Bool) {
        var environment = environment
        environment["TERM"] = "xterm-256color"
        do {
            _ = try TerminalCapabilities(environment: environment)
            #expect(accepted, "\(environment) was taken for UTF-8")
        } catch {
            #expect(!accepted, "\(environment) was refused")
            guard case .notUTF8 = error else {
                Issue.record("refused for another reason: \(error)")
                return
            }
            #expect(error.description.contains("set LANG=C.UTF-8"))
        }
    }

    @Test("a dumb terminal, or none, is refused with what to do", arguments: [["TERM": "dumb"], ["TERM": ""], [:]])
    func dumb(environment: [String: String]) {
        var environment = environment
        environment["LANG"] = "C.UTF-8"
        #expect(throws: TerminalError.dumbTerminal(environment["TERM"] ?? "")) {
            try TerminalCapabilities(environment: environment)
        }
        let message = TerminalError.dumbTerminal(environment["TERM"] ?? "").description
        #expect(message.contains("cannot move the cursor") && message.contains("xterm-256color"))
    }

    @Test("the renderer draws colours only where there are colours, and faint only where there is faint")
    func rendering() {
        var grid = CellGrid(size: TerminalSize(columns: 12, rows: 1))
        var column = grid.put("tab", row: 0, column: 0, style: [.bold, .accent])
        column = grid.put("err", row: 0, column: column, style: .alert)
        grid.put("dim", row: 0, column: column, style: .dim)
        var full = ScreenRenderer()
        let colourful = full.render(grid)
        #expect(colourful.contains("\u{1B}[0;1;36mtab") && colourful.contains("\u{1B}[0;31merr"))
        #expect(colourful.contains("\u{1B}[0;2mdim"))
        var plain = ScreenRenderer(capabilities: TerminalCapabilities(colors: false, faint: true))
        let noColour = plain.render(grid)
        #expect(noColour.contains("\u{1B}[0;1mtab") && noColour.contains("\u{1B}[0merr"))
        #expect(!noColour.contains(";36") && !noColour.contains(";31") && noColour.contains("\u{1B}[0;2mdim"))
        var vt100 = ScreenRenderer(capabilities: TerminalCapabilities(colors: false, faint: false))
        let monochrome = vt100.render(grid)
        #expect(!monochrome.contains(";2m") && monochrome.contains("\u{1B}[0;1mtab"))
    }
}
