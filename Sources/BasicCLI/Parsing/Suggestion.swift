/// "Did you mean": the known name nearest a misspelt one.
enum Suggestion {
    /// The candidate `typed` most likely meant: one that starts with it, else the nearest by edit
    /// distance within a third of its length (at least 1); nil when none is near.
    static func nearest(to typed: String, in candidates: [String]) -> String? {
        guard !typed.isEmpty else { return nil }
        if typed.count >= 2, let prefixed = candidates.first(where: { $0.hasPrefix(typed) && $0 != typed }) {
            return prefixed
        }
        let limit = max(1, typed.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, candidate)
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The Damerau-Levenshtein distance (optimal string alignment): insertions, deletions,
    /// substitutions and swaps of neighbours each count one.
    ///
    /// - Complexity: O(*m* × *n*).
    static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first)
        let b = Array(second)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
