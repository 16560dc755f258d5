import BasicLayout
import Foundation
import Testing

@Suite struct LayoutErrorTests {
    @Test(
        "messages are one line naming the value and the fix",
        arguments: [
            (LayoutError.invalidColumns(0), "grid columns must be at least 1, got 0; pass columns >= 1"),
            (
                LayoutError.negativeCount(name: "count", value: -3),
                "count must not be negative, got -3; pass 0 or more items"
            ),
            (
                LayoutError.invalidLength(name: "width", value: -12.5),
                "width must be a number from 0 to 1000000000, got -12.5; pass a non-negative width of at most a billion points"
            ),
            (
                LayoutError.itemsDoNotFit(width: 90, reserved: 100),
                "grid width 90 is smaller than its insets and spacing (100); widen the container or reduce insets/spacing"
            ),
            (
                LayoutError.invalidItemHeight(0),
                "dial itemHeight must be greater than 0, got 0; pass a positive itemHeight"
            ),
            (
                LayoutError.invalidAngularSpacing(200),
                "dial angularSpacing must be in 0.018 <= degrees <= 180, got 200; pass e.g. 12 degrees"
            ),
            (
                LayoutError.invalidRepeatCount(-2),
                "ripple repeatCount must be -1 (forever) or 0 or more, got -2; pass -1 or a ring count"
            ),
        ])
    func message(error: LayoutError, expected: String) {
        #expect(error.description == expected)
        #expect(!error.description.contains("\n"))
    }

    @Test("non-finite values are named in the message")
    func nonFinite() {
        #expect(LayoutError.invalidLength(name: "width", value: .nan).description.contains("got nan"))
        #expect(LayoutError.nonFiniteValue(name: "xOffset", value: .infinity).description.contains("got inf"))
    }
}
