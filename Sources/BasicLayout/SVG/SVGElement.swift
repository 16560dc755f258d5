import BasicFormat
import Foundation

/// One drawable piece of an ``SVGDocument``.
public indirect enum SVGElement: Sendable, Hashable {
    /// A rectangle, `<rect>`.
    case rect(CGRect, style: SVGStyle)
    /// A circle, `<circle>`.
    case circle(center: CGPoint, radius: CGFloat, style: SVGStyle)
    /// A path, `<path d="…">`, with data such as ``RoundedRectPath/svgPathData``.
    case path(data: String, style: SVGStyle)
    /// A label of `fontSize` units centred on `center`, `<text>`; the text is escaped.
    case text(String, center: CGPoint, fontSize: CGFloat)
    /// Elements drawn together through `transform` (`matrix(a b c d tx ty)`) and faded by `opacity`, `<g>`.
    case group([SVGElement], transform: LayoutTransform?, opacity: CGFloat?)

    /// Appends the element's markup, one tag per line, indented by `depth` levels of two spaces.
    func render(into output: inout String, depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        switch self {
        case .rect(let rect, let style):
            output +=
                "\(indent)<rect x=\"\(Self.number(rect.origin.x))\" y=\"\(Self.number(rect.origin.y))\" "
                + "width=\"\(Self.number(rect.size.width))\" height=\"\(Self.number(rect.size.height))\""
                + "\(Self.attributes(style))/>\n"
        case .circle(let center, let radius, let style):
            output +=
                "\(indent)<circle cx=\"\(Self.number(center.x))\" cy=\"\(Self.number(center.y))\" "
                + "r=\"\(Self.number(radius))\"\(Self.attributes(style))/>\n"
        case .path(let data, let style):
            output += "\(indent)<path d=\"\(HTMLText.escapingAttribute(data))\"\(Self.attributes(style))/>\n"
        case .text(let text, let center, let fontSize):
            output +=
                "\(indent)<text x=\"\(Self.number(center.x))\" y=\"\(Self.number(center.y))\" "
                + "font-size=\"\(Self.number(fontSize))\" font-family=\"sans-serif\" text-anchor=\"middle\" "
                + "dominant-baseline=\"central\">\(HTMLText.escapingText(text))</text>\n"
        case .group(let elements, let transform, let opacity):
            var open = "\(indent)<g"
            if let transform { open += " transform=\"\(transform.description)\"" }
            if let opacity { open += " opacity=\"\(Self.number(opacity))\"" }
            output += open + ">\n"
            for element in elements { element.render(into: &output, depth: depth + 1) }
            output += "\(indent)</g>\n"
        }
    }

    private static func number(_ value: CGFloat) -> String {
        CompactNumber.format(value)
    }

    private static func attributes(_ style: SVGStyle) -> String {
        var text = " fill=\"\(HTMLText.escapingAttribute(style.fill))\""
        if let stroke = style.stroke {
            text += " stroke=\"\(HTMLText.escapingAttribute(stroke))\" stroke-width=\"\(number(style.strokeWidth))\""
        }
        if let opacity = style.opacity { text += " opacity=\"\(number(opacity))\"" }
        return text
    }
}
