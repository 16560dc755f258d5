import BasicXML
import Foundation
import Testing

/// RFC 3339 and RFC 822 dates as feeds write them.
@Suite struct FeedDateTests {
    /// 2026-11-30 06:15:00 UTC.
    static let instant = 1_796_019_300.0

    @Test(
        "dates in both styles and their leniencies",
        arguments: [
            ("2026-11-30T14:15:00+08:00", instant),
            ("2026-11-30T06:15:00Z", instant),
            ("2026-11-30t06:15:00z", instant),
            ("2026-11-30 06:15:00", instant),
            ("2026-11-30T06:15:00.250Z", instant + 0.25),
            ("2026-11-30T01:15:00-0500", instant),
            ("2026-11-30T06:15Z", instant),
            ("2026-11-30", instant - 22_500),
            ("  2026-11-30T06:15:00Z\n", instant),
            ("Mon, 30 Nov 2026 06:15:00 GMT", instant),
            ("Mon, 30 Nov 2026 14:15:00 +0800", instant),
            ("30 Nov 2026 06:15:00 +0000", instant),
            ("Mon, 30 Nov 2026 01:15:00 EST", instant),
            ("Mon, 30 nov 26 06:15 UT", instant),
            ("Monday, 30 November 2026 06:15:00 Z", instant),
        ])
    func reads(text: String, expected: Double) {
        #expect(FeedDate.date(from: text)?.timeIntervalSince1970 == expected, "\(text)")
    }

    @Test(
        "what is not a date is nil",
        arguments: [
            "", "yesterday", "2026-13-01T00:00:00Z", "2026-11-30T25:00:00Z", "Mon, 30 Foo 2026 06:15:00 GMT",
            "2026-11-30T06:15:00+08", "30 Nov 2026 06:15:00 XYZ",
        ])
    func rejects(text: String) {
        #expect(FeedDate.date(from: text) == nil, "\(text)")
    }
}
