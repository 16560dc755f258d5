import Foundation

/// How many columns output has to fit in, and where the figure came from: the terminal itself
/// (`TIOCGWINSZ`), else the `COLUMNS` environment variable, else 80.
///
/// ```swift
/// let width = TerminalWidth.measure()          // standard output
/// print(TextWrapper.wrap(text, toColumns: width.columns).joined(separator: "\n"))
/// if width.source == .fallback { /* piped, no COLUMNS: keep whole values */ }
/// ```
///
/// Help text is wrapped to ``columns``; a table may shrink its columns to fit a terminal and keep
/// whole values when the output goes to a pipe or a file (``Source-swift.enum/fallback``).
public struct TerminalWidth: Sendable, Equatable {
    /// Where a width came from.
    public enum Source: Sendable, Equatable {
        /// The terminal the output goes to.
        case terminal
        /// The `COLUMNS` environment variable, the output not being a terminal.
        case environment
        /// Neither: ``TerminalWidth/fallbackColumns``.
        case fallback
    }

    /// The width when neither the terminal nor `COLUMNS` gives one.
    public static let fallbackColumns = 80

    /// The number of columns.
    public var columns: Int
    /// Where ``columns`` came from.
    public var source: Source

    /// A width of `columns` columns from `source`.
    public init(columns: Int, source: Source) {
        self.columns = columns
        self.source = source
    }

    /// Measures the terminal on `fileDescriptor` (standard output by default), else reads
    /// `COLUMNS` from `environment` (a positive whole number), else takes 80.
    public static func measure(
        fileDescriptor: Int32 = FileHandle.standardOutput.fileDescriptor,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TerminalWidth {
        resolve(windowColumns: windowColumns(of: fileDescriptor), columnsVariable: environment["COLUMNS"])
    }

    /// The columns of the terminal on `fileDescriptor`, or nil when it is not a terminal.
    public static func windowColumns(of fileDescriptor: Int32) -> Int? {
        Platform.windowColumns(of: fileDescriptor)
    }

    /// The width from the terminal's figure when there is one, else from a `COLUMNS` value that is
    /// a positive whole number, else the fallback.
    public static func resolve(windowColumns: Int?, columnsVariable: String?) -> TerminalWidth {
        if let windowColumns, windowColumns > 0 { return TerminalWidth(columns: windowColumns, source: .terminal) }
        if let text = columnsVariable?.trimmingCharacters(in: .whitespaces), let columns = Int(text), columns > 0 {
            return TerminalWidth(columns: columns, source: .environment)
        }
        return TerminalWidth(columns: fallbackColumns, source: .fallback)
    }
}
