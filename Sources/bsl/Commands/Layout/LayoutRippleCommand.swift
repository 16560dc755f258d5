import BasicCLI
import BasicCore
import BasicLayout
import Foundation

/// `bsl layout ripple --at T [--interval I] [--count C] [--json]`
struct LayoutRippleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ripple",
        abstract: "The live rings of i博客园's ripple button at a moment: each ring's scale and alpha.")

    @Option(help: ArgumentHelp("The moment, in seconds since the first ring started.", valueName: "seconds"))
    var at: Double
    @Option(help: ArgumentHelp("Time between ring starts.", valueName: "seconds")) var interval = 0.5
    @Option(help: ArgumentHelp("How many rings in all; -1 repeats forever.", valueName: "n")) var count = -1
    @OptionGroup var output: LayoutOutputOptions

    func run() async throws {
        let terminal = Terminal()
        let rings = try LayoutCommands.compute { () throws(LayoutError) in
            try RippleTimeline(repeatInterval: interval, repeatCount: count).checkedRings(at: at)
        }
        try output.writeSVG(.ripple(rings, canvasSize: CGSize(width: 200, height: 200), buttonRadius: 30))
        if output.json {
            let object: JSONValue = [
                "rings": .array(
                    rings.map { ["scale": LayoutJSON.number($0.scale), "alpha": LayoutJSON.number($0.alpha)] })
            ]
            terminal.print(object.jsonString())
            return
        }
        guard !rings.isEmpty else {
            terminal.print("no live rings at \(LayoutTable.format(at)) s")
            return
        }
        let rows = rings.map { ring in
            [
                String(ring.index), LayoutTable.format(ring.startTime), LayoutTable.format(ring.scale),
                LayoutTable.format(ring.alpha),
            ]
        }
        terminal.print(LayoutTable.render(header: ["ring", "started", "scale", "alpha"], rows: rows))
    }
}
