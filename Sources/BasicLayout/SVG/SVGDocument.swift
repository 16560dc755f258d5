import BasicFormat
import Foundation

/// A standalone SVG image, so a person can look at a layout in a browser.
///
/// Build one from a layout result with the preview constructors (``grid(_:labels:)``,
/// ``button(_:title:)``, ``roundedRect(_:)``, ``dial(_:labels:)``, ``ripple(_:canvasSize:buttonRadius:)``)
/// or from elements, and call ``render()``. Numbers are formatted compactly (at most four decimals,
/// trailing zeros trimmed, never `-0`) and text is escaped, so the output is deterministic, well-formed XML.
///
/// ```swift
/// let grid = try GridLayout(columns: 4).layout(count: 8, width: 375)
/// try SVGDocument.grid(grid).render().write(toFile: "grid.svg", atomically: true, encoding: .utf8)
/// ```
public struct SVGDocument: Sendable, Hashable {
    /// The region of user space shown; also the image's `width` and `height`.
    public var viewBox: CGRect
    /// A title for the image (`<title>`), or `nil`.
    public var title: String?
    /// What is drawn, back to front.
    public var elements: [SVGElement]

    /// Creates a document showing `viewBox`.
    public init(viewBox: CGRect, title: String? = nil, elements: [SVGElement] = []) {
        self.viewBox = viewBox
        self.title = title
        self.elements = elements
    }

    /// The document as SVG markup: an XML declaration, then one `<svg>` root element.
    ///
    /// - Complexity: O(number of elements).
    public func render() -> String {
        let box = [viewBox.origin.x, viewBox.origin.y, viewBox.size.width, viewBox.size.height]
            .map { CompactNumber.format($0) }
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(box[2])\" height=\"\(box[3])\" "
            + "viewBox=\"\(box.joined(separator: " "))\">\n"
        if let title { output += "  <title>\(HTMLText.escapingText(title))</title>\n" }
        for element in elements { element.render(into: &output, depth: 1) }
        output += "</svg>\n"
        return output
    }
}
