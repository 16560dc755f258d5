import BasicCLI
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct TerminalWidthTests {
    @Test(
        "the terminal's width, else a positive whole COLUMNS, else 80",
        arguments: [
            (120, nil, TerminalWidth(columns: 120, source: .terminal)),
            (90, "50", TerminalWidth(columns: 90, source: .terminal)),
            (nil, "100", TerminalWidth(columns: 100, source: .environment)),
            (0, " 90 ", TerminalWidth(columns: 90, source: .environment)),
            (nil, "0", TerminalWidth(columns: 80, source: .fallback)),
            (nil, "-5", TerminalWidth(columns: 80, source: .fallback)),
            (nil, "wide", TerminalWidth(columns: 80, source: .fallback)),
            (nil, "", TerminalWidth(columns: 80, source: .fallback)),
            (nil, nil, TerminalWidth(columns: 80, source: .fallback)),
        ] as [(Int?, String?, TerminalWidth)])
    func resolves(window: Int?, columns: String?, expected: TerminalWidth) {
        #expect(TerminalWidth.resolve(windowColumns: window, columnsVariable: columns) == expected)
    }

    @Test("a real pseudo-terminal's width is read with TIOCGWINSZ, before COLUMNS")
    func pseudoTerminal() throws {
        let terminal = try PseudoTerminal(columns: 97, rows: 31)
        #expect(TerminalWidth.windowColumns(of: terminal.secondary) == 97)
        #expect(
            TerminalWidth.measure(fileDescriptor: terminal.secondary, environment: ["COLUMNS": "50"])
                == TerminalWidth(columns: 97, source: .terminal))
        try terminal.resize(columns: 41)
        #expect(TerminalWidth.measure(fileDescriptor: terminal.secondary, environment: [:]).columns == 41)
    }

    @Test("a pipe is no terminal: COLUMNS, else 80")
    func pipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        #expect(TerminalWidth.windowColumns(of: ends[1]) == nil)
        #expect(
            TerminalWidth.measure(fileDescriptor: ends[1], environment: ["COLUMNS": "50"])
                == TerminalWidth(columns: 50, source: .environment))
        #expect(
            TerminalWidth.measure(fileDescriptor: ends[1], environment: [:])
                == TerminalWidth(columns: 80, source: .fallback))
    }
}

/// A pseudo-terminal pair whose size the test sets, closed when it goes away.
final class PseudoTerminal {
    let primary: Int32
    let secondary: Int32

    // Glibc declares these only under _XOPEN_SOURCE, which Swift's Glibc module leaves out: reach
    // them with dlsym, as TestSupport's Subprocess reaches posix_spawn's newer functions.
    private typealias OpenFunction = @convention(c) (Int32) -> Int32
    private typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    private static func function<T>(_ name: String, as type: T.Type) throws -> T {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            throw PseudoTerminalError(description: "this C library has no \(name)")
        }
        return unsafeBitCast(symbol, to: type)
    }

    init(columns: UInt16, rows: UInt16) throws {
        let open = try Self.function("posix_openpt", as: OpenFunction.self)
        let grant = try Self.function("grantpt", as: OpenFunction.self)
        let unlock = try Self.function("unlockpt", as: OpenFunction.self)
        let name = try Self.function("ptsname", as: NameFunction.self)
        primary = open(O_RDWR | O_NOCTTY)
        guard primary >= 0 else { throw PseudoTerminalError(description: "posix_openpt failed: errno \(errno)") }
        guard grant(primary) == 0, unlock(primary) == 0, let path = name(primary) else {
            close(primary)
            throw PseudoTerminalError(description: "cannot unlock the pseudo-terminal: errno \(errno)")
        }
        secondary = Glibc.open(path, O_RDWR | O_NOCTTY)
        guard secondary >= 0 else {
            close(primary)
            throw PseudoTerminalError(description: "cannot open \(String(cString: path)): errno \(errno)")
        }
        try resize(columns: columns, rows: rows)
    }

    func resize(columns: UInt16, rows: UInt16 = 24) throws {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(primary, UInt(TIOCSWINSZ), &size) == 0 else {
            throw PseudoTerminalError(description: "TIOCSWINSZ failed: errno \(errno)")
        }
    }

    deinit {
        close(secondary)
        close(primary)
    }
}

struct PseudoTerminalError: Error, CustomStringConvertible {
    var description: String
}
