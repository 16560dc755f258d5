import BasicFormat
import Foundation
import TestSupport
import Testing

/// The numeric patterns (`yyyy-MM-dd HH:mm` and its parts) are written without a
/// `DateFormatter`; what they write must be what the formatter writes, for any moment and zone.
@Suite struct TimeFormatterPatternTests {
    static let zones = [
        "Asia/Shanghai", "UTC", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu",
        "America/St_Johns", "Pacific/Kiritimati", "America/Havana", "Pacific/Apia", "Africa/Monrovia",
    ]

    /// The formatter's answer: a Gregorian POSIX `DateFormatter` made for the one call.
    static func reference(_ date: Date, _ pattern: String, _ zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.gregorianStartDate = .distantPast
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        // As TimeFormatter shows it: a fraction is never carried into the next second.
        let whole = date.timeIntervalSince1970.rounded(.down)
        return formatter.string(from: Date(timeIntervalSince1970: whole))
    }

    @Test(
        "numeric patterns write what DateFormatter writes, across years 1–9999, zones with DST, odd offsets and LMT",
        arguments: [
            "yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ss", "MM-dd HH:mm", "HH:mm", "yyyy-MM-dd", "yyyy/MM/dd", "HHmmss",
        ]
    )
    func matchesDateFormatter(pattern: String) throws {
        var generator = SeededGenerator(seed: 0x7157_0000 + UInt64(pattern.utf8.count))
        for name in Self.zones {
            let zone = try #require(TimeZone(identifier: name), "\(name) is in the tz database")
            let formatter = TimeFormatter(timeZone: zone)
            var moments: [Double] = [0, -1, 86_399.9999, 951_782_400, 1_773_288_000.9996, -62_135_596_800]
            // Mostly recent years, where the reader's dates are, and some from the whole range.
            for _ in 0..<150 { moments.append(Double.random(in: 0...2_000_000_000, using: &generator)) }
            for _ in 0..<50 { moments.append(Double.random(in: -62_135_596_800...253_402_300_799, using: &generator)) }
            for seconds in moments {
                let date = Date(timeIntervalSince1970: seconds)
                // Outside the years 1–9999 in the zone, the formatter writes 1 BC as 0001; we write
                // the signed year (TimeConformanceTests).
                let local = seconds + Double(zone.secondsFromGMT(for: date))
                guard TimeParser.supportedRange.contains(Date(timeIntervalSince1970: local)) else { continue }
                let ours = formatter.string(from: date, pattern: pattern)
                let theirs = Self.reference(date, pattern, zone)
                #expect(ours == theirs, "\(pattern) in \(name) at \(seconds)")
            }
        }
    }

    @Test("other patterns still go to DateFormatter: quotes, names, other field lengths, fractions")
    func otherPatterns() throws {
        let zone = try #require(TimeZone(identifier: "Asia/Shanghai"))
        let formatter = TimeFormatter(timeZone: zone)
        let date = Date(timeIntervalSince1970: 1_773_288_000.25)
        for pattern in ["yyyy'年'MM'月'dd'日'", "EEE, dd MMM yyyy", "yy-M-d", "h:mm a", "yyyyMMdd'T'HHmm"] {
            #expect(formatter.string(from: date, pattern: pattern) == Self.reference(date, pattern, zone))
        }
        #expect(formatter.string(from: date, pattern: "HH:mm:ss.SSS") == "12:00:00.250")
        #expect(formatter.string(from: date, pattern: "yyyy'年'MM'月'dd'日'") == "2026年03月12日")
    }
}
