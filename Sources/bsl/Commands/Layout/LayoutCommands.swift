import BasicCLI
import BasicCore
import BasicLayout
import Foundation

/// `bsl layout`: the geometry of the original apps' UI pieces, as a table, JSON or SVG.
struct LayoutCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out grids, dials, buttons and ripples as numbers, JSON or SVG.",
        discussion: "Sizes are written WIDTHxHEIGHT (375x667). --json prints one object; --svg FILE writes a preview.",
        subcommands: [
            LayoutGridCommand.self, LayoutDialCommand.self, LayoutButtonCommand.self, LayoutRippleCommand.self,
        ])

    /// Runs a layout computation, turning its error into a usage error: layouts only fail on
    /// argument values that do not make sense (`--columns 0`, a negative width).
    static func compute<T>(_ body: () throws(LayoutError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw ValidationError(error.description)
        }
    }
}

/// `--json` and `--svg FILE`: what every layout command can print besides its table.
struct LayoutOutputOptions: ParsableArguments {
    @Flag(help: "Print one JSON object instead of a table.") var json = false
    @Option(
        help: ArgumentHelp("Also write an SVG preview to this file.", valueName: "file"),
        completion: .file(extensions: ["svg"]))
    var svg: String?

    /// Writes an SVG preview when `--svg` was given.
    ///
    /// - Throws: ``CommandFailure`` naming the file when it cannot be written.
    func writeSVG(_ document: SVGDocument) throws {
        guard let svg else { return }
        do {
            try Data(document.render().utf8).write(to: URL(fileURLWithPath: svg), options: .atomic)
        } catch {
            throw CommandFailure("cannot write the SVG to \(svg): \(error.localizedDescription)")
        }
    }
}

// MARK: JSON of geometry

/// Geometry as JSON, numbers that are whole written as integers.
enum LayoutJSON {
    static func number(_ value: CGFloat) -> JSONValue {
        let double = Double(value)
        if let integer = Int64(exactly: double) { return .integer(integer) }
        return .double(double)
    }

    static func point(_ point: CGPoint) -> JSONValue {
        ["x": number(point.x), "y": number(point.y)]
    }

    static func size(_ size: CGSize) -> JSONValue {
        ["width": number(size.width), "height": number(size.height)]
    }

    static func frame(_ rect: CGRect) -> JSONValue {
        [
            "x": number(rect.origin.x), "y": number(rect.origin.y),
            "width": number(rect.size.width), "height": number(rect.size.height),
        ]
    }

    static func transform(_ t: LayoutTransform) -> JSONValue {
        [
            "a": number(t.a), "b": number(t.b), "c": number(t.c), "d": number(t.d),
            "tx": number(t.tx), "ty": number(t.ty),
        ]
    }
}

// MARK: Tables for people

enum LayoutTable {
    /// Numbers for people: at most four decimals, no trailing zeros, no `-0`.
    static func format(_ value: CGFloat) -> String {
        var text = String(format: "%.4f", Double(value))
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// Right-aligned columns under a header.
    static func render(header: [String], rows: [[String]]) -> String {
        let widths = header.indices.map { column in
            ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }
}
