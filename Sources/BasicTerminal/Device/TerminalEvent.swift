/// What a terminal session reports: a key, or a new size.
public enum TerminalEvent: Hashable, Sendable {
    /// A key was pressed.
    case key(Key)
    /// The window changed size (SIGWINCH).
    case resize(TerminalSize)
}
