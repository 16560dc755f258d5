import Foundation

/// How an ``SVGElement`` shape is painted: its `fill`, `stroke`, `stroke-width` and `opacity` attributes.
///
/// Colours are SVG paint strings (`"none"`, `"#4a90d9"`, `"steelblue"`); they are escaped when rendered.
public struct SVGStyle: Sendable, Hashable {
    /// The fill paint; `"none"` for an outline.
    public var fill: String
    /// The stroke paint, or `nil` for no stroke.
    public var stroke: String?
    /// The stroke's width in user units; ignored without a stroke.
    public var strokeWidth: CGFloat
    /// The shape's opacity in `0...1`, or `nil` to leave it opaque.
    public var opacity: CGFloat?

    /// Creates a style from its paints.
    public init(fill: String, stroke: String? = nil, strokeWidth: CGFloat = 1, opacity: CGFloat? = nil) {
        self.fill = fill
        self.stroke = stroke
        self.strokeWidth = strokeWidth
        self.opacity = opacity
    }

    /// A container or view outline: no fill, a grey stroke.
    public static let outline = SVGStyle(fill: "none", stroke: "#888888", strokeWidth: 1)
    /// A laid-out item (a grid cell, a dial cell): pale blue with a blue border.
    public static let item = SVGStyle(fill: "#dbe9f7", stroke: "#4a90d9", strokeWidth: 1)
    /// A button's image: pale orange with an orange border.
    public static let image = SVGStyle(fill: "#fde3c8", stroke: "#e8871e", strokeWidth: 1)
    /// A button's title: pale green with a green border.
    public static let title = SVGStyle(fill: "#dff2d8", stroke: "#4c9a2a", strokeWidth: 1)
    /// A ripple ring: a blue stroke and no fill.
    public static let ring = SVGStyle(fill: "none", stroke: "#4a90d9", strokeWidth: 2)
    /// A solid marker (a dial's hub, a ripple's button).
    public static let marker = SVGStyle(fill: "#4a90d9")
}
