import BasicLayout
import Foundation
import Testing

@Suite struct LayoutTransformTests {
    struct PointCase: Sendable, CustomTestStringConvertible {
        var name: String
        var transform: LayoutTransform
        var point: CGPoint
        var expected: CGPoint
        var testDescription: String { name }
    }

    static let exactCases: [PointCase] = [
        PointCase(name: "identity", transform: .identity, point: CGPoint(x: 3, y: -4), expected: CGPoint(x: 3, y: -4)),
        PointCase(
            name: "uniform scale", transform: .scale(2), point: CGPoint(x: 3, y: 4), expected: CGPoint(x: 6, y: 8)),
        PointCase(
            name: "non-uniform scale", transform: .scale(x: 0.5, y: -3), point: CGPoint(x: 3, y: 4),
            expected: CGPoint(x: 1.5, y: -12)),
        PointCase(
            name: "translation", transform: .translation(x: 5, y: -1), point: CGPoint(x: 3, y: 4),
            expected: CGPoint(x: 8, y: 3)),
        // Positive angles turn clockwise on screen (y down): +x goes to +y.
        PointCase(
            name: "rotation 90°", transform: .rotation(degrees: 90), point: CGPoint(x: 1, y: 0),
            expected: CGPoint(x: 0, y: 1)),
        PointCase(
            name: "rotation 180°", transform: .rotation(degrees: 180), point: CGPoint(x: 2, y: 1),
            expected: CGPoint(x: -2, y: -1)),
        PointCase(
            name: "rotation 270°", transform: .rotation(degrees: 270), point: CGPoint(x: 1, y: 0),
            expected: CGPoint(x: 0, y: -1)),
        PointCase(
            name: "rotation -90°", transform: .rotation(degrees: -90), point: CGPoint(x: 1, y: 0),
            expected: CGPoint(x: 0, y: -1)),
        PointCase(
            name: "rotation 450° is a quarter turn", transform: .rotation(degrees: 450), point: CGPoint(x: 0, y: 1),
            expected: CGPoint(x: -1, y: 0)),
        PointCase(
            name: "explicit entries", transform: LayoutTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6),
            point: CGPoint(x: 1, y: 1), expected: CGPoint(x: 1 + 3 + 5, y: 2 + 4 + 6)),
    ]

    @Test("maps points exactly for scales, translations and quarter turns", arguments: exactCases)
    func appliesExactly(_ testCase: PointCase) {
        #expect(testCase.transform.apply(to: testCase.point) == testCase.expected)
    }

    @Test("rotation by degrees matches cos/sin of the angle", arguments: [12.0, 30.0, -24.0, 7.5, 135.0])
    func rotationEntries(degrees: Double) {
        let (cosine, sine) = cosSin(degrees: degrees)
        let expected = LayoutTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
        expectClose(LayoutTransform.rotation(degrees: CGFloat(degrees)), expected)
        expectClose(LayoutTransform.rotation(radians: CGFloat(degrees * Double.pi / 180)), expected)
    }

    @Test("quarter turns have exact entries")
    func quarterTurnsAreExact() {
        let quarter = LayoutTransform.rotation(degrees: 90)
        #expect(quarter.a == 0 && quarter.b == 1 && quarter.c == -1 && quarter.d == 0)
        #expect(LayoutTransform.rotation(degrees: 0) == .identity)
        #expect(LayoutTransform.rotation(degrees: 360).isIdentity)
    }

    struct ConcatCase: Sendable, CustomTestStringConvertible {
        var name: String
        var first: LayoutTransform
        var second: LayoutTransform
        var point: CGPoint
        var expected: CGPoint
        var testDescription: String { name }
    }

    static let concatCases: [ConcatCase] = [
        ConcatCase(
            name: "scale then translate", first: .scale(2), second: .translation(x: 10, y: 0),
            point: CGPoint(x: 1, y: 1), expected: CGPoint(x: 12, y: 2)),
        ConcatCase(
            name: "translate then scale", first: .translation(x: 10, y: 0), second: .scale(2),
            point: CGPoint(x: 1, y: 1), expected: CGPoint(x: 22, y: 2)),
        ConcatCase(
            name: "translate then quarter turn", first: .translation(x: 5, y: 0), second: .rotation(degrees: 90),
            point: CGPoint(x: 1, y: 0), expected: CGPoint(x: 0, y: 6)),
        ConcatCase(
            name: "quarter turn then translate", first: .rotation(degrees: 90), second: .translation(x: 5, y: 0),
            point: CGPoint(x: 1, y: 0), expected: CGPoint(x: 5, y: 1)),
    ]

    @Test("concatenating applies self first, then the argument", arguments: concatCases)
    func concatenationOrder(_ testCase: ConcatCase) {
        #expect(testCase.first.concatenating(testCase.second).apply(to: testCase.point) == testCase.expected)
    }

    @Test("concatenation multiplies the matrices as self × other (row vectors)")
    func concatenationEntries() {
        let first = LayoutTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let second = LayoutTransform(a: 7, b: 8, c: 9, d: 10, tx: 11, ty: 12)
        // a = 1·7 + 2·9, b = 1·8 + 2·10, c = 3·7 + 4·9, d = 3·8 + 4·10,
        // tx = 5·7 + 6·9 + 11, ty = 5·8 + 6·10 + 12.
        #expect(first.concatenating(second) == LayoutTransform(a: 25, b: 28, c: 57, d: 64, tx: 100, ty: 112))
        // (1, 0) → (6, 8) → (7·6 + 9·8 + 11, 8·6 + 10·8 + 12).
        #expect(first.concatenating(second).apply(to: CGPoint(x: 1, y: 0)) == CGPoint(x: 125, y: 140))
        #expect(second.concatenating(first) != first.concatenating(second))
    }

    @Test(
        "scale, then translation, then rotation gives the dial's matrix",
        arguments: [
            (scale: 0.75, shift: 390.0, degrees: 12.0), (scale: 0.6, shift: 372.0, degrees: -24.0),
            (scale: 1.0, shift: 420.0, degrees: 0.0),
        ])
    func scaleTranslateRotate(scale: Double, shift: Double, degrees: Double) {
        let (cosine, sine) = cosSin(degrees: degrees)
        let s = CGFloat(scale)
        let t = CGFloat(shift)
        let combined = LayoutTransform.scale(s)
            .concatenating(.translation(x: t, y: 0))
            .concatenating(.rotation(degrees: CGFloat(degrees)))
        let expected = LayoutTransform(
            a: s * cosine, b: s * sine, c: -s * sine, d: s * cosine, tx: t * cosine, ty: t * sine)
        expectClose(combined, expected)
    }

    @Test(
        "describes itself as a compact SVG matrix",
        arguments: [
            (LayoutTransform.identity, "matrix(1 0 0 1 0 0)"),
            (LayoutTransform.rotation(degrees: 180), "matrix(-1 0 0 -1 0 0)"),
            (
                LayoutTransform(a: 1.23457, b: -0.00001, c: 2.5, d: 100, tx: -3.1, ty: 93.75),
                "matrix(1.2346 0 2.5 100 -3.1 93.75)"
            ),
        ])
    func description(transform: LayoutTransform, expected: String) {
        #expect(transform.description == expected)
    }
}
