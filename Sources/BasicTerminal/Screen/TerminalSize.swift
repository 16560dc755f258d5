/// A terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// Columns, at least 1.
    public var columns: Int
    /// Rows, at least 1.
    public var rows: Int

    /// A size of `columns` × `rows`, each at least 1.
    public init(columns: Int, rows: Int) {
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
    }

    /// `80×24`.
    public var description: String { "\(columns)×\(rows)" }
}
