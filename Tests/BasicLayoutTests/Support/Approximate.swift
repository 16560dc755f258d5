import BasicLayout
import Foundation
import Testing

/// The tolerance for results that go through trigonometry or root finding.
let tolerance: CGFloat = 1e-9

/// Expects `actual` within `tolerance` of `expected`, reporting at the caller's location.
func expectClose(
    _ actual: CGFloat, _ expected: CGFloat, within limit: CGFloat = tolerance, _ what: String = "value",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        abs(actual - expected) <= limit, "\(what) \(actual) is not within \(limit) of \(expected)",
        sourceLocation: sourceLocation)
}

/// Expects both coordinates of `actual` within `tolerance` of `expected`.
func expectClose(
    _ actual: CGPoint, _ expected: CGPoint, _ what: String = "point", sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(actual.x, expected.x, "\(what).x", sourceLocation: sourceLocation)
    expectClose(actual.y, expected.y, "\(what).y", sourceLocation: sourceLocation)
}

/// Expects the origin and size of `actual` within `tolerance` of `expected`.
func expectClose(
    _ actual: CGRect, _ expected: CGRect, _ what: String = "rect", sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(actual.origin.x, expected.origin.x, "\(what).x", sourceLocation: sourceLocation)
    expectClose(actual.origin.y, expected.origin.y, "\(what).y", sourceLocation: sourceLocation)
    expectClose(actual.size.width, expected.size.width, "\(what).width", sourceLocation: sourceLocation)
    expectClose(actual.size.height, expected.size.height, "\(what).height", sourceLocation: sourceLocation)
}

/// Expects all six entries of `actual` within `tolerance` of `expected`.
func expectClose(
    _ actual: LayoutTransform, _ expected: LayoutTransform, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(actual.a, expected.a, "a", sourceLocation: sourceLocation)
    expectClose(actual.b, expected.b, "b", sourceLocation: sourceLocation)
    expectClose(actual.c, expected.c, "c", sourceLocation: sourceLocation)
    expectClose(actual.d, expected.d, "d", sourceLocation: sourceLocation)
    expectClose(actual.tx, expected.tx, "tx", sourceLocation: sourceLocation)
    expectClose(actual.ty, expected.ty, "ty", sourceLocation: sourceLocation)
}

/// cos and sin of an angle in degrees, computed in the test from the textbook formula.
func cosSin(degrees: Double) -> (cos: CGFloat, sin: CGFloat) {
    let radians = degrees * Double.pi / 180
    return (CGFloat(cos(radians)), CGFloat(sin(radians)))
}
