import BasicLayout
import Foundation
import Testing

@Suite struct SVGDocumentTests {
    @Test("a grid renders as well-formed SVG with its frames as labelled rectangles")
    func grid() throws {
        let result = try GridLayout(columns: 4).layout(count: 6, width: 375)
        let svg = try ParsedSVG(SVGDocument.grid(result, labels: ["Tom & Jerry", "<b>"]).render())
        #expect(svg.rootName == "svg")
        let root = try #require(svg.elements.first)
        #expect(root.attributes["width"] == "375")
        #expect(root.attributes["height"] == "187.5")
        #expect(root.attributes["viewBox"] == "0 0 375 187.5")
        let rects = svg.elements(named: "rect")
        #expect(rects.count == 1 + 6)
        // Item 5: column 1, row 1.
        #expect(rects[6].attributes["x"] == "93.75")
        #expect(rects[6].attributes["y"] == "93.75")
        #expect(rects[6].attributes["width"] == "93.75")
        // Labels come back unescaped; missing ones fall back to the index.
        #expect(svg.elements(named: "text").map(\.text) == ["Tom & Jerry", "<b>", "2", "3", "4", "5"])
    }

    @Test("an empty grid still renders a well-formed, zero-high SVG")
    func emptyGrid() throws {
        let svg = try ParsedSVG(SVGDocument.grid(try GridLayout().layout(count: 0, width: 320)).render())
        #expect(svg.rootName == "svg")
        #expect(svg.elements.first?.attributes["height"] == "0")
        #expect(svg.elements(named: "text").isEmpty)
    }

    @Test("a square button renders its image and title frames")
    func squareButton() throws {
        let frames = try SquareButtonLayout().frames(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        let svg = try ParsedSVG(SVGDocument.button(frames, title: "\"Quotes\" & 'apostrophes'").render())
        #expect(svg.rootName == "svg")
        let rects = svg.elements(named: "rect")
        #expect(rects.count == 3)
        #expect(rects[1].attributes["x"] == "25" && rects[1].attributes["y"] == "15")
        #expect(rects[1].attributes["width"] == "50")
        #expect(rects[2].attributes["y"] == "65" && rects[2].attributes["height"] == "35")
        #expect(svg.elements(named: "text").map(\.text) == ["image", "\"Quotes\" & 'apostrophes'"])
    }

    @Test("a relayout button's view box takes in frames that overflow the bounds")
    func overflowingButton() throws {
        let frames = try RelayoutButtonLayout(style: .left)
            .frames(
                in: CGRect(x: 0, y: 0, width: 50, height: 50), imageSize: CGSize(width: 20, height: 20),
                titleSize: CGSize(width: 60, height: 10))
        let svg = try ParsedSVG(SVGDocument.button(frames).render())
        // Image from x -15, title to x 65: the view box spans -15 ..< 65.
        #expect(svg.elements.first?.attributes["viewBox"] == "-15 0 80 50")
    }

    @Test("a rounded rectangle renders as one path with its outline")
    func roundedRect() throws {
        let path = try RoundedRectPath(
            rect: CGRect(x: 0, y: 0, width: 100, height: 50),
            radii: CornerRadii(topLeft: 10, topRight: 0, bottomLeft: 0, bottomRight: 20))
        let svg = try ParsedSVG(SVGDocument.roundedRect(path).render())
        #expect(svg.rootName == "svg")
        let paths = svg.elements(named: "path")
        #expect(paths.count == 1)
        #expect(
            paths.first?.attributes["d"] == "M10 0 L100 0 L100 30 A20 20 0 0 1 80 50 L0 50 L0 10 A10 10 0 0 1 10 0 Z")
        #expect(svg.elements.first?.attributes["viewBox"] == "-1 -1 102 52")
    }

    @Test("a dial renders each cell through its transform matrix")
    func dial() throws {
        let dial = try DialLayout(
            itemHeight: 50, angularSpacing: 12, radius: 300, xOffset: 20, cellSize: CGSize(width: 240, height: 50))
        let result = try dial.layout(itemCount: 30, viewSize: CGSize(width: 375, height: 667), contentOffsetY: 100)
        let svg = try ParsedSVG(SVGDocument.dial(result).render())
        #expect(svg.rootName == "svg")
        #expect(svg.elements.first?.attributes["viewBox"] == "0 100 375 667")
        let groups = svg.elements(named: "g")
        #expect(groups.count == 16)

        // Item 2 is active: translated by 300 + 120 from the hub at (-280, 433.5), unscaled, unturned.
        #expect(groups[2].attributes["transform"] == "matrix(1 0 0 1 140 433.5)")
        #expect(groups[2].attributes["opacity"] == "1")

        // Item 3: scale 0.75, 12°, shifted 390 then turned; the matrix's last two numbers are the
        // visible centre (-280 + 390·cos 12°, 433.5 + 390·sin 12°). Printed to four decimals.
        let (cosine, sine) = cosSin(degrees: 12)
        let expected = [
            0.75 * cosine, 0.75 * sine, -0.75 * sine, 0.75 * cosine, -280 + 390 * cosine, 433.5 + 390 * sine,
        ]
        let numbers = matrixNumbers(groups[3].attributes["transform"])
        #expect(numbers.count == 6)
        for (actual, wanted) in zip(numbers, expected) {
            expectClose(actual, wanted, within: 0.00005, "matrix entry")
        }
        #expect(groups[3].attributes["opacity"] == "0.75")
        // Each cell is its size, centred on the group's origin.
        let rects = svg.elements(named: "rect")
        #expect(rects[1].attributes["x"] == "-120" && rects[1].attributes["y"] == "-25")
        #expect(rects[1].attributes["width"] == "240")
        // The hub dot.
        let hub = try #require(svg.elements(named: "circle").first)
        #expect(hub.attributes["cx"] == "-280" && hub.attributes["cy"] == "433.5")
    }

    @Test("a ripple renders its rings as faded circles around the button")
    func ripple() throws {
        // One ring, 0.3425 s old: eased 0.5 → scale 1.75 (radius 52.5), alpha 0.5.
        let rings = try RippleTimeline(repeatInterval: 2).rings(at: 0.3425)
        let svg = try ParsedSVG(
            SVGDocument.ripple(rings, canvasSize: CGSize(width: 200, height: 160), buttonRadius: 30).render())
        #expect(svg.rootName == "svg")
        let circles = svg.elements(named: "circle")
        #expect(circles.count == 2)
        #expect(circles[0].attributes["r"] == "52.5")
        #expect(circles[0].attributes["opacity"] == "0.5")
        #expect(circles[0].attributes["cx"] == "100" && circles[0].attributes["cy"] == "80")
        #expect(circles[1].attributes["r"] == "30")
    }

    @Test(
        "a label's XML special characters are escaped and forbidden ones dropped, so the document parses",
        arguments: ["plain", "a & b", "<tag attr=\"x\">", "it's", "line\nbreak\ttab", "博客园"])
    func escapedLabel(label: String) throws {
        let document = SVGDocument(
            viewBox: CGRect(x: 0, y: 0, width: 10, height: 10), title: label,
            elements: [.text(label, center: .zero, fontSize: 3)])
        let svg = try ParsedSVG(document.render())
        #expect(svg.elements(named: "text").first?.text == label)
    }

    @Test("a label with control characters still parses")
    func controlCharacters() throws {
        let document = SVGDocument(
            viewBox: CGRect(x: 0, y: 0, width: 10, height: 10), title: "t\u{0}",
            elements: [.text("a\u{1B}[0m", center: .zero, fontSize: 3)])
        let svg = try ParsedSVG(document.render())
        #expect(svg.elements(named: "text").first?.text == "a\u{FFFD}[0m")
    }
}
