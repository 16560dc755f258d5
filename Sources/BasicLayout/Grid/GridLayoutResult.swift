import Foundation

/// The frames a ``GridLayout`` computed, in the container's coordinates.
public struct GridLayoutResult: Sendable, Hashable {
    /// The number of columns the items were laid out in.
    public let columns: Int
    /// The number of rows holding at least one item (0 when there are no items).
    public let rows: Int
    /// The size of every item: a square.
    public let itemSize: CGSize
    /// Item `i`'s frame at index `i`.
    public let frames: [CGRect]
    /// The container's width (as given) and height (the last item's `maxY` plus the bottom inset, or 0).
    public let containerSize: CGSize

    /// Creates a result from its parts; ``GridLayout/layout(count:width:)`` is the usual source.
    public init(columns: Int, rows: Int, itemSize: CGSize, frames: [CGRect], containerSize: CGSize) {
        self.columns = columns
        self.rows = rows
        self.itemSize = itemSize
        self.frames = frames
        self.containerSize = containerSize
    }
}
