import BasicLayout
import Foundation
import Testing

/// Issue 12, defect 10: counts and sizes too large to lay out are errors, never an out-of-memory
/// crash or a layout full of infinities.
@Suite struct NumberLimitTests {
    @Test("a grid of more than 100,000 items is refused before any frame is made")
    func gridCount() throws {
        #expect(throws: LayoutError.tooManyItems(name: "count", value: 100_000_000, maximum: 100_000)) {
            try GridLayout().layout(count: 100_000_000, width: 375)
        }
        #expect(try GridLayout().layout(count: GridLayout.maximumCount, width: 375).frames.count == 100_000)
    }

    @Test(
        "lengths past a billion points are refused, so that every frame stays finite",
        arguments: [1e308, 1e10, 1_000_000_001] as [CGFloat])
    func lengths(length: CGFloat) {
        #expect(throws: LayoutError.invalidLength(name: "width", value: length)) {
            try GridLayout().layout(count: 4, width: length)
        }
        #expect(throws: LayoutError.self) {
            try RelayoutButtonLayout(style: .top, spacing: 0).frames(
                in: CGRect(x: 0, y: 0, width: length, height: 10), imageSize: .zero, titleSize: .zero)
        }
        #expect(throws: LayoutError.self) {
            try DialLayout(itemHeight: 50, angularSpacing: 12, radius: length, cellSize: CGSize(width: 1, height: 1))
        }
    }

    @Test("the largest lengths still give finite frames")
    func largestLengths() throws {
        let grid = try GridLayout(columns: 1).layout(count: 1000, width: LayoutLimits.maximumLength)
        #expect(grid.frames.allSatisfy { $0.origin.y.isFinite && $0.maxY.isFinite })
        #expect(grid.containerSize.height == 1000 * LayoutLimits.maximumLength)
    }

    @Test("a dial spacing so small that millions of items would show is refused")
    func dialSpacing() {
        #expect(throws: LayoutError.invalidAngularSpacing(1e-300)) {
            try DialLayout(itemHeight: 50, angularSpacing: 1e-300, radius: 1, cellSize: CGSize(width: 1, height: 1))
        }
    }

    @Test("the smallest dial spacing lays out at most about 10,000 items")
    func dialSmallestSpacing() throws {
        let dial = try DialLayout(
            itemHeight: 50, angularSpacing: DialLayout.minimumAngularSpacing, radius: 1,
            cellSize: CGSize(width: 1, height: 1))
        #expect(dial.maximumVisibleItems <= 10_002)
        let screen = try dial.layout(itemCount: 100_000_000, viewSize: CGSize(width: 1, height: 1), contentOffsetY: 0)
        #expect(screen.items.count <= 10_002)
    }

    @Test("a wheel turned by an infinite angle is an error, not NaN transforms")
    func dialAngle() throws {
        let dial = try DialLayout(
            itemHeight: 1e-300, angularSpacing: 12, radius: 1, cellSize: CGSize(width: 1, height: 1))
        #expect(throws: LayoutError.self) {
            try dial.layout(itemCount: 3, viewSize: CGSize(width: 1, height: 1), contentOffsetY: 1_000_000)
        }
    }

    @Test("ripple moments past 10^9 seconds are refused by checkedRings, and have no rings")
    func rippleTime() throws {
        let ripple = try RippleTimeline(repeatInterval: 0.5)
        #expect(throws: LayoutError.timeOutOfRange(4_503_599_627_370_496)) {
            try ripple.checkedRings(at: 4_503_599_627_370_496)
        }
        #expect(ripple.rings(at: 1e300).isEmpty)
        // Up to the limit, the two rings alive at any moment are still told apart.
        let rings = try ripple.checkedRings(at: RippleTimeline.maximumTime - 0.25)
        #expect(rings.map(\.index) == [1_999_999_998, 1_999_999_999])
        #expect(try ripple.checkedRings(at: -1).isEmpty)
    }
}
