import Foundation

/// Distances from a container's edges to its content, like `UIEdgeInsets`.
///
/// ```swift
/// let insets = LayoutInsets(top: 10, left: 16, bottom: 10, right: 16)
/// ```
public struct LayoutInsets: Sendable, Hashable {
    /// The distance from the container's top edge to the content.
    public var top: CGFloat
    /// The distance from the container's left edge to the content.
    public var left: CGFloat
    /// The distance from the container's bottom edge to the content.
    public var bottom: CGFloat
    /// The distance from the container's right edge to the content.
    public var right: CGFloat

    /// Creates insets from the four distances, in `UIEdgeInsetsMake`'s order.
    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same distance on all four edges.
    public init(all value: CGFloat) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No insets.
    public static let zero = LayoutInsets()
}
