import BasicLayout
import Foundation
import Testing

@Suite struct GridLayoutTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var layout: GridLayout
        var count: Int
        var width: CGFloat
        var side: CGFloat
        var rows: Int
        var height: CGFloat
        /// Item index and its expected origin.
        var probes: [(index: Int, x: CGFloat, y: CGFloat)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // The Budejie "Me" page: 4 columns across 375 points, w = 375 / 4.
        Case(
            name: "Budejie 4 × 375, 10 items", layout: GridLayout(columns: 4), count: 10, width: 375, side: 93.75,
            rows: 3, height: 281.25,
            probes: [(0, 0, 0), (3, 281.25, 0), (4, 0, 93.75), (5, 93.75, 93.75), (9, 93.75, 187.5)]),
        Case(
            name: "full rows", layout: GridLayout(columns: 4), count: 8, width: 400, side: 100, rows: 2, height: 200,
            probes: [(7, 300, 100)]),
        Case(
            name: "zero items", layout: GridLayout(columns: 4), count: 0, width: 375, side: 93.75, rows: 0, height: 0,
            probes: []),
        Case(
            name: "one column", layout: GridLayout(columns: 1), count: 3, width: 100, side: 100, rows: 3, height: 300,
            probes: [(0, 0, 0), (1, 0, 100), (2, 0, 200)]),
        Case(
            name: "one item", layout: GridLayout(columns: 3), count: 1, width: 90, side: 30, rows: 1, height: 30,
            probes: [(0, 0, 0)]),
        // w = (310 - 10 - 10 - 10·2) / 3 = 90; step 100; height = 105 + 90 + 7.
        Case(
            name: "spacing and insets",
            layout: GridLayout(columns: 3, spacing: 10, insets: LayoutInsets(top: 5, left: 10, bottom: 7, right: 10)),
            count: 5, width: 310, side: 90, rows: 2, height: 202,
            probes: [(0, 10, 5), (2, 210, 5), (4, 110, 105)]),
        // Zero items ignore the insets: the container collapses.
        Case(
            name: "zero items with insets", layout: GridLayout(columns: 2, insets: LayoutInsets(all: 8)), count: 0,
            width: 100, side: 42, rows: 0, height: 0, probes: []),
        Case(
            name: "zero width", layout: GridLayout(columns: 4), count: 2, width: 0, side: 0, rows: 1, height: 0,
            probes: [(1, 0, 0)]),
    ]

    @Test("lays out square items row by row", arguments: cases)
    func layout(_ testCase: Case) throws {
        let result = try testCase.layout.layout(count: testCase.count, width: testCase.width)
        #expect(result.frames.count == testCase.count)
        #expect(result.rows == testCase.rows)
        #expect(result.columns == testCase.layout.columns)
        #expect(result.itemSize == CGSize(width: testCase.side, height: testCase.side))
        #expect(result.containerSize == CGSize(width: testCase.width, height: testCase.height))
        for probe in testCase.probes {
            let frame = try #require(result.frames.indices.contains(probe.index) ? result.frames[probe.index] : nil)
            #expect(frame == CGRect(x: probe.x, y: probe.y, width: testCase.side, height: testCase.side))
        }
        if let last = result.frames.last {
            #expect(last.maxY + testCase.layout.insets.bottom == result.containerSize.height)
        }
    }

    @Test(
        "rejects input it cannot lay out",
        arguments: [
            (GridLayout(columns: 0), 4, CGFloat(375), LayoutError.invalidColumns(0)),
            (GridLayout(columns: -2), 4, CGFloat(375), LayoutError.invalidColumns(-2)),
            (GridLayout(columns: 4), -1, CGFloat(375), LayoutError.negativeCount(name: "count", value: -1)),
            (GridLayout(columns: 4), 4, CGFloat(-1), LayoutError.invalidLength(name: "width", value: -1)),
            (
                GridLayout(columns: 4, spacing: -2), 4, CGFloat(375),
                LayoutError.invalidLength(name: "spacing", value: -2)
            ),
            (
                GridLayout(columns: 4, insets: LayoutInsets(left: -1)), 4, CGFloat(375),
                LayoutError.invalidLength(name: "left inset", value: -1)
            ),
            (
                GridLayout(columns: 3, spacing: 20, insets: LayoutInsets(left: 30, right: 30)), 4, CGFloat(90),
                LayoutError.itemsDoNotFit(width: 90, reserved: 100)
            ),
        ])
    func rejects(layout: GridLayout, count: Int, width: CGFloat, expected: LayoutError) {
        #expect(throws: expected) { try layout.layout(count: count, width: width) }
    }

    @Test("rejects a width that is not a number")
    func rejectsNaNWidth() {
        #expect(throws: LayoutError.self) { try GridLayout().layout(count: 1, width: .nan) }
    }
}
