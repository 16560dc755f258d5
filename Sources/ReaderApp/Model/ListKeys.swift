import BasicTerminal

/// The keys that move a selection through a list, the same on every list screen: `j`/`↓` and
/// `k`/`↑` by one, `Space`/`PgDn` and `PgUp` by a screenful, `g`/`Home` and `G`/`End` to the ends.
enum ListKeys {
    /// The index `key` moves the selection to (not clamped: the list clamps it), from `selected` in
    /// a list of `count` rows with `height` shown; nil when `key` is not a list key.
    static func target(of key: Key, selected: Int, count: Int, height: Int) -> Int? {
        switch key {
        case .character("j"), .down: selected + 1
        case .character("k"), .up: selected - 1
        case .pageDown, .character(" "): selected + height
        case .pageUp: selected - height
        case .character("g"), .home: 0
        case .character("G"), .end: count - 1
        default: nil
        }
    }
}
