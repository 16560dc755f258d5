import Foundation

/// Square items in rows of `columns`, filling a container's width: the Budejie "Me" page footer.
///
/// Item `i` sits in column `i % columns` and row `i / columns`. With spacing `s` and insets, every item
/// is a square of side
///
/// ```
/// w = (width - insets.left - insets.right - s·(columns - 1)) / columns
/// ```
///
/// and its frame is `(insets.left + (i % columns)·(w + s), insets.top + (i / columns)·(w + s), w, w)`.
/// Without spacing and insets this is the original `x = (i % columns)·w, y = (i / columns)·w`,
/// `w = width / columns`. The container's height is the last item's `maxY` plus `insets.bottom`, and 0
/// when there are no items.
///
/// ```swift
/// let grid = try GridLayout(columns: 4).layout(count: 10, width: 375)
/// grid.itemSize          // 93.75 × 93.75
/// grid.containerSize     // 375 × 281.25 (three rows)
/// ```
public struct GridLayout: Sendable, Hashable {
    /// The most items one layout places: 100,000. Each item is a frame in memory, so a mistyped
    /// count of 100 million would otherwise ask for gigabytes.
    public static let maximumCount = 100_000

    /// The number of items in a row; the Budejie page uses 4.
    public var columns: Int
    /// The gap between neighbouring items, horizontally and vertically.
    public var spacing: CGFloat
    /// The distances from the container's edges to the items.
    public var insets: LayoutInsets

    /// Creates a grid layout; nothing is checked until ``layout(count:width:)``.
    public init(columns: Int = 4, spacing: CGFloat = 0, insets: LayoutInsets = .zero) {
        self.columns = columns
        self.spacing = spacing
        self.insets = insets
    }

    /// Lays out `count` square items across a container `width` points wide.
    ///
    /// - Throws: ``LayoutError`` when `columns < 1`, `count < 0` or more than ``maximumCount``,
    ///   `width`, `spacing` or an inset is negative, not finite or more than
    ///   ``LayoutLimits/maximumLength``, or the insets and spacing are wider than `width`.
    /// - Complexity: O(`count`).
    public func layout(count: Int, width: CGFloat) throws(LayoutError) -> GridLayoutResult {
        guard columns >= 1 else { throw .invalidColumns(columns) }
        try Validation.count(count, "count", maximum: Self.maximumCount)
        try Validation.length(width, "width")
        try Validation.length(spacing, "spacing")
        try Validation.length(insets.top, "top inset")
        try Validation.length(insets.left, "left inset")
        try Validation.length(insets.bottom, "bottom inset")
        try Validation.length(insets.right, "right inset")

        let reserved = insets.left + insets.right + spacing * CGFloat(columns - 1)
        guard reserved <= width else { throw .itemsDoNotFit(width: width, reserved: reserved) }
        let side = (width - reserved) / CGFloat(columns)
        let step = side + spacing

        let frames = (0..<count).map { index in
            CGRect(
                x: insets.left + CGFloat(index % columns) * step,
                y: insets.top + CGFloat(index / columns) * step,
                width: side,
                height: side)
        }
        let height = frames.last.map { $0.maxY + insets.bottom } ?? 0
        let rows = count / columns + (count % columns == 0 ? 0 : 1)
        return GridLayoutResult(
            columns: columns, rows: rows, itemSize: CGSize(width: side, height: side), frames: frames,
            containerSize: CGSize(width: width, height: height))
    }
}
