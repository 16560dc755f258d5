import BasicCLI
import BasicCore
import BasicLayout
import Foundation

/// `bsl layout button --style top|left|bottom|right --bounds WxH --image WxH --title WxH [--spacing S]`
struct LayoutButtonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "button", abstract: "Place a relayout button's image and title, the pair centred in the bounds.")

    /// The image's side of the title.
    enum Style: String, CaseIterable, ExpressibleByArgument {
        case top, left, bottom, right

        var layoutStyle: RelayoutButtonStyle {
            switch self {
            case .top: .top
            case .left: .left
            case .bottom: .bottom
            case .right: .right
            }
        }
    }

    @Option(help: ArgumentHelp("The image's side of the title.", valueName: "side")) var style: Style
    @Option(help: ArgumentHelp("The button's size.", valueName: "WxH")) var bounds: LayoutSize
    @Option(help: ArgumentHelp("The image's size.", valueName: "WxH")) var image: LayoutSize
    @Option(help: ArgumentHelp("The title's size.", valueName: "WxH")) var title: LayoutSize
    @Option(help: ArgumentHelp("Space between image and title.", valueName: "points")) var spacing: Double = 0
    @OptionGroup var output: LayoutOutputOptions

    func run() async throws {
        let terminal = Terminal()
        let layout = RelayoutButtonLayout(style: style.layoutStyle, spacing: CGFloat(spacing))
        let frames = try LayoutCommands.compute { () throws(LayoutError) in
            try layout.frames(
                in: CGRect(origin: .zero, size: bounds.size), imageSize: image.size, titleSize: title.size)
        }
        try output.writeSVG(.button(frames))
        if output.json {
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
