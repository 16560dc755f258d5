import Foundation

/// Where a ``DialLayout`` puts one cell: what `UICollectionViewLayoutAttributes` would carry.
///
/// An iOS layout copies ``center``, ``size``, ``alpha``, ``zIndex`` and ``transform`` onto its
/// attributes. UIKit applies the transform about the cell's centre, so a point `p` of the cell (relative
/// to its centre) appears at `center + transform.apply(to: p)`; ``visibleCenter`` is that for `p = 0`.
public struct DialItemAttributes: Sendable, Hashable {
    /// The item's index in the collection.
    public let index: Int
    /// The item's position on the wheel relative to the active slot: `index - contentOffset.y / itemHeight`.
    public let wheelPosition: CGFloat
    /// The untransformed centre: the wheel's hub, in content coordinates.
    public let center: CGPoint
    /// The cell's untransformed size.
    public let size: CGSize
    /// The uniform scale, `max(0.6, 1 - |wheelPosition · 0.25|)`.
    public let scale: CGFloat
    /// The opacity; equal to ``scale``.
    public let alpha: CGFloat
    /// The stacking order; equal to ``index``, so later items draw on top.
    public let zIndex: Int
    /// The rotation in degrees (positive turns clockwise on screen).
    public let rotationDegrees: CGFloat
    /// The translation applied after scaling and before rotating.
    public let translation: CGPoint
    /// `scale`, then `translation`, then `rotation`: the cell's transform about its centre.
    public let transform: LayoutTransform
    /// Where the cell's centre appears: `center + transform.apply(to: .zero)`.
    public let visibleCenter: CGPoint

    /// Creates attributes from their parts; ``DialLayout`` is the usual source.
    public init(
        index: Int, wheelPosition: CGFloat, center: CGPoint, size: CGSize, scale: CGFloat, alpha: CGFloat,
        zIndex: Int, rotationDegrees: CGFloat, translation: CGPoint, transform: LayoutTransform,
        visibleCenter: CGPoint
    ) {
        self.index = index
        self.wheelPosition = wheelPosition
        self.center = center
        self.size = size
        self.scale = scale
        self.alpha = alpha
        self.zIndex = zIndex
        self.rotationDegrees = rotationDegrees
        self.translation = translation
        self.transform = transform
        self.visibleCenter = visibleCenter
    }
}
