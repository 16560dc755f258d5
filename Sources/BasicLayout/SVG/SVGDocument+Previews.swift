import Foundation

extension SVGDocument {
    /// A grid's container outline and its items as labelled squares.
    ///
    /// Item `i` is labelled `labels[i]`, or its index when `labels` is shorter. The image is the
    /// container's size.
    ///
    /// ```swift
    /// let svg = SVGDocument.grid(try GridLayout(columns: 4).layout(count: 8, width: 375)).render()
    /// ```
    /// - Complexity: O(number of items).
    public static func grid(_ result: GridLayoutResult, labels: [String] = []) -> SVGDocument {
        let fontSize = max(1, min(result.itemSize.width, result.itemSize.height) / 4)
        var elements: [SVGElement] = [.rect(CGRect(origin: .zero, size: result.containerSize), style: .outline)]
        for (index, frame) in result.frames.enumerated() {
            elements.append(.rect(frame, style: .item))
            elements.append(.text(label(index, labels), center: middle(of: frame), fontSize: fontSize))
        }
        return SVGDocument(
            viewBox: CGRect(origin: .zero, size: result.containerSize), title: "Grid layout", elements: elements)
    }

    /// A button's bounds outline, its image frame (labelled "image") and its title frame (labelled `title`).
    ///
    /// The image shows the bounds and any part of the frames that overflows them.
    public static func button(_ frames: ButtonFrames, title: String = "title") -> SVGDocument {
        let fontSize = max(1, min(frames.titleFrame.size.height / 2, 14))
        let elements: [SVGElement] = [
            .rect(frames.bounds, style: .outline),
            .rect(frames.imageFrame, style: .image),
            .text("image", center: middle(of: frames.imageFrame), fontSize: fontSize),
            .rect(frames.titleFrame, style: .title),
            .text(title, center: middle(of: frames.titleFrame), fontSize: fontSize),
        ]
        let shown = frames.bounds.union(frames.imageFrame).union(frames.titleFrame)
        return SVGDocument(viewBox: shown, title: "Button layout", elements: elements)
    }

    /// A rounded rectangle's outline as one `<path>`, with a one-unit margin for its stroke.
    public static func roundedRect(_ path: RoundedRectPath) -> SVGDocument {
        SVGDocument(
            viewBox: path.rect.insetBy(dx: -1, dy: -1), title: "Rounded rectangle",
            elements: [.path(data: path.svgPathData, style: .item)])
    }

    /// What a dial shows: the visible rect's outline, each cell as a labelled rectangle drawn through its
    /// transform, and the hub as a dot.
    ///
    /// A cell is a `size`-sized rectangle centred on the origin inside a group whose
    /// `transform="matrix(a b c d tx ty)"` is the item's ``DialItemAttributes/transform`` followed by the
    /// move to its ``DialItemAttributes/center``, and whose `opacity` is its alpha; so the group's `tx`
    /// and `ty` are the item's ``DialItemAttributes/visibleCenter``. Cells are drawn in index order
    /// (their zIndex), later on top. Item `i` is labelled `labels[i]`, or its index. The image shows the
    /// visible rect, in content coordinates.
    /// - Complexity: O(number of items).
    public static func dial(_ result: DialLayoutResult, labels: [String] = []) -> SVGDocument {
        var elements: [SVGElement] = [.rect(result.visibleRect, style: .outline)]
        for item in result.items {
            let size = item.size
            let cell = CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
            let matrix = item.transform.concatenating(.translation(x: item.center.x, y: item.center.y))
            let fontSize = max(1, min(size.height * 0.4, 14))
            elements.append(
                .group(
                    [.rect(cell, style: .item), .text(label(item.index, labels), center: .zero, fontSize: fontSize)],
                    transform: matrix, opacity: item.alpha))
        }
        if let hub = result.items.first?.center {
            elements.append(.circle(center: hub, radius: 4, style: .marker))
        }
        return SVGDocument(viewBox: result.visibleRect, title: "Dial layout", elements: elements)
    }

    /// A ripple at one moment: each ring as a circle of `buttonRadius · scale` faded to its alpha, around
    /// the button (a dot of `buttonRadius`) in the middle of a `canvasSize` image.
    ///
    /// ```swift
    /// let rings = try RippleTimeline(repeatInterval: 0.4).rings(at: 1.25)
    /// let svg = SVGDocument.ripple(rings, canvasSize: CGSize(width: 200, height: 200), buttonRadius: 30)
    /// ```
    public static func ripple(_ rings: [RippleRing], canvasSize: CGSize, buttonRadius: CGFloat) -> SVGDocument {
        let center = CGPoint(x: canvasSize.width / 2, y: canvasSize.height / 2)
        var elements: [SVGElement] = []
        for ring in rings {
            var style = SVGStyle.ring
            style.opacity = ring.alpha
            elements.append(.circle(center: center, radius: buttonRadius * ring.scale, style: style))
        }
        elements.append(.circle(center: center, radius: buttonRadius, style: .marker))
        return SVGDocument(viewBox: CGRect(origin: .zero, size: canvasSize), title: "Ripple", elements: elements)
    }

    private static func label(_ index: Int, _ labels: [String]) -> String {
        labels.indices.contains(index) ? labels[index] : String(index)
    }

    private static func middle(of rect: CGRect) -> CGPoint {
        CGPoint(x: rect.origin.x + rect.size.width / 2, y: rect.origin.y + rect.size.height / 2)
    }
}
