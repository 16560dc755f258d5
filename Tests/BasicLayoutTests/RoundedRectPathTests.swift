import BasicLayout
import Foundation
import Testing

@Suite struct RoundedRectPathTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var rect: CGRect
        var radii: CornerRadii
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "square corners", rect: CGRect(x: 0, y: 0, width: 100, height: 50), radii: .zero,
            expected: "M0 0 L100 0 L100 50 L0 50 Z"),
        Case(
            name: "two round corners", rect: CGRect(x: 0, y: 0, width: 100, height: 50),
            radii: CornerRadii(topLeft: 10, topRight: 0, bottomLeft: 0, bottomRight: 20),
            expected: "M10 0 L100 0 L100 30 A20 20 0 0 1 80 50 L0 50 L0 10 A10 10 0 0 1 10 0 Z"),
        Case(
            name: "pill: the short sides are all arc", rect: CGRect(x: 0, y: 0, width: 100, height: 50),
            radii: CornerRadii(all: 25),
            expected: "M25 0 L75 0 A25 25 0 0 1 100 25 A25 25 0 0 1 75 50 L25 50 A25 25 0 0 1 0 25 "
                + "A25 25 0 0 1 25 0 Z"),
        Case(
            name: "radii larger than the rect are clamped to a pill", rect: CGRect(x: 0, y: 0, width: 100, height: 50),
            radii: CornerRadii(all: 100),
            expected: "M25 0 L75 0 A25 25 0 0 1 100 25 A25 25 0 0 1 75 50 L25 50 A25 25 0 0 1 0 25 "
                + "A25 25 0 0 1 25 0 Z"),
        Case(
            name: "offset rect, fractional origin", rect: CGRect(x: 10.5, y: 20, width: 30, height: 30),
            radii: CornerRadii(all: 5),
            expected: "M15.5 20 L35.5 20 A5 5 0 0 1 40.5 25 L40.5 45 A5 5 0 0 1 35.5 50 L15.5 50 "
                + "A5 5 0 0 1 10.5 45 L10.5 25 A5 5 0 0 1 15.5 20 Z"),
        // 10/3 = 3.33333… → 3.3333, 10 - 10/3 → 6.6667.
        Case(
            name: "thirds round to four decimals", rect: CGRect(x: 0, y: 0, width: 10, height: 10),
            radii: CornerRadii(all: 10.0 / 3.0),
            expected: "M3.3333 0 L6.6667 0 A3.3333 3.3333 0 0 1 10 3.3333 L10 6.6667 A3.3333 3.3333 0 0 1 6.6667 10 "
                + "L3.3333 10 A3.3333 3.3333 0 0 1 0 6.6667 L0 3.3333 A3.3333 3.3333 0 0 1 3.3333 0 Z"),
        // -0.00001 rounds to zero and prints as 0, never -0.
        Case(
            name: "no negative zero", rect: CGRect(x: -0.00001, y: -5, width: 10, height: 10), radii: .zero,
            expected: "M0 -5 L10 -5 L10 5 L0 5 Z"),
        Case(
            name: "only the top-right corner", rect: CGRect(x: 0, y: 0, width: 40, height: 40),
            radii: CornerRadii(topLeft: 0, topRight: 8, bottomLeft: 0, bottomRight: 0),
            expected: "M0 0 L32 0 A8 8 0 0 1 40 8 L40 40 L0 40 Z"),
    ]

    @Test("renders the clockwise outline as compact SVG path data", arguments: cases)
    func svgPathData(_ testCase: Case) throws {
        let path = try RoundedRectPath(rect: testCase.rect, radii: testCase.radii)
        #expect(path.svgPathData == testCase.expected)
    }

    @Test("segments carry arc centres and clockwise quarter-turn angles")
    func segments() throws {
        let path = try RoundedRectPath(
            rect: CGRect(x: 0, y: 0, width: 100, height: 50),
            radii: CornerRadii(topLeft: 10, topRight: 0, bottomLeft: 0, bottomRight: 20))
        #expect(path.segments.count == 8)
        #expect(path.segments.first == .move(to: CGPoint(x: 10, y: 0)))
        #expect(path.segments.last == .close)
        guard case .arc(let center, let radius, let start, let end, let endPoint) = path.segments[3] else {
            Issue.record("expected the bottom-right arc, got \(path.segments[3])")
            return
        }
        #expect(center == CGPoint(x: 80, y: 30))
        #expect(radius == 20)
        expectClose(start, 0, "start angle")
        expectClose(end, .pi / 2, "end angle")
        #expect(endPoint == CGPoint(x: 80, y: 50))
        guard case .arc(let topLeftCenter, _, let topLeftStart, let topLeftEnd, _) = path.segments[6] else {
            Issue.record("expected the top-left arc, got \(path.segments[6])")
            return
        }
        #expect(topLeftCenter == CGPoint(x: 10, y: 10))
        expectClose(topLeftStart, .pi, "top-left start")
        expectClose(topLeftEnd, 3 * .pi / 2, "top-left end")
    }

    @Test("keeps the clamped radii")
    func keepsClampedRadii() throws {
        let path = try RoundedRectPath(rect: CGRect(x: 0, y: 0, width: 100, height: 50), radii: CornerRadii(all: 100))
        #expect(path.radii == CornerRadii(all: 25))
    }

    @Test(
        "rejects negative radii and sizes",
        arguments: [
            (
                CGRect(x: 0, y: 0, width: 10, height: 10),
                CornerRadii(topLeft: -1, topRight: 0, bottomLeft: 0, bottomRight: 0),
                LayoutError.invalidLength(name: "topLeft radius", value: -1)
            ),
            (
                CGRect(x: 0, y: 0, width: 10, height: -10), CornerRadii.zero,
                LayoutError.invalidLength(name: "rect height", value: -10)
            ),
        ])
    func rejects(rect: CGRect, radii: CornerRadii, expected: LayoutError) {
        #expect(throws: expected) { try RoundedRectPath(rect: rect, radii: radii) }
    }
}
