/// A key a person pressed, decoded from the bytes a terminal sends (``KeyDecoder``).
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character (UTF-8 decoded), space included.
    case character(Character)
    /// An arrow key.
    case up, down, left, right
    /// Home and End.
    case home, end
    /// Page Up and Page Down.
    case pageUp, pageDown
    /// Tab, and Shift-Tab (back tab, `ESC [ Z`).
    case tab, backTab
    /// Enter (CR or LF).
    case enter
    /// Escape, alone.
    case escape
    /// Backspace (DEL or BS).
    case backspace
    /// Delete (`ESC [ 3 ~`).
    case delete
    /// Control and a letter, lower case: `.control("c")` is Ctrl-C, which raw mode delivers as a
    /// key instead of a signal.
    case control(Character)

    /// Ctrl-C.
    public static let interrupt = Key.control("c")

    /// The key's name, for messages and tests: `a`, `up`, `ctrl-c`.
    public var description: String {
        switch self {
        case .character(let character): String(character)
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "page-up"
        case .pageDown: "page-down"
        case .tab: "tab"
        case .backTab: "shift-tab"
        case .enter: "enter"
        case .escape: "escape"
        case .backspace: "backspace"
        case .delete: "delete"
        case .control(let letter): "ctrl-\(letter)"
        }
    }
}
