import BasicCore
import BasicLayout
import Foundation

/// `bsl layout dial …`: i博客园's wheel, laid out for the visible rect.
struct LayoutDialCommand: Command {
    static let spec = CommandSpec(
        name: "dial",
        abstract: "Lay out i博客园's dial (wheel) for the rect x 0, y --offset-y, the view's size.",
        options: [
            .required("count", "n", help: "The number of items."),
            .required("item-height", "points", help: "Scroll distance per item."),
            .required("angular-spacing", "degrees", help: "Angle between neighbouring items."),
            .required("radius", "points", help: "The wheel's radius."),
            .value("x-offset", "points", help: "How far the wheel's edge reaches in (default 0)."),
            .required("cell-size", "WxH", help: "Each cell's size."),
            .required("view-size", "WxH", help: "The collection view's size."),
            .value("offset-y", "points", help: "The content offset (default 0)."),
            .value("alignment", "left|right|center", help: "Which side the wheel's hub is on (default left)."),
            LayoutCommands.jsonOption,
            LayoutCommands.svgOption,
        ])

    let count: Int
    let layout: DialLayout
    let viewSize: CGSize
    let offsetY: Double
    let json: Bool
    let svg: String?

    init(_ arguments: ParsedArguments) throws {
        let count = try arguments.requiredInt("count")
        let itemHeight = try arguments.requiredDouble("item-height")
        let spacing = try arguments.requiredDouble("angular-spacing")
        let radius = try arguments.requiredDouble("radius")
        let cell = try arguments.requiredSize("cell-size")
        let view = try arguments.requiredSize("view-size")
        let alignmentText = arguments.value("alignment") ?? "left"
        guard let alignment = DialAlignment(rawValue: alignmentText) else {
            throw UsageError("the option --alignment takes left, right or center, not '\(alignmentText)'")
        }
        let xOffset = try arguments.double("x-offset") ?? 0
        self.count = count
        viewSize = CGSize(width: view.width, height: view.height)
        offsetY = try arguments.double("offset-y") ?? 0
        json = arguments.flag("json")
        svg = arguments.value("svg")
        layout = try LayoutCommands.compute { () throws(LayoutError) in
            try DialLayout(
                itemHeight: CGFloat(itemHeight), angularSpacing: CGFloat(spacing), radius: CGFloat(radius),
                xOffset: CGFloat(xOffset), cellSize: CGSize(width: cell.width, height: cell.height),
                alignment: alignment)
        }
    }

    func run(_ terminal: Terminal) async throws {
        let result = try LayoutCommands.compute { () throws(LayoutError) in
            try layout.layout(itemCount: count, viewSize: viewSize, contentOffsetY: CGFloat(offsetY))
        }
        try LayoutCommands.writeSVG(.dial(result), to: svg)
        if json {
            let items: [JSONValue] = result.items.map { item in
                [
                    "index": .integer(Int64(item.index)),
                    "center": LayoutJSON.point(item.center),
                    "size": LayoutJSON.size(item.size),
                    "transform": LayoutJSON.transform(item.transform),
                    "visibleCenter": LayoutJSON.point(item.visibleCenter),
                    "alpha": LayoutJSON.number(item.alpha),
                    "zIndex": .integer(Int64(item.zIndex)),
                ]
            }
            terminal.print(JSONValue.object(["items": .array(items)]).jsonString())
            return
        }
        let rows = result.items.map { item in
            [String(item.index)]
                + [
                    item.scale, item.rotationDegrees, item.visibleCenter.x, item.visibleCenter.y, item.alpha,
                ].map(LayoutTable.format)
        }
        terminal.print("visible items: \(result.visibleItems.lowerBound)..<\(result.visibleItems.upperBound)")
        if !rows.isEmpty {
            terminal.print(
                LayoutTable.render(header: ["item", "scale", "rotation°", "screen x", "screen y", "alpha"], rows: rows))
        }
    }
}
