import Foundation

/// A cubic-bezier timing function, as CSS's `cubic-bezier(x1, y1, x2, y2)` and Core Animation's
/// `CAMediaTimingFunction(controlPoints:)`.
///
/// The curve runs from `(0, 0)` to `(1, 1)` with control points `(x1, y1)` and `(x2, y2)`; x is the
/// fraction of time elapsed and y the fraction of the change made. ``value(at:)`` solves the curve's
/// x polynomial for the bezier parameter (Newton's method from the input, falling back to bisection,
/// both deterministic) and returns the y there.
///
/// ```swift
/// TimingCurve.easeOut.value(at: 0.3425)  // 0.5: the curve's point at parameter 1/2
/// ```
public struct TimingCurve: Sendable, Hashable {
    /// The first control point's x, in `0...1`.
    public let x1: Double
    /// The first control point's y.
    public let y1: Double
    /// The second control point's x, in `0...1`.
    public let x2: Double
    /// The second control point's y.
    public let y2: Double

    /// Creates the curve `cubic-bezier(x1, y1, x2, y2)`.
    ///
    /// - Throws: ``LayoutError/invalidTimingCurve(x1:x2:)`` when an x is outside `0...1` (the curve would
    ///   not be a function of time), or ``LayoutError/nonFiniteValue(name:value:)`` for a non-finite y.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(LayoutError) {
        guard (0...1).contains(x1), (0...1).contains(x2) else { throw .invalidTimingCurve(x1: x1, x2: x2) }
        try Validation.finite(CGFloat(y1), "timing curve y1")
        try Validation.finite(CGFloat(y2), "timing curve y2")
        self.init(uncheckedX1: x1, y1: y1, x2: x2, y2: y2)
    }

    private init(uncheckedX1 x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// Constant speed: `cubic-bezier(0, 0, 1, 1)`, where y equals x.
    public static let linear = TimingCurve(uncheckedX1: 0, y1: 0, x2: 1, y2: 1)
    /// `kCAMediaTimingFunctionEaseIn`: `cubic-bezier(0.42, 0, 1, 1)`.
    public static let easeIn = TimingCurve(uncheckedX1: 0.42, y1: 0, x2: 1, y2: 1)
    /// `kCAMediaTimingFunctionEaseOut` (and CSS `ease-out`): `cubic-bezier(0, 0, 0.58, 1)`.
    public static let easeOut = TimingCurve(uncheckedX1: 0, y1: 0, x2: 0.58, y2: 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`: `cubic-bezier(0.42, 0, 0.58, 1)`.
    public static let easeInEaseOut = TimingCurve(uncheckedX1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// The fraction of the change made when `x` of the time has passed; `x` is clamped to `0...1`.
    ///
    /// Finds the parameter `t` with `bezierX(t) = x` to within 1e-12 (at most 8 Newton steps, then
    /// bisection on `0...1`, which always converges because `bezierX` increases), and returns `bezierY(t)`.
    public func value(at x: Double) -> Double {
        guard !x.isNaN else { return 0 }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.bezier(solveParameter(forX: x), y1, y2)
    }

    /// The parameter `t` in `0...1` where the curve's x equals `x`.
    private func solveParameter(forX x: Double) -> Double {
        let tolerance = 1e-12
        var t = x
        for _ in 0..<8 {
            let error = Self.bezier(t, x1, x2) - x
            if abs(error) < tolerance { return t }
            let slope = Self.slope(t, x1, x2)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var low = 0.0
        var high = 1.0
        t = x
        for _ in 0..<200 {
            let value = Self.bezier(t, x1, x2)
            if abs(value - x) < tolerance { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// One coordinate of the bezier from 0 through `p1` and `p2` to 1 at parameter `t`:
    /// `3(1-t)²t·p1 + 3(1-t)t²·p2 + t³`.
    private static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    /// The derivative of ``bezier(_:_:_:)`` with respect to `t`.
    private static func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }
}
