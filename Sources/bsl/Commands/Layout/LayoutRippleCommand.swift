import BasicCore
import BasicLayout
import Foundation

/// `bsl layout ripple --at T [--interval I] [--count C] [--json]`
struct LayoutRippleCommand: Command {
    static let spec = CommandSpec(
        name: "ripple",
        abstract: "The live rings of i博客园's ripple button at a moment: each ring's scale and alpha.",
        options: [
            .required("at", "seconds", help: "The moment, in seconds since the first ring started."),
            .value("interval", "seconds", help: "Time between ring starts (default 0.5)."),
            .value("count", "n", help: "How many rings in all; -1 repeats forever (default -1)."),
            LayoutCommands.jsonOption,
            LayoutCommands.svgOption,
        ])

    let time: Double
    let timeline: RippleTimeline
    let json: Bool
    let svg: String?

    init(_ arguments: ParsedArguments) throws {
        let time = try arguments.requiredDouble("at")
        let interval = try arguments.double("interval") ?? 0.5
        let count = try arguments.int("count") ?? -1
        self.time = time
        timeline = try LayoutCommands.compute { () throws(LayoutError) in
            try RippleTimeline(repeatInterval: interval, repeatCount: count)
        }
        json = arguments.flag("json")
        svg = arguments.value("svg")
    }

    func run(_ terminal: Terminal) async throws {
        let rings = try LayoutCommands.compute { () throws(LayoutError) in try timeline.checkedRings(at: time) }
        try LayoutCommands.writeSVG(
            .ripple(rings, canvasSize: CGSize(width: 200, height: 200), buttonRadius: 30), to: svg)
        if json {
            let object: JSONValue = [
                "rings": .array(
                    rings.map { ["scale": LayoutJSON.number($0.scale), "alpha": LayoutJSON.number($0.alpha)] })
            ]
            terminal.print(object.jsonString())
            return
        }
        guard !rings.isEmpty else {
            terminal.print("no live rings at \(LayoutTable.format(time)) s")
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
