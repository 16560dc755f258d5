import BasicCLI
import BasicCore
import BasicLayout
import Foundation

/// `bsl layout grid --count N [--columns 4] --width W [--spacing S] [--json] [--svg FILE]`
struct LayoutGridCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grid",
        abstract: "Lay out the \"Me\" page's square grid: item frames and the container height.")

    @Option(help: ArgumentHelp("The number of items.", valueName: "n")) var count: Int
    @Option(help: ArgumentHelp("Items per row, as the Budejie page has them.", valueName: "n")) var columns = 4
    @Option(help: ArgumentHelp("The container's width.", valueName: "points")) var width: Double
    @Option(help: ArgumentHelp("Space between items.", valueName: "points")) var spacing: Double = 0
    @OptionGroup var output: LayoutOutputOptions

    func run() async throws {
        let terminal = Terminal()
        let layout = GridLayout(columns: columns, spacing: CGFloat(spacing))
        let result = try LayoutCommands.compute { () throws(LayoutError) in
            try layout.layout(count: count, width: CGFloat(width))
        }
        try output.writeSVG(.grid(result))
        if output.json {
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
