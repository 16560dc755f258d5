import BasicCore
import BasicLayout
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Runs the built `bsl layout …` and checks its JSON, tables, SVG files and exit statuses.
@Suite struct BSLLayoutCommandTests {
    static let bsl = TestPaths.builtProduct("bsl")

    func bsl(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.run(Self.bsl, arguments)
    }

    func json(_ arguments: [String]) async throws -> JSONValue {
        let result = try await bsl(arguments + ["--json"])
        #expect(result.status == 0, "\(result.standardError)")
        return try JSONValue(parsing: result.standardOutput)
    }

    @Test("grid --json gives the Budejie page's 4-column 375-wide frames and height")
    func gridJSON() async throws {
        let output = try await json(["layout", "grid", "--count", "10", "--width", "375"])
        #expect(output["height"] == .double(281.25))
        let frames = try #require(output["frames"]?.arrayValue)
        #expect(frames.count == 10)
        for (index, frame) in frames.enumerated() {
            let expected: JSONValue = [
                "x": .double(Double(index % 4) * 93.75), "y": .double(Double(index / 4) * 93.75),
                "width": 93.75, "height": 93.75,
            ]
            #expect(frame == expected, "frame \(index)")
        }
        let empty = try await json(["layout", "grid", "--count", "0", "--width", "375"])
        #expect(empty == ["height": 0, "frames": []])
    }

    @Test("grid prints a table for people, ending with the container height")
    func gridTable() async throws {
        let result = try await bsl(["layout", "grid", "--count", "5", "--columns", "2", "--width", "100"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines.last == "container height: 150")
        #expect(lines[5].split(separator: " ") == ["4", "0", "100", "50", "50"])
    }

    @Test("dial --json lists the visible items in index order with the issue's fields")
    func dialJSON() async throws {
        let arguments = [
            "layout", "dial", "--count", "30", "--item-height", "60", "--angular-spacing", "20", "--radius", "300",
            "--cell-size", "200x50", "--view-size", "375x667", "--offset-y", "600",
        ]
        let output = try await json(arguments)
        let items = try #require(output["items"]?.arrayValue)
        // Visible rect y 600…1267: first 10, last 21, active 15, maxVisible 11 → 10..<20.
        #expect(items.map { $0["index"] } == (10..<20).map { .integer(Int64($0)) })
        let layout = try DialLayout(
            itemHeight: 60, angularSpacing: 20, radius: 300, cellSize: CGSize(width: 200, height: 50))
        for item in items {
            let index = try #require(item["index"]?.asInt)
            let expected = try layout.attributes(
                forItemAt: index, viewSize: CGSize(width: 375, height: 667), contentOffsetY: 600)
            #expect(item["alpha"]?.asDouble == Double(expected.alpha))
            #expect(item["zIndex"] == .integer(Int64(index)))
            #expect(item["center"]?["y"]?.asDouble == 333.5 + 600)
            #expect(item["transform"]?["a"]?.asDouble == Double(expected.transform.a))
            #expect(item["transform"]?["tx"]?.asDouble == Double(expected.transform.tx))
            #expect(item["visibleCenter"]?["x"]?.asDouble == Double(expected.visibleCenter.x))
            #expect(item["size"] == ["width": 200, "height": 50])
        }
        // Item 10 sits at n = 0: full size, no rotation, translated by radius + half the cell.
        #expect(items[0]["transform"] == ["a": 1, "b": 0, "c": 0, "d": 1, "tx": 400, "ty": 0])
    }

    @Test("button --json places the image above the title, centred")
    func buttonJSON() async throws {
        let output = try await json([
            "layout", "button", "--style", "top", "--bounds", "100x80", "--image", "40x40", "--title", "60x20",
            "--spacing", "4",
        ])
        // Pair height 40 + 4 + 20 = 64, centred in 80 → starts at y 8.
        #expect(output["image"] == ["x": 30, "y": 8, "width": 40, "height": 40])
        #expect(output["title"] == ["x": 20, "y": 52, "width": 60, "height": 20])
    }

    @Test("ripple --json gives the live rings, oldest first, as the timeline computes them")
    func rippleJSON() async throws {
        let output = try await json(["layout", "ripple", "--at", "1.25", "--interval", "0.4"])
        let rings = try #require(output["rings"]?.arrayValue)
        let expected = try RippleTimeline(repeatInterval: 0.4).rings(at: 1.25)
        #expect(rings.count == 3)
        #expect(rings.map { $0["scale"]?.asDouble } == expected.map { Double($0.scale) })
        #expect(rings.map { $0["alpha"]?.asDouble } == expected.map { Double($0.alpha) })
        let stopped = try await json(["layout", "ripple", "--at", "5", "--interval", "0.4", "--count", "3"])
        #expect(stopped == ["rings": []])
    }

    @Test(
        "--svg writes a well-formed SVG preview",
        arguments: [
            ["layout", "grid", "--count", "6", "--width", "375"],
            [
                "layout", "dial", "--count", "12", "--item-height", "60", "--angular-spacing", "30", "--radius", "200",
                "--cell-size", "120x40", "--view-size", "320x480", "--alignment", "right",
            ],
            ["layout", "button", "--style", "left", "--bounds", "120x44", "--image", "24x24", "--title", "60x20"],
            ["layout", "ripple", "--at", "0.7"],
        ])
    func svg(arguments: [String]) async throws {
        let folder = try TemporaryDirectory()
        let file = folder.path("preview.svg")
        let result = try await bsl(arguments + ["--svg", file.path])
        #expect(result.status == 0, "\(result.standardError)")
        let data = try Data(contentsOf: file)
        let parser = XMLParser(data: data)
        #expect(parser.parse(), "\(String(decoding: data, as: UTF8.self))")
        #expect(String(decoding: data, as: UTF8.self).contains("<svg"))
    }

    @Test(
        "values that make no sense are usage errors (exit 64) that say what to fix",
        arguments: [
            (["layout", "grid", "--count", "3", "--columns", "0", "--width", "10"], "columns"),
            (["layout", "grid", "--count", "3", "--width", "wide"], "--width needs a number"),
            (["layout", "grid", "--count", "3"], "missing option --width <points>"),
            (
                ["layout", "button", "--style", "up", "--bounds", "1x1", "--image", "1x1", "--title", "1x1"],
                "--style takes top"
            ),
            (
                ["layout", "button", "--style", "top", "--bounds", "100", "--image", "1x1", "--title", "1x1"],
                "WIDTHxHEIGHT"
            ),
            (
                [
                    "layout", "dial", "--count", "3", "--item-height", "0", "--angular-spacing", "20", "--radius", "1",
                    "--cell-size", "1x1", "--view-size", "1x1",
                ], "itemHeight must be greater than 0"
            ),
            (
                [
                    "layout", "dial", "--count", "3", "--item-height", "10", "--angular-spacing", "20", "--radius", "1",
                    "--cell-size", "1x1", "--view-size", "1x1", "--alignment", "middle",
                ], "--alignment takes left, right or center"
            ),
            (["layout", "ripple", "--at", "1", "--interval", "0"], "repeatInterval"),
            // Issue 12, defect 10: these ran out of memory, hung, or printed null and inf.
            (["layout", "grid", "--count", "100000000", "--width", "375"], "count must be at most 100000 items"),
            (["layout", "grid", "--count", "3", "--width", "1e308"], "width must be a number from 0 to 1000000000"),
            (
                ["layout", "button", "--style", "top", "--bounds", "1e308x1", "--image", "1x1", "--title", "1x1"],
                "bounds width must be a number from 0 to 1000000000"
            ),
            (
                [
                    "layout", "dial", "--count", "100000000", "--item-height", "50", "--angular-spacing", "1e-300",
                    "--radius", "1", "--cell-size", "1x1", "--view-size", "1x1",
                ], "angularSpacing must be in 0.018 <= degrees <= 180"
            ),
            (
                [
                    "layout", "dial", "--count", "3", "--item-height", "1e-300", "--angular-spacing", "12",
                    "--radius", "1", "--cell-size", "1x1", "--view-size", "1x1", "--offset-y", "1000000",
                ], "wheel angle"
            ),
            (["layout", "ripple", "--at", "1e300"], "a ripple moment must be a finite number of seconds up to"),
            (["layout", "ripple", "--at", "4503599627370496"], "up to 1000000000"),
        ])
    func usageErrors(arguments: [String], message: String) async throws {
        let result = try await bsl(arguments)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.contains("Usage: bsl layout"))
    }
}
