import Foundation

/// The cells a ``DialLayout`` shows for one scroll position.
public struct DialLayoutResult: Sendable, Hashable {
    /// The view's size.
    public let viewSize: CGSize
    /// The vertical content offset the layout was computed for.
    public let contentOffsetY: CGFloat
    /// The rectangle on screen in content coordinates: `(0, contentOffsetY, viewSize)`.
    public let visibleRect: CGRect
    /// The scrollable content size (see ``DialLayout/contentSize(itemCount:viewSize:)``).
    public let contentSize: CGSize
    /// The total number of items.
    public let itemCount: Int
    /// The indices laid out (see ``DialLayout/visibleItems(in:itemCount:)``).
    public let visibleItems: Range<Int>
    /// The attributes of each index in ``visibleItems``, in order.
    public let items: [DialItemAttributes]

    /// Creates a result from its parts; ``DialLayout/layout(itemCount:viewSize:contentOffsetY:)`` is the
    /// usual source.
    public init(
        viewSize: CGSize, contentOffsetY: CGFloat, visibleRect: CGRect, contentSize: CGSize, itemCount: Int,
        visibleItems: Range<Int>, items: [DialItemAttributes]
    ) {
        self.viewSize = viewSize
        self.contentOffsetY = contentOffsetY
        self.visibleRect = visibleRect
        self.contentSize = contentSize
        self.itemCount = itemCount
        self.visibleItems = visibleItems
        self.items = items
    }
}
