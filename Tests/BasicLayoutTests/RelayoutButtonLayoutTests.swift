import BasicLayout
import Foundation
import Testing

@Suite struct RelayoutButtonLayoutTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var style: RelayoutButtonStyle
        var spacing: CGFloat
        var bounds: CGRect
        var imageSize: CGSize
        var titleSize: CGSize
        var image: CGRect
        var title: CGRect
        var testDescription: String { name }
    }

    static let bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
    static let image = CGSize(width: 30, height: 20)
    static let title = CGSize(width: 40, height: 10)

    // Vertical: pair height 20 + 6 + 10 = 36, top 40 - 18 = 22; centred at x 50.
    // Horizontal: pair width 30 + 6 + 40 = 76, left 50 - 38 = 12; centred at y 40.
    static let cases: [Case] = [
        Case(
            name: "top", style: .top, spacing: 6, bounds: bounds, imageSize: image, titleSize: title,
            image: CGRect(x: 35, y: 22, width: 30, height: 20), title: CGRect(x: 30, y: 48, width: 40, height: 10)),
        Case(
            name: "bottom", style: .bottom, spacing: 6, bounds: bounds, imageSize: image, titleSize: title,
            image: CGRect(x: 35, y: 38, width: 30, height: 20), title: CGRect(x: 30, y: 22, width: 40, height: 10)),
        Case(
            name: "left", style: .left, spacing: 6, bounds: bounds, imageSize: image, titleSize: title,
            image: CGRect(x: 12, y: 30, width: 30, height: 20), title: CGRect(x: 48, y: 35, width: 40, height: 10)),
        Case(
            name: "right", style: .right, spacing: 6, bounds: bounds, imageSize: image, titleSize: title,
            image: CGRect(x: 58, y: 30, width: 30, height: 20), title: CGRect(x: 12, y: 35, width: 40, height: 10)),
        Case(
            name: "top in offset bounds", style: .top, spacing: 6, bounds: CGRect(x: 10, y: 10, width: 100, height: 80),
            imageSize: image, titleSize: title,
            image: CGRect(x: 45, y: 32, width: 30, height: 20), title: CGRect(x: 40, y: 58, width: 40, height: 10)),
        // No title: no spacing, the image alone is centred.
        Case(
            name: "top without a title", style: .top, spacing: 6, bounds: bounds, imageSize: image, titleSize: .zero,
            image: CGRect(x: 35, y: 30, width: 30, height: 20), title: CGRect(x: 50, y: 50, width: 0, height: 0)),
        // Pair width 20 + 0 + 60 = 80 overflows 50: left = 25 - 40 = -15.
        Case(
            name: "left overflowing", style: .left, spacing: 0, bounds: CGRect(x: 0, y: 0, width: 50, height: 50),
            imageSize: CGSize(width: 20, height: 20), titleSize: CGSize(width: 60, height: 10),
            image: CGRect(x: -15, y: 15, width: 20, height: 20), title: CGRect(x: 5, y: 20, width: 60, height: 10)),
    ]

    @Test("centres the image and title pair with the image on the style's side", arguments: cases)
    func frames(_ testCase: Case) throws {
        let frames = try RelayoutButtonLayout(style: testCase.style, spacing: testCase.spacing)
            .frames(in: testCase.bounds, imageSize: testCase.imageSize, titleSize: testCase.titleSize)
        #expect(frames.imageFrame == testCase.image)
        #expect(frames.titleFrame == testCase.title)
        #expect(frames.bounds == testCase.bounds)
    }

    @Test("style names parse from their raw values", arguments: ["top", "left", "bottom", "right"])
    func rawValues(name: String) throws {
        let style = try #require(RelayoutButtonStyle(rawValue: name))
        #expect(style.rawValue == name)
        #expect(style.isVertical == (name == "top" || name == "bottom"))
    }

    @Test(
        "rejects negative spacing and sizes",
        arguments: [
            (CGFloat(-1), CGSize(width: 10, height: 10), LayoutError.invalidLength(name: "spacing", value: -1)),
            (CGFloat(0), CGSize(width: -10, height: 10), LayoutError.invalidLength(name: "image width", value: -10)),
        ])
    func rejects(spacing: CGFloat, imageSize: CGSize, expected: LayoutError) {
        #expect(throws: expected) {
            try RelayoutButtonLayout(style: .top, spacing: spacing)
                .frames(in: Self.bounds, imageSize: imageSize, titleSize: Self.title)
        }
    }
}
