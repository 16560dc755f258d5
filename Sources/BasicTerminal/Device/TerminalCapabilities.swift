/// What the terminal the program runs in can show, read from the environment as terminal
/// programs read it: `TERM` (a `dumb` terminal, or none, cannot move the cursor), `NO_COLOR`
/// (present and not empty: no colour, as no-color.org asks), and the locale (`LC_ALL`, else
/// `LC_CTYPE`, else `LANG`), which must be UTF-8 for CJK text to reach the screen.
///
/// ```swift
/// let capabilities = try TerminalCapabilities(environment: ProcessInfo.processInfo.environment)
/// var renderer = ScreenRenderer(capabilities: capabilities)   // no colour under NO_COLOR or vt100
/// ```
///
/// | `TERM` | colour | faint (SGR 2) |
/// |---|---|---|
/// | `xterm*`, `screen*`, `tmux*`, `rxvt*`, `linux`, `*-color`, `*color*` and other known colour terminals | yes | yes |
/// | `vt100`, `vt102`, `vt220`, `vt52`, `ansi` | no | no |
/// | anything else | no | yes |
///
/// Bold, underline and inverse work everywhere, which is why the screens never say anything
/// with colour alone.
public struct TerminalCapabilities: Hashable, Sendable {
    /// Whether colours may be used.
    public var colors: Bool
    /// Whether faint text (SGR 2) shows as such; where it does not, faint cells are drawn plain.
    public var faint: Bool

    /// Capabilities as given.
    public init(colors: Bool, faint: Bool) {
        self.colors = colors
        self.faint = faint
    }

    /// A terminal that shows everything: colour and faint text.
    public static let full = TerminalCapabilities(colors: true, faint: true)

    /// The capabilities `environment` describes.
    ///
    /// - Throws: ``TerminalError/dumbTerminal(_:)`` when `TERM` is unset, empty or `dumb`;
    ///   ``TerminalError/notUTF8(_:)`` when the locale is not UTF-8.
    public init(environment: [String: String]) throws(TerminalError) {
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty, term != "dumb" else { throw .dumbTerminal(term) }
        let locale = Self.locale(in: environment)
        guard Self.isUTF8(locale) else { throw .notUTF8(locale) }
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let monochrome = Self.monochromeTerminals.contains(term)
        colors = !noColor && !monochrome && Self.isColorTerminal(term)
        faint = !monochrome
    }

    /// The locale that decides the character set: `LC_ALL`, else `LC_CTYPE`, else `LANG` (the
    /// first set and not empty), else `C`.
    static func locale(in environment: [String: String]) -> String {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return "C"
    }

    /// Whether `locale` names UTF-8 (`C.UTF-8`, `zh_CN.utf8`, `en_US.UTF-8@euro`, macOS's `UTF-8`).
    static func isUTF8(_ locale: String) -> Bool {
        // The codeset follows the dot (`zh_CN.UTF-8`); macOS sets LC_CTYPE to the codeset alone.
        let afterDot = locale.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let codeset = (afterDot.count == 2 ? afterDot[1] : afterDot[0]).split(separator: "@").first ?? ""
        return ["utf-8", "utf8"].contains(codeset.lowercased())
    }

    /// Terminals of the DEC line and `ansi`: bold, underline and inverse, no colour, no faint.
    static let monochromeTerminals: Set<String> = ["vt52", "vt100", "vt102", "vt220", "vt320", "ansi"]

    /// Whether `term` names a terminal known to show colours.
    static func isColorTerminal(_ term: String) -> Bool {
        let families = [
            "xterm", "screen", "tmux", "rxvt", "linux", "putty", "konsole", "gnome", "alacritty", "kitty", "foot",
            "wezterm", "st-", "iterm", "vte", "cygwin", "ms-terminal",
        ]
        return term.contains("color") || families.contains { term.hasPrefix($0) } || term == "st"
    }
}
