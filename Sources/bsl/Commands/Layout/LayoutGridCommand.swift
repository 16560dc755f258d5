import BasicCore
import BasicLayout
import Foundation

/// `bsl layout grid --count N [--columns 4] --width W [--spacing S] [--json] [--svg FILE]`
struct LayoutGridCommand: Command {
    static let spec = CommandSpec(
        name: "grid",
        abstract: "Lay out the \"Me\" page's square grid: item frames and the container height.",
        options: [
            .required("count", "n", help: "The number of items."),
            .value("columns", "n", help: "Items per row (default 4, as the Budejie page)."),
            .required("width", "points", help: "The container's width."),
            .value("spacing", "points", help: "Space between items (default 0)."),
            LayoutCommands.jsonOption,
            LayoutCommands.svgOption,
        ])

    let count: Int
    let columns: Int
    let width: Double
    let spacing: Double
    let json: Bool
    let svg: String?

    init(_ arguments: ParsedArguments) throws {
        let count = try arguments.requiredInt("count")
        let width = try arguments.requiredDouble("width")
        self.count = count
        self.width = width
        columns = try arguments.int("columns") ?? 4
        spacing = try arguments.double("spacing") ?? 0
        json = arguments.flag("json")
        svg = arguments.value("svg")
    }

    func run(_ terminal: Terminal) async throws {
        let layout = GridLayout(columns: columns, spacing: CGFloat(spacing))
        let result = try LayoutCommands.compute { () throws(LayoutError) in
            try layout.layout(count: count, width: CGFloat(width))
        }
        try LayoutCommands.writeSVG(.grid(result), to: svg)
        if json {
            let object: JSONValue = [
                "height": LayoutJSON.number(result.containerSize.height),
                "frames": .array(result.frames.map(LayoutJSON.frame)),
            ]
            terminal.print(object.jsonString())
            return
        }
        let rows = result.frames.enumerated().map { index, frame in
            [String(index)]
                + [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map(LayoutTable.format)
        }
        if !rows.isEmpty {
            terminal.print(LayoutTable.render(header: ["item", "x", "y", "width", "height"], rows: rows))
        }
        terminal.print("container height: \(LayoutTable.format(result.containerSize.height))")
    }
}
