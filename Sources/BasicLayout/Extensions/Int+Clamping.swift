// The conversion the dial and ripple use to turn computed indices into Ints without trapping.

extension Int {
    /// The integer nearest to `value` toward zero, clamped to ±2^53 so that converting huge or
    /// non-finite numbers never traps and sums of a few such integers never overflow.
    init(clampingTowardZero value: Double) {
        let limit = 9_007_199_254_740_992.0  // 2^53: exactly representable, far from Int.max.
        guard !value.isNaN else {
            self = 0
            return
        }
        self = Int(Swift.min(Swift.max(value, -limit), limit).rounded(.towardZero))
    }
}
