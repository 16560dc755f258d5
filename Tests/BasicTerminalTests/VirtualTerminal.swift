import BasicFormat
import BasicTerminal

/// A terminal of the test's own that understands what ScreenRenderer sends (CUP, SGR, ED 2 and
/// text, wide characters taking two cells), to check that a renderer's output draws the grid.
struct VirtualTerminal {
    var grid: CellGrid
    var row = 0, column = 0
    var style: CellStyle = []
    /// How many characters were written, to see that a diff writes only what changed.
    var written = 0

    init(size: TerminalSize) {
        grid = CellGrid(size: size)
    }

    mutating func apply(_ output: String) {
        var characters = Array(output)[...]
        while let character = characters.popFirst() {
            guard character == "\u{1B}" else {
                written += 1
                column = grid.put(String(character), row: row, column: column, style: style)
                continue
            }
            guard characters.popFirst() == "[" else { continue }
            var parameters = ""
            while let next = characters.popFirst() {
                if next.isLetter {
                    switch next {
                    case "H":
                        let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
                        row = (numbers.first ?? 1) - 1
                        column = (numbers.count > 1 ? numbers[1] : 1) - 1
                    case "J":
                        grid = CellGrid(size: grid.size)
                    case "m":
                        style = []
                        for code in parameters.split(separator: ";") {
                            switch code {
                            case "1": style.insert(.bold)
                            case "2": style.insert(.dim)
                            case "4": style.insert(.underline)
                            case "7": style.insert(.inverse)
                            default: break
                            }
                        }
                    default: break
                    }
                    break
                }
                parameters.append(next)
            }
        }
    }
}
