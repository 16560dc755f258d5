import BasicLayout
import Foundation
import Testing

@Suite struct SquareButtonLayoutTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bounds: CGRect
        var image: CGRect
        var title: CGRect
        var testDescription: String { name }
    }

    // image: side 0.5·W at y 0.15·H, centred; title: from the image's bottom to the button's bottom.
    static let cases: [Case] = [
        Case(
            name: "100 × 100", bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
            image: CGRect(x: 25, y: 15, width: 50, height: 50), title: CGRect(x: 0, y: 65, width: 100, height: 35)),
        // A Budejie grid cell: side 46.875, top 14.0625, title from 60.9375, 32.8125 high.
        Case(
            name: "Budejie cell 93.75", bounds: CGRect(x: 0, y: 0, width: 93.75, height: 93.75),
            image: CGRect(x: 23.4375, y: 14.0625, width: 46.875, height: 46.875),
            title: CGRect(x: 0, y: 60.9375, width: 93.75, height: 32.8125)),
        // Offset bounds: side 40, x = 10 + 20, y = 20 + 18, title 78 ..< 140.
        Case(
            name: "offset bounds", bounds: CGRect(x: 10, y: 20, width: 80, height: 120),
            image: CGRect(x: 30, y: 38, width: 40, height: 40), title: CGRect(x: 10, y: 78, width: 80, height: 62)),
        // Much wider than tall: the image reaches past the bottom (9 + 100 > 60), so the title is empty.
        Case(
            name: "wide button", bounds: CGRect(x: 0, y: 0, width: 200, height: 60),
            image: CGRect(x: 50, y: 9, width: 100, height: 100), title: CGRect(x: 0, y: 109, width: 200, height: 0)),
        Case(
            name: "empty bounds", bounds: .zero, image: .zero, title: .zero),
    ]

    @Test("places the image at 15% height, half width, and the title below it", arguments: cases)
    func frames(_ testCase: Case) throws {
        let frames = try SquareButtonLayout().frames(in: testCase.bounds)
        #expect(frames.bounds == testCase.bounds)
        expectClose(frames.imageFrame, testCase.image, "image")
        expectClose(frames.titleFrame, testCase.title, "title")
    }

    @Test("honours custom ratios")
    func customRatios() throws {
        // side 0.25·200 = 50 at y 0.5·100 = 50, centred at x 75; title 100 ..< 100.
        let frames = try SquareButtonLayout(imageTopRatio: 0.5, imageWidthRatio: 0.25)
            .frames(in: CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(frames.imageFrame == CGRect(x: 75, y: 50, width: 50, height: 50))
        #expect(frames.titleFrame == CGRect(x: 0, y: 100, width: 200, height: 0))
    }

    @Test("rejects negative sizes")
    func rejectsNegativeSize() {
        #expect(throws: LayoutError.invalidLength(name: "bounds width", value: -5)) {
            try SquareButtonLayout().frames(in: CGRect(x: 0, y: 0, width: -5, height: 10))
        }
    }
}
