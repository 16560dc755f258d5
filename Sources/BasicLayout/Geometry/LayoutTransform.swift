import Foundation

/// A 2-D affine transform in the row-vector convention of Core Graphics' `CGAffineTransform`.
///
/// A point `(x, y)` maps to
///
/// ```
/// x' = a·x + c·y + tx
/// y' = b·x + d·y + ty
/// ```
///
/// so the six numbers can be copied straight into a `CGAffineTransform(a:b:c:d:tx:ty:)` on iOS, or into
/// an SVG `transform="matrix(a b c d tx ty)"` attribute, which uses the same order.
///
/// ```swift
/// let t = LayoutTransform.scale(2).concatenating(.translation(x: 10, y: 0))
/// t.apply(to: CGPoint(x: 1, y: 1))  // (12, 2): scaled first, then translated
/// ```
public struct LayoutTransform: Sendable, Hashable, CustomStringConvertible {
    /// The x-scale (and rotation) entry: how much of `x` goes into `x'`.
    public var a: CGFloat
    /// How much of `x` goes into `y'`.
    public var b: CGFloat
    /// How much of `y` goes into `x'`.
    public var c: CGFloat
    /// The y-scale (and rotation) entry: how much of `y` goes into `y'`.
    public var d: CGFloat
    /// The horizontal translation added to `x'`.
    public var tx: CGFloat
    /// The vertical translation added to `y'`.
    public var ty: CGFloat

    /// Creates a transform from its six entries, in `CGAffineTransform`'s order.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that leaves every point where it is.
    public static let identity = LayoutTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Whether this transform leaves every point where it is.
    public var isIdentity: Bool { self == .identity }

    /// A uniform scale about the origin, as `CGAffineTransformMakeScale(factor, factor)`.
    public static func scale(_ factor: CGFloat) -> LayoutTransform {
        scale(x: factor, y: factor)
    }

    /// A scale about the origin by `x` horizontally and `y` vertically, as `CGAffineTransformMakeScale(x, y)`.
    public static func scale(x: CGFloat, y: CGFloat) -> LayoutTransform {
        LayoutTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A translation by `(x, y)`, as `CGAffineTransformMakeTranslation(x, y)`.
    public static func translation(x: CGFloat, y: CGFloat) -> LayoutTransform {
        LayoutTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A rotation about the origin by `radians`, as `CGAffineTransformMakeRotation(radians)`.
    ///
    /// The entries are `a = cos θ, b = sin θ, c = -sin θ, d = cos θ`. In a y-down (UIKit, SVG) coordinate
    /// system a positive angle turns clockwise on screen.
    public static func rotation(radians: CGFloat) -> LayoutTransform {
        let angle = Double(radians)
        return rotation(cosine: CGFloat(cos(angle)), sine: CGFloat(sin(angle)))
    }

    /// A rotation about the origin by `degrees`; positive turns clockwise on screen (y down).
    ///
    /// Whole quarter turns (…, -90, 0, 90, 180, …) give exact entries (0, 1 or -1) rather than the
    /// nearly-zero `cos(π/2)`, so a layout rotated by them can be checked exactly. Every other angle is
    /// `rotation(radians: degrees · π / 180)`.
    public static func rotation(degrees: CGFloat) -> LayoutTransform {
        let value = Double(degrees)
        if value.isFinite, value.truncatingRemainder(dividingBy: 90) == 0 {
            let quarterTurns = Int(value.truncatingRemainder(dividingBy: 360) / 90)
            switch (quarterTurns + 4) % 4 {
            case 1: return rotation(cosine: 0, sine: 1)
            case 2: return rotation(cosine: -1, sine: 0)
            case 3: return rotation(cosine: 0, sine: -1)
            default: return .identity
            }
        }
        return rotation(radians: CGFloat(value * Double.pi / 180))
    }

    private static func rotation(cosine: CGFloat, sine: CGFloat) -> LayoutTransform {
        LayoutTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Returns the transform that applies `self` first and then `other`.
    ///
    /// This is `CGAffineTransformConcat(self, other)` (and `self.concatenating(other)` on
    /// `CGAffineTransform`): in the row-vector convention the matrices multiply as `self × other`, so
    /// `a.concatenating(b).apply(to: p) == b.apply(to: a.apply(to: p))`.
    public func concatenating(_ other: LayoutTransform) -> LayoutTransform {
        LayoutTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// Maps `point` through the transform: `(a·x + c·y + tx, b·x + d·y + ty)`.
    public func apply(to point: CGPoint) -> CGPoint {
        CGPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The six entries as `matrix(a b c d tx ty)`, compactly formatted, ready for an SVG `transform`.
    public var description: String {
        let entries = [a, b, c, d, tx, ty].map { CompactNumber.format($0) }
        return "matrix(\(entries.joined(separator: " ")))"
    }
}
