import Foundation

/// One step of an outline, in the y-down coordinates of UIKit and SVG.
///
/// An iOS app replays the segments on a `UIBezierPath`: `move(to:)`, `addLine(to:)`,
/// `addArc(withCenter:radius:startAngle:endAngle:clockwise: true)` and `close()`.
public enum PathSegment: Sendable, Hashable {
    /// Starts a new subpath at the point.
    case move(to: CGPoint)
    /// A straight line from the current point to the point.
    case line(to: CGPoint)
    /// A circular arc around `center`, clockwise on screen, from `startAngle` to `endAngle` (radians,
    /// 0 pointing along +x and π/2 along +y, i.e. down); `end` is the point it finishes at.
    case arc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, end: CGPoint)
    /// A straight line back to the subpath's start, closing it.
    case close
}
