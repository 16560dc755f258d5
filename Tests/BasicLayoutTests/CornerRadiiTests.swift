import BasicLayout
import Foundation
import Testing

@Suite struct CornerRadiiTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var radii: CornerRadii
        var size: CGSize
        var expected: CornerRadii
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "radii that fit stay", radii: CornerRadii(topLeft: 10, topRight: 20, bottomLeft: 5, bottomRight: 0),
            size: CGSize(width: 100, height: 50),
            expected: CornerRadii(topLeft: 10, topRight: 20, bottomLeft: 5, bottomRight: 0)),
        Case(
            name: "exactly a pill stays", radii: CornerRadii(all: 25), size: CGSize(width: 100, height: 50),
            expected: CornerRadii(all: 25)),
        // Sides: width 100 / 200, height 50 / 200 → f = 0.25.
        Case(
            name: "radii larger than the rect", radii: CornerRadii(all: 100), size: CGSize(width: 100, height: 50),
            expected: CornerRadii(all: 25)),
        // Top 100 / 120, left 100 / 60 → f = 5/6: 60 → 50.
        Case(
            name: "two top corners too big",
            radii: CornerRadii(topLeft: 60, topRight: 60, bottomLeft: 0, bottomRight: 0),
            size: CGSize(width: 100, height: 100),
            expected: CornerRadii(topLeft: 50, topRight: 50, bottomLeft: 0, bottomRight: 0)),
        // Top 100/30, bottom 100/90, left 60/30, right 60/90 → f = 2/3.
        Case(
            name: "the right side decides",
            radii: CornerRadii(topLeft: 30, topRight: 0, bottomLeft: 0, bottomRight: 90),
            size: CGSize(width: 100, height: 60),
            expected: CornerRadii(topLeft: 20, topRight: 0, bottomLeft: 0, bottomRight: 60)),
        Case(name: "square corners", radii: .zero, size: CGSize(width: 10, height: 10), expected: .zero),
        Case(
            name: "zero-size rect", radii: CornerRadii(all: 8), size: .zero, expected: .zero),
        Case(
            name: "negative radii count as zero",
            radii: CornerRadii(topLeft: -5, topRight: 10, bottomLeft: 0, bottomRight: 0),
            size: CGSize(width: 100, height: 100),
            expected: CornerRadii(topLeft: 0, topRight: 10, bottomLeft: 0, bottomRight: 0)),
    ]

    @Test("scales every radius by the CSS border-radius factor", arguments: cases)
    func clamped(_ testCase: Case) {
        let clamped = testCase.radii.clamped(to: testCase.size)
        expectClose(clamped.topLeft, testCase.expected.topLeft, "topLeft")
        expectClose(clamped.topRight, testCase.expected.topRight, "topRight")
        expectClose(clamped.bottomLeft, testCase.expected.bottomLeft, "bottomLeft")
        expectClose(clamped.bottomRight, testCase.expected.bottomRight, "bottomRight")
        // Neighbours never overlap.
        #expect(clamped.topLeft + clamped.topRight <= max(testCase.size.width, 0) + tolerance)
        #expect(clamped.topRight + clamped.bottomRight <= max(testCase.size.height, 0) + tolerance)
    }
}
