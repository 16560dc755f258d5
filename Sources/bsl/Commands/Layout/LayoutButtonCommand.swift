import BasicCore
import BasicLayout
import Foundation

/// `bsl layout button --style top|left|bottom|right --bounds WxH --image WxH --title WxH [--spacing S]`
struct LayoutButtonCommand: Command {
    static let spec = CommandSpec(
        name: "button",
        abstract: "Place a relayout button's image and title, the pair centred in the bounds.",
        options: [
            .required("style", "top|left|bottom|right", help: "The image's side of the title."),
            .required("bounds", "WxH", help: "The button's size."),
            .required("image", "WxH", help: "The image's size."),
            .required("title", "WxH", help: "The title's size."),
            .value("spacing", "points", help: "Space between image and title (default 0)."),
            LayoutCommands.jsonOption,
            LayoutCommands.svgOption,
        ])

    let layout: RelayoutButtonLayout
    let bounds: CGRect
    let imageSize: CGSize
    let titleSize: CGSize
    let json: Bool
    let svg: String?

    init(_ arguments: ParsedArguments) throws {
        let styleText = try arguments.required("style")
        guard let style = RelayoutButtonStyle(rawValue: styleText) else {
            throw UsageError("the option --style takes top, left, bottom or right, not '\(styleText)'")
        }
        let bounds = try arguments.requiredSize("bounds")
        let image = try arguments.requiredSize("image")
        let title = try arguments.requiredSize("title")
        layout = RelayoutButtonLayout(style: style, spacing: CGFloat(try arguments.double("spacing") ?? 0))
        self.bounds = CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        imageSize = CGSize(width: image.width, height: image.height)
        titleSize = CGSize(width: title.width, height: title.height)
        json = arguments.flag("json")
        svg = arguments.value("svg")
    }

    func run(_ terminal: Terminal) async throws {
        let frames = try LayoutCommands.compute { () throws(LayoutError) in
            try layout.frames(in: bounds, imageSize: imageSize, titleSize: titleSize)
        }
        try LayoutCommands.writeSVG(.button(frames), to: svg)
        if json {
            let object: JSONValue = [
                "image": LayoutJSON.frame(frames.imageFrame), "title": LayoutJSON.frame(frames.titleFrame),
            ]
            terminal.print(object.jsonString())
            return
        }
        let rows = [("image", frames.imageFrame), ("title", frames.titleFrame)].map { name, frame in
            [name] + [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map(LayoutTable.format)
        }
        terminal.print(LayoutTable.render(header: ["piece", "x", "y", "width", "height"], rows: rows))
    }
}
