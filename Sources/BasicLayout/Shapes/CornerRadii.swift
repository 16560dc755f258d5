import Foundation

/// A radius for each corner of a rectangle: BasicServicesLib's `UICornerRadiusMake(tl, tr, bl, br)`.
///
/// ```swift
/// let radii = CornerRadii(topLeft: 12, topRight: 12, bottomLeft: 0, bottomRight: 0)
/// let path = try RoundedRectPath(rect: CGRect(x: 0, y: 0, width: 120, height: 40), radii: radii)
/// ```
public struct CornerRadii: Sendable, Hashable {
    /// The top-left corner's radius.
    public var topLeft: CGFloat
    /// The top-right corner's radius.
    public var topRight: CGFloat
    /// The bottom-left corner's radius.
    public var bottomLeft: CGFloat
    /// The bottom-right corner's radius.
    public var bottomRight: CGFloat

    /// Creates radii in `UICornerRadiusMake`'s order: top-left, top-right, bottom-left, bottom-right.
    public init(topLeft: CGFloat, topRight: CGFloat, bottomLeft: CGFloat, bottomRight: CGFloat) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
    }

    /// The same radius on all four corners.
    public init(all radius: CGFloat) {
        self.init(topLeft: radius, topRight: radius, bottomLeft: radius, bottomRight: radius)
    }

    /// Square corners.
    public static let zero = CornerRadii(all: 0)

    /// The radii scaled down so that neighbouring corners never overlap on a `size` rectangle.
    ///
    /// This is CSS's `border-radius` rule: every radius is multiplied by the same factor
    ///
    /// ```
    /// f = min(1, W / (topLeft + topRight), W / (bottomLeft + bottomRight),
    ///            H / (topLeft + bottomLeft), H / (topRight + bottomRight))
    /// ```
    ///
    /// where a side whose two radii sum to 0 does not count. Radii that already fit come back unchanged;
    /// negative radii count as 0.
    public func clamped(to size: CGSize) -> CornerRadii {
        let radii = CornerRadii(
            topLeft: max(0, topLeft), topRight: max(0, topRight),
            bottomLeft: max(0, bottomLeft), bottomRight: max(0, bottomRight))
        let sides: [(length: CGFloat, sum: CGFloat)] = [
            (size.width, radii.topLeft + radii.topRight),
            (size.width, radii.bottomLeft + radii.bottomRight),
            (size.height, radii.topLeft + radii.bottomLeft),
            (size.height, radii.topRight + radii.bottomRight),
        ]
        let factor = sides.reduce(CGFloat(1)) { factor, side in
            side.sum > 0 ? min(factor, max(0, side.length) / side.sum) : factor
        }
        guard factor < 1 else { return radii }
        return CornerRadii(
            topLeft: radii.topLeft * factor, topRight: radii.topRight * factor,
            bottomLeft: radii.bottomLeft * factor, bottomRight: radii.bottomRight * factor)
    }
}
