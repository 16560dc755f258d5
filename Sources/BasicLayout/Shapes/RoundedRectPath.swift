import Foundation

/// The outline of a rectangle with its own radius on each corner, as path segments and SVG path data.
///
/// The radii are first clamped with ``CornerRadii/clamped(to:)`` (CSS's rule), so neighbouring corners
/// never overlap. The outline starts at the end of the top-left corner, runs clockwise on screen
/// (top edge, top-right corner, right edge, …) and closes; a zero radius makes a sharp corner (no arc),
/// and an edge the corners use up entirely gets no line.
///
/// ```swift
/// let path = try RoundedRectPath(
///     rect: CGRect(x: 0, y: 0, width: 100, height: 50),
///     radii: CornerRadii(topLeft: 10, topRight: 0, bottomLeft: 0, bottomRight: 20))
/// path.svgPathData
/// // M10 0 L100 0 L100 30 A20 20 0 0 1 80 50 L0 50 L0 10 A10 10 0 0 1 10 0 Z
/// ```
public struct RoundedRectPath: Sendable, Hashable {
    /// The rectangle outlined.
    public let rect: CGRect
    /// The radii actually drawn: the requested ones after clamping.
    public let radii: CornerRadii
    /// The outline: one move, lines and arcs, then a close.
    public let segments: [PathSegment]

    /// Builds the outline of `rect` with `radii`, clamped so they fit.
    ///
    /// - Throws: ``LayoutError`` when `rect` has a non-finite origin or a negative or non-finite size,
    ///   or a radius is negative or not finite.
    public init(rect: CGRect, radii: CornerRadii) throws(LayoutError) {
        try Validation.rect(rect, "rect")
        try Validation.length(radii.topLeft, "topLeft radius")
        try Validation.length(radii.topRight, "topRight radius")
        try Validation.length(radii.bottomLeft, "bottomLeft radius")
        try Validation.length(radii.bottomRight, "bottomRight radius")
        self.rect = rect
        self.radii = radii.clamped(to: rect.size)
        self.segments = Self.outline(of: rect, radii: self.radii)
    }

    /// The outline as SVG path data (`M … L … A … Z`), numbers compactly formatted (at most four
    /// decimals, trailing zeros trimmed, never `-0`).
    public var svgPathData: String {
        var commands: [String] = []
        for segment in segments {
            switch segment {
            case .move(let point):
                commands.append("M\(Self.format(point))")
            case .line(let point):
                commands.append("L\(Self.format(point))")
            case .arc(_, let radius, _, _, let end):
                let r = CompactNumber.format(radius)
                commands.append("A\(r) \(r) 0 0 1 \(Self.format(end))")
            case .close:
                commands.append("Z")
            }
        }
        return commands.joined(separator: " ")
    }

    private static func format(_ point: CGPoint) -> String {
        "\(CompactNumber.format(point.x)) \(CompactNumber.format(point.y))"
    }

    /// The clockwise outline: for each corner an optional straight edge leading to it, then its arc.
    private static func outline(of rect: CGRect, radii: CornerRadii) -> [PathSegment] {
        let minX = rect.origin.x
        let minY = rect.origin.y
        let maxX = minX + rect.size.width
        let maxY = minY + rect.size.height
        let halfPi = CGFloat.pi / 2

        // Each corner: where its arc starts and ends, and the arc's centre and start angle.
        let corners: [(start: CGPoint, end: CGPoint, radius: CGFloat, center: CGPoint, angle: CGFloat)] = [
            (
                CGPoint(x: maxX - radii.topRight, y: minY), CGPoint(x: maxX, y: minY + radii.topRight),
                radii.topRight, CGPoint(x: maxX - radii.topRight, y: minY + radii.topRight), -halfPi
            ),
            (
                CGPoint(x: maxX, y: maxY - radii.bottomRight), CGPoint(x: maxX - radii.bottomRight, y: maxY),
                radii.bottomRight, CGPoint(x: maxX - radii.bottomRight, y: maxY - radii.bottomRight), 0
            ),
            (
                CGPoint(x: minX + radii.bottomLeft, y: maxY), CGPoint(x: minX, y: maxY - radii.bottomLeft),
                radii.bottomLeft, CGPoint(x: minX + radii.bottomLeft, y: maxY - radii.bottomLeft), halfPi
            ),
            (
                CGPoint(x: minX, y: minY + radii.topLeft), CGPoint(x: minX + radii.topLeft, y: minY),
                radii.topLeft, CGPoint(x: minX + radii.topLeft, y: minY + radii.topLeft), .pi
            ),
        ]

        let start = CGPoint(x: minX + radii.topLeft, y: minY)
        var segments: [PathSegment] = [.move(to: start)]
        var current = start
        for (index, corner) in corners.enumerated() {
            let isLast = index == corners.count - 1
            // The close draws the final edge when it leads straight back to the start.
            let closesOnItsOwn = isLast && corner.radius == 0
            if corner.start != current, !closesOnItsOwn {
                segments.append(.line(to: corner.start))
                current = corner.start
            }
            if corner.radius > 0 {
                segments.append(
                    .arc(
                        center: corner.center, radius: corner.radius, startAngle: corner.angle,
                        endAngle: corner.angle + halfPi, end: corner.end))
                current = corner.end
            }
        }
        segments.append(.close)
        return segments
    }
}
