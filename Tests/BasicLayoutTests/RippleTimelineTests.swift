import BasicLayout
import Foundation
import Testing

@Suite struct RippleTimelineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var interval: TimeInterval
        var repeatCount: Int
        var time: TimeInterval
        /// The live rings' indices and linear progress, oldest first.
        var expected: [(index: Int, progress: Double)]
        var testDescription: String { name }
    }

    // Ring k starts at k·interval and lives while 0 <= t - start < 1.
    static let cases: [Case] = [
        Case(name: "at the start", interval: 0.4, repeatCount: -1, time: 0, expected: [(0, 0)]),
        // Starts 0, 0.4, 0.8, 1.2; ring 0 is 1.25 old (gone).
        Case(
            name: "forever, 1.25 s", interval: 0.4, repeatCount: -1, time: 1.25,
            expected: [(1, 0.85), (2, 0.45), (3, 0.05)]),
        // Ring 0 is exactly 1 s old: gone (the end is exclusive); ring 2 starts now.
        Case(name: "a ring ends as one starts", interval: 0.5, repeatCount: -1, time: 1, expected: [(1, 0.5), (2, 0)]),
        Case(name: "two rings, 1.2 s", interval: 0.5, repeatCount: 2, time: 1.2, expected: [(1, 0.7)]),
        Case(name: "two rings, all done", interval: 0.5, repeatCount: 2, time: 1.6, expected: []),
        Case(name: "no rings at all", interval: 0.5, repeatCount: 0, time: 0.2, expected: []),
        Case(name: "before the start", interval: 0.5, repeatCount: -1, time: -0.1, expected: []),
        // Interval longer than a ring's life: gaps between rings.
        Case(name: "gap between rings", interval: 3, repeatCount: -1, time: 2.5, expected: []),
        Case(name: "after the gap", interval: 3, repeatCount: -1, time: 3.5, expected: [(1, 0.5)]),
        Case(
            name: "long run", interval: 0.25, repeatCount: -1, time: 1000.1,
            expected: [
                (3997, 0.85), (3998, 0.6), (3999, 0.35), (4000, 0.1),
            ]),
    ]

    @Test("returns the live rings oldest first", arguments: cases)
    func rings(_ testCase: Case) throws {
        let timeline = try RippleTimeline(repeatInterval: testCase.interval, repeatCount: testCase.repeatCount)
        let rings = timeline.rings(at: testCase.time)
        #expect(rings.map(\.index) == testCase.expected.map(\.index))
        for (ring, expected) in zip(rings, testCase.expected) {
            expectClose(CGFloat(ring.progress), CGFloat(expected.progress), "progress of ring \(ring.index)")
            expectClose(CGFloat(ring.startTime), CGFloat(Double(expected.index) * testCase.interval), "start")
        }
    }

    // One ring (interval 2 > duration 1); at elapsed x the ease-out progress is y (see TimingCurveTests),
    // scale = 1 + 1.5·y and alpha = 1 - y.
    @Test(
        "eases scale from 1 to 2.5 and alpha from 1 to 0",
        arguments: [
            (0.0, 0.0), (0.0971875, 0.15625), (0.3425, 0.5), (0.6665625, 0.84375),
        ])
    func easedScaleAndAlpha(elapsed: Double, eased: Double) throws {
        let ring = try #require(try RippleTimeline(repeatInterval: 2).rings(at: elapsed).first)
        expectClose(CGFloat(ring.easedProgress), CGFloat(eased), "eased")
        expectClose(ring.scale, CGFloat(1 + 1.5 * eased), "scale")
        expectClose(ring.alpha, CGFloat(1 - eased), "alpha")
    }

    @Test("custom scales and alphas interpolate by the eased progress")
    func customRange() throws {
        let timeline = try RippleTimeline(
            repeatInterval: 5, duration: 2, fromScale: 0.5, toScale: 1.5, fromAlpha: 0.8, toAlpha: 0.2, timing: .linear)
        let ring = try #require(timeline.rings(at: 0.5).first)
        // Linear progress 0.25: scale 0.5 + 0.25, alpha 0.8 - 0.15.
        expectClose(ring.scale, 0.75, "scale")
        expectClose(ring.alpha, 0.65, "alpha")
    }

    @Test(
        "reports when the last ring fades",
        arguments: [
            (-1, nil as TimeInterval?), (0, 0), (1, 1), (3, 2),
        ])
    func totalDuration(repeatCount: Int, expected: TimeInterval?) throws {
        #expect(try RippleTimeline(repeatInterval: 0.5, repeatCount: repeatCount).totalDuration == expected)
    }

    @Test(
        "rejects timelines it cannot run",
        arguments: [
            (0.0, -1, 1.0, LayoutError.invalidTimeInterval(name: "repeatInterval", value: 0)),
            (-1.0, -1, 1.0, LayoutError.invalidTimeInterval(name: "repeatInterval", value: -1)),
            (0.5, -1, 0.0, LayoutError.invalidTimeInterval(name: "duration", value: 0)),
            (0.5, -2, 1.0, LayoutError.invalidRepeatCount(-2)),
            (1.0 / 16384, -1, 1.0, LayoutError.tooManyLiveRings(16384)),
        ])
    func rejects(interval: TimeInterval, repeatCount: Int, duration: TimeInterval, expected: LayoutError) {
        #expect(throws: expected) {
            try RippleTimeline(repeatInterval: interval, repeatCount: repeatCount, duration: duration)
        }
    }
}
