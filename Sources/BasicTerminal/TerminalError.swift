/// What can go wrong with a real terminal.
public enum TerminalError: Error, Sendable, CustomStringConvertible, Equatable {
    /// Standard input or output is not a terminal.
    case notATerminal
    /// A termios call failed, with the call's name and `errno`'s text.
    case system(call: String, reason: String)

    /// One line: what failed and what to do.
    public var description: String {
        switch self {
        case .notATerminal:
            "standard input and output are not a terminal; run this in a terminal"
        case .system(let call, let reason):
            "the terminal could not be set up (\(call): \(reason)); run this in a terminal"
        }
    }
}
