import BasicCLI
import Foundation

/// How many columns article text is wrapped to: `--width N`, else the terminal's width, else
/// `$COLUMNS`, else 80; always 20 to 1000.
///
/// Below 20 columns a line holds too little to read; past 1000 a rule (`hr`) and every line's
/// padding grow for nothing. `--width` and `$COLUMNS` outside that range are usage errors; the
/// width of a real terminal is taken within it (a narrower terminal gets 20 columns, a wider one 1000).
struct TextColumns: ExpressibleByArgument, Sendable, Equatable {
    /// The narrowest text: 20 columns.
    static let minimum = 20
    /// The widest text: 1000 columns.
    static let maximum = 1000
    /// The width without a terminal, `--width` or `$COLUMNS`.
    static let fallback = 80

    let columns: Int

    init?(argument: String) {
        guard let columns = Int(argument), (Self.minimum...Self.maximum).contains(columns) else { return nil }
        self.columns = columns
    }

    init(columns: Int) {
        self.columns = columns
    }

    static var valueDescription: String { "a whole number of columns from \(minimum) to \(maximum)" }

    static var defaultCompletionKind: CompletionKind { .nothing }

    /// The width to wrap to: `option` (`--width`) when given, else the terminal on standard output,
    /// else `COLUMNS`, else 80.
    ///
    /// - Throws: `ValidationError` when `COLUMNS` is a number outside 20 to 1000.
    static func resolve(_ option: TextColumns?, measured: TerminalWidth = TerminalWidth.measure()) throws -> Int {
        if let option { return option.columns }
        switch measured.source {
        case .terminal:
            return min(max(measured.columns, minimum), maximum)
        case .environment:
            guard (minimum...maximum).contains(measured.columns) else {
                throw ValidationError(
                    "COLUMNS is \(measured.columns), and text wraps to \(minimum) to \(maximum) columns: "
                        + "set COLUMNS within that, or give --width N")
            }
            return measured.columns
        case .fallback:
            return fallback
        }
    }
}
