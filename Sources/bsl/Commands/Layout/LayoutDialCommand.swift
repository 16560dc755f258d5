import BasicCLI
import BasicCore
import BasicLayout
import Foundation

/// `bsl layout dial …`: i博客园's wheel, laid out for the visible rect.
struct LayoutDialCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dial",
        abstract: "Lay out i博客园's dial (wheel) for the rect x 0, y --offset-y, the view's size.")

    /// Which side the wheel's hub is on.
    enum Alignment: String, CaseIterable, ExpressibleByArgument {
        case left, right, center

        var dialAlignment: DialAlignment {
            switch self {
            case .left: .left
            case .right: .right
            case .center: .center
            }
        }
    }

    @Option(help: ArgumentHelp("The number of items.", valueName: "n")) var count: Int
    @Option(help: ArgumentHelp("Scroll distance per item.", valueName: "points")) var itemHeight: Double
    @Option(help: ArgumentHelp("Angle between neighbouring items.", valueName: "degrees")) var angularSpacing: Double
    @Option(help: ArgumentHelp("The wheel's radius.", valueName: "points")) var radius: Double
    @Option(help: ArgumentHelp("How far the wheel's edge reaches in.", valueName: "points")) var xOffset: Double = 0
    @Option(help: ArgumentHelp("Each cell's size.", valueName: "WxH")) var cellSize: LayoutSize
    @Option(help: ArgumentHelp("The collection view's size.", valueName: "WxH")) var viewSize: LayoutSize
    @Option(help: ArgumentHelp("The content offset.", valueName: "points")) var offsetY: Double = 0
    @Option(help: "Which side the wheel's hub is on.") var alignment: Alignment = .left
    @OptionGroup var output: LayoutOutputOptions

    func run() async throws {
        let terminal = Terminal()
        let result = try LayoutCommands.compute { () throws(LayoutError) in
            let layout = try DialLayout(
                itemHeight: CGFloat(itemHeight), angularSpacing: CGFloat(angularSpacing), radius: CGFloat(radius),
                xOffset: CGFloat(xOffset), cellSize: cellSize.size, alignment: alignment.dialAlignment)
            return try layout.layout(itemCount: count, viewSize: viewSize.size, contentOffsetY: CGFloat(offsetY))
        }
        try output.writeSVG(.dial(result))
        if output.json {
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
