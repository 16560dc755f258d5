import BasicLayout
import Foundation
import Testing

@Suite struct TimingCurveTests {
    // Points of cubic-bezier(0, 0, 0.58, 1) at parameter u, worked out by hand from
    // x(u) = 3(1-u)u²·0.58 + u³ and y(u) = 3(1-u)u² + u³ (the first control point is the origin):
    //   u = 0.25: x = 0.0971875, y = 0.15625
    //   u = 0.5:  x = 0.3425,    y = 0.5
    //   u = 0.75: x = 0.6665625, y = 0.84375
    @Test(
        "ease-out matches cubic-bezier(0, 0, 0.58, 1)",
        arguments: [
            (0.0, 0.0), (0.0971875, 0.15625), (0.3425, 0.5), (0.6665625, 0.84375), (1.0, 1.0),
        ])
    func easeOut(x: Double, y: Double) {
        expectClose(CGFloat(TimingCurve.easeOut.value(at: x)), CGFloat(y), "ease-out(\(x))")
    }

    // cubic-bezier(0.42, 0, 0.58, 1) at u = 0.25: x = 3·0.5625·0.25·0.42 + 3·0.75·0.0625·0.58 + 0.015625
    //   = 0.17718750 + 0.0815625 + 0.015625 = 0.274375; y = 3·0.75·0.0625 + 0.015625 = 0.15625.
    @Test(
        "ease-in-out is symmetric and matches its bezier",
        arguments: [
            (0.5, 0.5), (0.274375, 0.15625), (1 - 0.274375, 1 - 0.15625),
        ])
    func easeInEaseOut(x: Double, y: Double) {
        expectClose(CGFloat(TimingCurve.easeInEaseOut.value(at: x)), CGFloat(y), "ease-in-out(\(x))")
    }

    @Test("linear returns its input", arguments: [0.1, 0.3, 0.77])
    func linear(x: Double) {
        expectClose(CGFloat(TimingCurve.linear.value(at: x)), CGFloat(x))
    }

    @Test("clamps input outside 0...1", arguments: [(-0.5, 0.0), (1.5, 1.0), (Double.nan, 0.0)])
    func clamps(x: Double, y: Double) {
        #expect(TimingCurve.easeOut.value(at: x) == y)
    }

    @Test("rejects control points whose x leaves 0...1")
    func rejects() throws {
        #expect(throws: LayoutError.invalidTimingCurve(x1: 1.5, x2: 0.5)) {
            try TimingCurve(x1: 1.5, y1: 0, x2: 0.5, y2: 1)
        }
        let custom = try TimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
        #expect(custom == TimingCurve.easeOut)
    }
}
