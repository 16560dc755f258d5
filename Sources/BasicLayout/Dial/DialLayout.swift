import Foundation

/// i博客园's wheel: a vertically scrolling list whose cells turn around a hub, after
/// `AWCollectionViewDialLayout`.
///
/// Scrolling by `itemHeight` points turns the wheel by `angularSpacing` degrees. Item `index` sits at
/// wheel position `n = index + offset`, where `offset = -contentOffsetY / itemHeight`, so the item at
/// `n = 0` is the active one. Every cell gets
///
/// - `scale = max(0.6, 1 - |n·0.25|)`, `alpha = scale`, `zIndex = index`;
/// - a `center` (the hub) and a translation and rotation that depend on ``alignment``:
///
/// | alignment | center | translation | rotation |
/// |---|---|---|---|
/// | left | `(-radius + xOffset, viewHeight/2 + contentOffsetY)` | `(radius + cellWidth/2·scale, 0)` | `+angularSpacing·n`° |
/// | right | `(radius - xOffset + viewWidth, viewHeight/2 + contentOffsetY)` | `(-radius - cellWidth/2·scale, 0)` | `-angularSpacing·n`° |
/// | center | `(viewWidth/2 + xOffset, viewHeight/2 + contentOffsetY + radius)` | `(0, -radius)` | `+angularSpacing·n`° |
///
/// - a `transform` that scales, then translates, then rotates:
///   `LayoutTransform.scale(scale).concatenating(.translation(…)).concatenating(.rotation(degrees: …))`,
///   exactly the original's `CGAffineTransformConcat(scaleT, CGAffineTransformConcat(translationT,
///   rotationT))`. UIKit applies it about the cell's centre, so the cell's centre appears at
///   `visibleCenter = center + transform.apply(to: .zero)`, which is the translation turned by the rotation.
///
/// **Center alignment** is our design (i博客园 leaves it unimplemented): the hub lies `radius` below the
/// view's centre (moved sideways by `xOffset`) and each cell is pushed `radius` straight up from it before
/// turning, so the active cell is centred in the view and its neighbours fan out along the top of the
/// wheel, later items to the right (clockwise) and earlier ones to the left, each tilted along the rim.
///
/// ```swift
/// let dial = try DialLayout(
///     itemHeight: 50, angularSpacing: 12, radius: 300, xOffset: 20,
///     cellSize: CGSize(width: 240, height: 50), alignment: .left)
/// let screen = try dial.layout(itemCount: 30, viewSize: CGSize(width: 375, height: 667), contentOffsetY: 100)
/// for cell in screen.items { print(cell.index, cell.visibleCenter, cell.transform) }
/// ```
public struct DialLayout: Sendable, Hashable {
    /// The smallest angular spacing, in degrees: 0.018, at which half a turn shows 10,000 items.
    /// A smaller spacing would lay out millions of items at once.
    public static let minimumAngularSpacing: CGFloat = 0.018

    /// The scroll distance, in points, that turns the wheel by one item.
    public let itemHeight: CGFloat
    /// The angle between neighbouring items, in degrees, in ``minimumAngularSpacing`` `...180`.
    public let angularSpacing: CGFloat
    /// The distance from the hub to the cells (to their inner edge for left and right alignment, to
    /// their centre for center alignment).
    public let radius: CGFloat
    /// How far the hub is moved toward the view (left, right) or sideways to the right (center).
    public let xOffset: CGFloat
    /// Every cell's untransformed size.
    public let cellSize: CGSize
    /// Which side the wheel turns on.
    public let alignment: DialAlignment

    /// Creates a dial layout, checking its parameters.
    ///
    /// - Throws: ``LayoutError`` when `itemHeight <= 0`, `angularSpacing` is not in
    ///   ``minimumAngularSpacing`` `...180`, `radius` or `cellSize` is negative, or any value is not
    ///   finite or beyond ``LayoutLimits/maximumLength``.
    public init(
        itemHeight: CGFloat, angularSpacing: CGFloat, radius: CGFloat, xOffset: CGFloat = 0, cellSize: CGSize,
        alignment: DialAlignment = .left
    ) throws(LayoutError) {
        guard itemHeight.isFinite, itemHeight > 0, itemHeight <= LayoutLimits.maximumLength else {
            throw .invalidItemHeight(itemHeight)
        }
        guard angularSpacing.isFinite, angularSpacing >= Self.minimumAngularSpacing, angularSpacing <= 180 else {
            throw .invalidAngularSpacing(angularSpacing)
        }
        try Validation.length(radius, "radius")
        try Validation.finite(xOffset, "xOffset")
        try Validation.size(cellSize, "cell")
        self.itemHeight = itemHeight
        self.angularSpacing = angularSpacing
        self.radius = radius
        self.xOffset = xOffset
        self.cellSize = cellSize
        self.alignment = alignment
    }

    /// The most items laid out at once: `Int(180 / angularSpacing) + 2`, half a turn plus one at each end.
    public var maximumVisibleItems: Int {
        Int(clampingTowardZero: Double(180 / angularSpacing)) + 2
    }

    /// The scrollable content size, as the original's `collectionViewContentSize`:
    /// `(viewWidth, (itemCount - 1)·itemHeight + viewHeight)`, with `itemCount - 1` taken as at least 0,
    /// so every item can scroll to the active slot.
    public func contentSize(itemCount: Int, viewSize: CGSize) -> CGSize {
        CGSize(width: viewSize.width, height: CGFloat(max(0, itemCount - 1)) * itemHeight + viewSize.height)
    }

    /// The indices to lay out for `rect` (in content coordinates), as the original's
    /// `layoutAttributesForElementsInRect:`.
    ///
    /// With `first = floor(rect.minY / itemHeight)`, `last = floor(rect.maxY / itemHeight)`,
    /// `active = (first + last) / 2` (integer division) and `m =` ``maximumVisibleItems``, the range is
    /// `max(0, active - m/2) ..< min(itemCount, active + m/2)`; when its upper end is `itemCount` (the last
    /// page) its lower end becomes `max(0, itemCount - m)`. A rect far above the content gives an empty range.
    ///
    /// - Throws: ``LayoutError`` when `itemCount < 0` or `rect` is not finite or has a negative size.
    public func visibleItems(in rect: CGRect, itemCount: Int) throws(LayoutError) -> Range<Int> {
        try Validation.count(itemCount, "itemCount")
        try Validation.rect(rect, "rect")
        let height = Double(itemHeight)
        let first = Int(clampingTowardZero: (Double(rect.origin.y) / height).rounded(.down))
        let last = Int(clampingTowardZero: (Double(rect.origin.y + rect.size.height) / height).rounded(.down))
        let active = (first + last) / 2
        let maximum = maximumVisibleItems
        var lower = max(0, active - maximum / 2)
        let upper = min(itemCount, active + maximum / 2)
        if upper == itemCount {
            lower = max(0, itemCount - maximum)
        }
        return lower..<max(lower, upper)
    }

    /// The attributes of item `index` when the view is `viewSize` and scrolled to `contentOffsetY`, as the
    /// original's `layoutAttributesForItemAtIndexPath:` (see the type's description for the formulas).
    ///
    /// - Throws: ``LayoutError`` when `viewSize` is negative or not finite, `contentOffsetY` is not
    ///   finite, or the wheel would turn by more than ``LayoutLimits/maximumLength`` degrees.
    public func attributes(forItemAt index: Int, viewSize: CGSize, contentOffsetY: CGFloat) throws(LayoutError)
        -> DialItemAttributes
    {
        try Validation.size(viewSize, "view")
        try Validation.finite(contentOffsetY, "contentOffsetY")

        let position = CGFloat(index) - contentOffsetY / itemHeight
        // A tiny itemHeight under a large offset would turn the wheel by an infinite angle.
        try Validation.finite(angularSpacing * position, "wheel angle (angularSpacing × position)")
        let scale = max(0.6, 1 - abs(position * 0.25))
        let middleY = viewSize.height / 2 + contentOffsetY
        let center: CGPoint
        let translation: CGPoint
        let degrees: CGFloat
        switch alignment {
        case .left:
            center = CGPoint(x: -radius + xOffset, y: middleY)
            translation = CGPoint(x: radius + cellSize.width / 2 * scale, y: 0)
            degrees = angularSpacing * position
        case .right:
            center = CGPoint(x: radius - xOffset + viewSize.width, y: middleY)
            translation = CGPoint(x: -radius - cellSize.width / 2 * scale, y: 0)
            degrees = -angularSpacing * position
        case .center:
            center = CGPoint(x: viewSize.width / 2 + xOffset, y: middleY + radius)
            translation = CGPoint(x: 0, y: -radius)
            degrees = angularSpacing * position
        }
        let transform = LayoutTransform.scale(scale)
            .concatenating(.translation(x: translation.x, y: translation.y))
            .concatenating(.rotation(degrees: degrees))
        let moved = transform.apply(to: .zero)
        return DialItemAttributes(
            index: index, wheelPosition: position, center: center, size: cellSize, scale: scale, alpha: scale,
            zIndex: index, rotationDegrees: degrees, translation: translation, transform: transform,
            visibleCenter: CGPoint(x: center.x + moved.x, y: center.y + moved.y))
    }

    /// Lays out what a `viewSize` view scrolled to `contentOffsetY` shows: the items of
    /// ``visibleItems(in:itemCount:)`` for the visible rect `(0, contentOffsetY, viewSize)`, with their
    /// attributes.
    ///
    /// - Throws: ``LayoutError`` when `itemCount < 0`, `viewSize` is negative or not finite, or
    ///   `contentOffsetY` is not finite.
    /// - Complexity: O(min(`itemCount`, ``maximumVisibleItems``)).
    public func layout(itemCount: Int, viewSize: CGSize, contentOffsetY: CGFloat) throws(LayoutError)
        -> DialLayoutResult
    {
        try Validation.size(viewSize, "view")
        try Validation.finite(contentOffsetY, "contentOffsetY")
        let visibleRect = CGRect(x: 0, y: contentOffsetY, width: viewSize.width, height: viewSize.height)
        let range = try visibleItems(in: visibleRect, itemCount: itemCount)
        var items: [DialItemAttributes] = []
        items.reserveCapacity(range.count)
        for index in range {
            items.append(try attributes(forItemAt: index, viewSize: viewSize, contentOffsetY: contentOffsetY))
        }
        return DialLayoutResult(
            viewSize: viewSize, contentOffsetY: contentOffsetY, visibleRect: visibleRect,
            contentSize: contentSize(itemCount: itemCount, viewSize: viewSize), itemCount: itemCount,
            visibleItems: range, items: items)
    }
}
