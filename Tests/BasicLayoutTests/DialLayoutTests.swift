import BasicLayout
import Foundation
import Testing

@Suite struct DialLayoutTests {
    static let viewSize = CGSize(width: 375, height: 667)
    static let cellSize = CGSize(width: 240, height: 50)

    static func dial(
        itemHeight: CGFloat = 50, spacing: CGFloat = 12, alignment: DialAlignment = .left
    ) throws -> DialLayout {
        try DialLayout(
            itemHeight: itemHeight, angularSpacing: spacing, radius: 300, xOffset: 20, cellSize: cellSize,
            alignment: alignment)
    }

    // MARK: Visible items

    struct RangeCase: Sendable, CustomTestStringConvertible {
        var name: String
        var itemHeight: CGFloat
        var spacing: CGFloat
        var count: Int
        var minY: CGFloat
        var height: CGFloat
        var expected: Range<Int>
        var testDescription: String { name }
    }

    // maxVisible = Int(180 / spacing) + 2; first = floor(minY / h), last = floor(maxY / h), active = (f + l) / 2.
    static let rangeCases: [RangeCase] = [
        // 12° divides 180: maxVisible 17, half 8. first 0, last 13, active 6 → 0 ..< 14.
        RangeCase(
            name: "top of the list", itemHeight: 50, spacing: 12, count: 30, minY: 0, height: 667, expected: 0..<14),
        // first 10, last 23, active 16 → 8 ..< 24.
        RangeCase(name: "middle", itemHeight: 50, spacing: 12, count: 30, minY: 500, height: 667, expected: 8..<24),
        // first 24, last 37, active 30 → upper min(30, 38) = 30 = count → lower 30 - 17 = 13.
        RangeCase(
            name: "last page", itemHeight: 50, spacing: 12, count: 30, minY: 1200, height: 667, expected: 13..<30),
        // Scrolled to the end (offset 29·50): first 29, last 42, active 35 → 13 ..< 30.
        RangeCase(
            name: "scrolled to the end", itemHeight: 50, spacing: 12, count: 30, minY: 1450, height: 667,
            expected: 13..<30),
        // Fewer items than a page: upper = count → lower max(0, 5 - 17) = 0.
        RangeCase(name: "short list", itemHeight: 50, spacing: 12, count: 5, minY: 0, height: 667, expected: 0..<5),
        RangeCase(name: "no items", itemHeight: 50, spacing: 12, count: 0, minY: 0, height: 667, expected: 0..<0),
        // 7° does not divide 180: Int(25.71…) + 2 = 27, half 13. first 10, last 20, active 15 → 2 ..< 28.
        RangeCase(name: "7° spacing", itemHeight: 40, spacing: 7, count: 100, minY: 400, height: 400, expected: 2..<28),
        // 180°: maxVisible 3, half 1. first 2, last 4, active 3 → 2 ..< 4.
        RangeCase(
            name: "180° spacing", itemHeight: 50, spacing: 180, count: 10, minY: 100, height: 100, expected: 2..<4),
        // floor of negatives: first -20, last -18, active -19 → upper min(30, -11) below lower 0: empty.
        RangeCase(
            name: "far above the top", itemHeight: 50, spacing: 12, count: 30, minY: -1000, height: 100, expected: 0..<0
        ),
        // first floor(-0.5) = -1, last floor(9.5) = 9, active 8 / 2 = 4 → 0 ..< 12.
        RangeCase(
            name: "bounced past the top", itemHeight: 50, spacing: 12, count: 30, minY: -25, height: 500,
            expected: 0..<12),
    ]

    @Test("picks the visible items as AWCollectionViewDialLayout does", arguments: rangeCases)
    func visibleItems(_ testCase: RangeCase) throws {
        let dial = try Self.dial(itemHeight: testCase.itemHeight, spacing: testCase.spacing)
        let rect = CGRect(x: 0, y: testCase.minY, width: 375, height: testCase.height)
        #expect(try dial.visibleItems(in: rect, itemCount: testCase.count) == testCase.expected)
    }

    @Test(
        "shows half a turn plus two items",
        arguments: [
            (CGFloat(12), 17), (CGFloat(7), 27), (CGFloat(180), 3), (CGFloat(45), 6), (CGFloat(11), 18),
            (CGFloat(0.5), 362),
        ])
    func maximumVisibleItems(spacing: CGFloat, expected: Int) throws {
        #expect(try Self.dial(spacing: spacing).maximumVisibleItems == expected)
    }

    // MARK: Item attributes

    struct ItemCase: Sendable, CustomTestStringConvertible {
        var name: String
        var alignment: DialAlignment
        var index: Int
        var contentOffsetY: CGFloat
        var scale: CGFloat
        var degrees: Double
        var center: CGPoint
        var translation: CGPoint
        var testDescription: String { name }
    }

    // radius 300, xOffset 20, cell 240 × 50, view 375 × 667, itemHeight 50, spacing 12.
    // n = index - offsetY / 50; scale = max(0.6, 1 - |n/4|).
    // left:   center (-300 + 20, 333.5 + offsetY), translation (300 + 120·scale, 0), +12n°
    // right:  center (300 - 20 + 375, 333.5 + offsetY), translation (-300 - 120·scale, 0), -12n°
    // center: center (187.5 + 20, 333.5 + offsetY + 300), translation (0, -300), +12n°
    static let itemCases: [ItemCase] = [
        ItemCase(
            name: "left, active item", alignment: .left, index: 2, contentOffsetY: 100, scale: 1, degrees: 0,
            center: CGPoint(x: -280, y: 433.5), translation: CGPoint(x: 420, y: 0)),
        ItemCase(
            name: "left, next item", alignment: .left, index: 3, contentOffsetY: 100, scale: 0.75, degrees: 12,
            center: CGPoint(x: -280, y: 433.5), translation: CGPoint(x: 390, y: 0)),
        ItemCase(
            name: "left, two before: scale floor 0.6", alignment: .left, index: 0, contentOffsetY: 100, scale: 0.6,
            degrees: -24, center: CGPoint(x: -280, y: 433.5), translation: CGPoint(x: 372, y: 0)),
        ItemCase(
            name: "left, far item", alignment: .left, index: 7, contentOffsetY: 100, scale: 0.6, degrees: 60,
            center: CGPoint(x: -280, y: 433.5), translation: CGPoint(x: 372, y: 0)),
        // offset 125 → n = 2 - 2.5 = -0.5: scale 0.875, -6°.
        ItemCase(
            name: "left, between slots", alignment: .left, index: 2, contentOffsetY: 125, scale: 0.875, degrees: -6,
            center: CGPoint(x: -280, y: 458.5), translation: CGPoint(x: 405, y: 0)),
        ItemCase(
            name: "right, next item", alignment: .right, index: 3, contentOffsetY: 100, scale: 0.75, degrees: -12,
            center: CGPoint(x: 655, y: 433.5), translation: CGPoint(x: -390, y: 0)),
        ItemCase(
            name: "right, unscrolled first item", alignment: .right, index: 0, contentOffsetY: 0, scale: 1, degrees: 0,
            center: CGPoint(x: 655, y: 333.5), translation: CGPoint(x: -420, y: 0)),
        ItemCase(
            name: "center, active item", alignment: .center, index: 2, contentOffsetY: 100, scale: 1, degrees: 0,
            center: CGPoint(x: 207.5, y: 733.5), translation: CGPoint(x: 0, y: -300)),
        ItemCase(
            name: "center, previous item", alignment: .center, index: 1, contentOffsetY: 100, scale: 0.75,
            degrees: -12, center: CGPoint(x: 207.5, y: 733.5), translation: CGPoint(x: 0, y: -300)),
    ]

    @Test("scales, translates, then rotates each cell about the hub", arguments: itemCases)
    func attributes(_ testCase: ItemCase) throws {
        let dial = try Self.dial(alignment: testCase.alignment)
        let item = try dial.attributes(
            forItemAt: testCase.index, viewSize: Self.viewSize, contentOffsetY: testCase.contentOffsetY)
        let (cosine, sine) = cosSin(degrees: testCase.degrees)
        let s = testCase.scale
        let t = testCase.translation
        // Row vectors: p · S · T · R. The translation turned by R lands at (tx·cos - ty·sin, tx·sin + ty·cos).
        let moved = CGPoint(x: t.x * cosine - t.y * sine, y: t.x * sine + t.y * cosine)
        let expected = LayoutTransform(
            a: s * cosine, b: s * sine, c: -s * sine, d: s * cosine, tx: moved.x, ty: moved.y)

        #expect(item.index == testCase.index)
        #expect(item.zIndex == testCase.index)
        #expect(item.size == Self.cellSize)
        expectClose(item.scale, s, "scale")
        expectClose(item.alpha, s, "alpha")
        expectClose(item.rotationDegrees, CGFloat(testCase.degrees), "degrees")
        expectClose(item.center, testCase.center, "center")
        expectClose(item.translation, t, "translation")
        expectClose(item.transform, expected)
        expectClose(item.visibleCenter, CGPoint(x: testCase.center.x + moved.x, y: testCase.center.y + moved.y))
    }

    @Test("the active left-aligned cell's transform is an exact translation")
    func activeCellIsExact() throws {
        let item = try Self.dial().attributes(forItemAt: 2, viewSize: Self.viewSize, contentOffsetY: 100)
        #expect(item.transform == .translation(x: 420, y: 0))
        #expect(item.visibleCenter == CGPoint(x: 140, y: 433.5))
        #expect(item.wheelPosition == 0)
    }

    @Test("a quarter-turn spacing gives exact rotations")
    func quarterTurnSpacing() throws {
        let dial = try Self.dial(spacing: 90)
        // n = 1: scale 0.75, translation 300 + 90 = 390, turned 90° → (0, 390).
        let item = try dial.attributes(forItemAt: 1, viewSize: Self.viewSize, contentOffsetY: 0)
        #expect(item.transform == LayoutTransform(a: 0, b: 0.75, c: -0.75, d: 0, tx: 0, ty: 390))
        #expect(item.visibleCenter == CGPoint(x: -280, y: 333.5 + 390))
    }

    @Test("left and right wheels mirror each other across the view", arguments: [0, 1, 2, 3, 5, 9])
    func mirrored(index: Int) throws {
        let left = try Self.dial(alignment: .left)
            .attributes(forItemAt: index, viewSize: Self.viewSize, contentOffsetY: 75)
        let right = try Self.dial(alignment: .right)
            .attributes(forItemAt: index, viewSize: Self.viewSize, contentOffsetY: 75)
        expectClose(left.visibleCenter.x + right.visibleCenter.x, Self.viewSize.width, "mirrored x")
        expectClose(left.visibleCenter.y, right.visibleCenter.y, "y")
        #expect(left.scale == right.scale)
    }

    @Test(
        "center alignment puts the active cell at the view's centre and fans the rest along the rim",
        arguments: [(index: 4, degrees: 0.0), (index: 5, degrees: 12.0), (index: 2, degrees: -24.0)])
    func centerAlignment(index: Int, degrees: Double) throws {
        let dial = try DialLayout(
            itemHeight: 50, angularSpacing: 12, radius: 300, cellSize: Self.cellSize, alignment: .center)
        let item = try dial.attributes(forItemAt: index, viewSize: Self.viewSize, contentOffsetY: 200)
        let (cosine, sine) = cosSin(degrees: degrees)
        // Hub (187.5, 333.5 + 200 + 300); the cell sits 300 from it, turned by the angle.
        expectClose(item.visibleCenter, CGPoint(x: 187.5 + 300 * sine, y: 833.5 - 300 * cosine))
        let hub = item.center
        let distance = hypot(item.visibleCenter.x - hub.x, item.visibleCenter.y - hub.y)
        expectClose(distance, 300, "distance from the hub")
    }

    // MARK: Whole screens

    @Test("lays out the screen at the top of a list")
    func layoutScreen() throws {
        let result = try Self.dial().layout(itemCount: 30, viewSize: Self.viewSize, contentOffsetY: 100)
        // Rect 100 ..< 767: first 2, last 15, active 8 → 0 ..< 16.
        #expect(result.visibleItems == 0..<16)
        #expect(result.items.map(\.index) == Array(0..<16))
        #expect(result.visibleRect == CGRect(x: 0, y: 100, width: 375, height: 667))
        #expect(result.contentSize == CGSize(width: 375, height: 29 * 50 + 667))
        #expect(result.itemCount == 30)
    }

    @Test("lays out the last page with the last item active")
    func layoutLastPage() throws {
        let result = try Self.dial().layout(itemCount: 30, viewSize: Self.viewSize, contentOffsetY: 1450)
        #expect(result.visibleItems == 13..<30)
        let last = try #require(result.items.last)
        #expect(last.index == 29)
        #expect(last.scale == 1)
        #expect(last.wheelPosition == 0)
    }

    @Test("an empty list has no cells and a view-high content size")
    func emptyList() throws {
        let result = try Self.dial().layout(itemCount: 0, viewSize: Self.viewSize, contentOffsetY: 0)
        #expect(result.items.isEmpty)
        #expect(result.contentSize == Self.viewSize)
    }

    // MARK: Errors

    @Test(
        "rejects invalid dial parameters",
        arguments: [
            (CGFloat(0), CGFloat(12), LayoutError.invalidItemHeight(0)),
            (CGFloat(-5), CGFloat(12), LayoutError.invalidItemHeight(-5)),
            (CGFloat(50), CGFloat(0), LayoutError.invalidAngularSpacing(0)),
            (CGFloat(50), CGFloat(-10), LayoutError.invalidAngularSpacing(-10)),
            (CGFloat(50), CGFloat(180.5), LayoutError.invalidAngularSpacing(180.5)),
        ])
    func rejectsParameters(itemHeight: CGFloat, spacing: CGFloat, expected: LayoutError) {
        #expect(throws: expected) { try Self.dial(itemHeight: itemHeight, spacing: spacing) }
    }

    @Test("rejects a NaN item height and a negative count")
    func rejectsOthers() throws {
        #expect(throws: LayoutError.self) { try Self.dial(itemHeight: .nan) }
        let dial = try Self.dial()
        #expect(throws: LayoutError.negativeCount(name: "itemCount", value: -1)) {
            try dial.layout(itemCount: -1, viewSize: Self.viewSize, contentOffsetY: 0)
        }
        #expect(throws: LayoutError.nonFiniteValue(name: "contentOffsetY", value: .infinity)) {
            try dial.layout(itemCount: 3, viewSize: Self.viewSize, contentOffsetY: .infinity)
        }
    }
}
