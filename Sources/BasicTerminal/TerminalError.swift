/// What can go wrong with a real terminal.
public enum TerminalError: Error, Sendable, CustomStringConvertible, Equatable {
    /// Standard input or output is not a terminal.
    case notATerminal
    /// A termios call failed, with the call's name and `errno`'s text.
    case system(call: String, reason: String)
    /// `TERM` is unset, empty or `dumb` (its value): the terminal cannot move the cursor.
    case dumbTerminal(String)
    /// The locale (its value) is not UTF-8, so CJK text would not reach the screen.
    case notUTF8(String)

    /// One line: what failed and what to do.
    public var description: String {
        switch self {
        case .notATerminal:
            "standard input and output are not a terminal; run this in a terminal"
        case .system(let call, let reason):
            "the terminal could not be set up (\(call): \(reason)); run this in a terminal"
        case .dumbTerminal(let term):
            "the terminal (TERM=\(term.isEmpty ? "unset" : term)) cannot move the cursor; run this in a terminal "
                + "emulator with TERM set, such as xterm-256color"
        case .notUTF8(let locale):
            "the locale \(locale) is not UTF-8, so Chinese text would not show; set LANG=C.UTF-8 (or another "
                + "UTF-8 locale) and run it again"
        }
    }
}
