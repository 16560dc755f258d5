import BasicFormat
import Foundation
import Testing

@Suite struct TimeFormatterTests {
    static let shanghai = TimeZone(identifier: "Asia/Shanghai") ?? .gmt
    static let utc = TimeZone(identifier: "UTC") ?? .gmt

    /// A moment written in China time.
    static func china(_ text: String) throws -> Date {
        try TimeParser(timeZone: shanghai).date(from: text)
    }

    static func formatter(now: String, language: TimeFormatter.Language = .chinese) throws -> TimeFormatter {
        let reference = try china(now)
        return TimeFormatter(timeZone: shanghai, language: language, now: { reference })
    }

    @Test(
        "relative text in Chinese at each boundary",
        arguments: [
            ("2026-11-30 12:00:00", "2026-11-30 12:00:00", "刚刚"),
            ("2026-11-30 12:00:00", "2026-11-30 11:59:01", "刚刚"),  // 59 s
            ("2026-11-30 12:00:00", "2026-11-30 11:59:00", "1分钟前"),  // 60 s
            ("2026-11-30 12:00:00", "2026-11-30 11:58:01", "1分钟前"),  // 119 s
            ("2026-11-30 12:00:00", "2026-11-30 11:00:01", "59分钟前"),
            ("2026-11-30 12:00:00", "2026-11-30 11:00:00", "1小时前"),
            ("2026-11-30 12:00:00", "2026-11-30 00:00:00", "12小时前"),
            ("2026-11-30 12:00:00", "2026-11-29 23:59:59", "昨天 23:59"),
            ("2026-11-30 12:00:00", "2026-11-29 00:00:00", "昨天 00:00"),
            ("2026-11-30 12:00:00", "2026-11-28 23:59:59", "11-28 23:59"),
            ("2026-11-30 12:00:00", "2026-01-01 00:00:00", "01-01 00:00"),
            ("2026-11-30 12:00:00", "2025-12-31 23:59:59", "2025-12-31"),
            // Around midnight: minutes win over the day change; hours need the same day.
            ("2026-11-30 00:00:30", "2026-11-29 23:59:50", "刚刚"),
            ("2026-11-30 00:30:00", "2026-11-29 23:50:00", "40分钟前"),
            ("2026-11-30 00:30:00", "2026-11-29 22:00:00", "昨天 22:00"),
            // The year changes.
            ("2027-01-01 00:30:00", "2026-12-31 23:50:00", "40分钟前"),
            ("2027-01-01 00:30:00", "2026-12-31 20:00:00", "昨天 20:00"),
            ("2027-01-01 00:30:00", "2026-12-30 10:00:00", "2026-12-30"),
            // The future.
            ("2026-11-30 12:00:00", "2026-11-30 12:00:59", "刚刚"),
            ("2026-11-30 12:00:00", "2026-11-30 12:01:00", "1分钟后"),
            ("2026-11-30 12:00:00", "2026-11-30 14:30:00", "2小时后"),
            ("2026-11-30 12:00:00", "2026-12-01 09:00:00", "明天 09:00"),
            ("2026-11-30 12:00:00", "2026-12-15 09:00:00", "12-15 09:00"),
            ("2026-11-30 12:00:00", "2027-02-01 09:00:00", "2027-02-01"),
        ])
    func chinese(now: String, date: String, expected: String) throws {
        #expect(try Self.formatter(now: now).relativeString(for: try Self.china(date)) == expected)
    }

    @Test(
        "relative text in English",
        arguments: [
            ("2026-11-30 11:59:30", "just now"),
            ("2026-11-30 11:59:00", "1 minute ago"),
            ("2026-11-30 11:55:00", "5 minutes ago"),
            ("2026-11-30 10:59:00", "1 hour ago"),
            ("2026-11-30 02:00:00", "10 hours ago"),
            ("2026-11-29 23:59:00", "yesterday 23:59"),
            ("2026-11-30 12:03:00", "in 3 minutes"),
            ("2026-11-30 13:00:00", "in 1 hour"),
            ("2026-12-01 09:00:00", "tomorrow 09:00"),
            ("2026-03-05 08:07:00", "03-05 08:07"),
        ])
    func english(date: String, expected: String) throws {
        let formatter = try Self.formatter(now: "2026-11-30 12:00:00", language: .english)
        #expect(formatter.relativeString(for: try Self.china(date)) == expected)
    }

    @Test("days are counted in the formatter's time zone")
    func daysInZone() throws {
        // 2026-11-30 01:00 in Shanghai is 2026-11-29 17:00 UTC: "today" in one zone is "yesterday" in the other.
        let now = try Self.china("2026-11-30 10:00:00")
        let date = try Self.china("2026-11-30 01:00:00")
        #expect(TimeFormatter(timeZone: Self.shanghai, now: { now }).relativeString(for: date) == "9小时前")
        #expect(TimeFormatter(timeZone: Self.utc, now: { now }).relativeString(for: date) == "昨天 17:00")
    }

    @Test(
        "patterns format in the formatter's time zone with fixed symbols",
        arguments: [
            ("yyyy-MM-dd HH:mm:ss", "Asia/Shanghai", "2016-08-13 23:41:00"),
            ("yyyy-MM-dd HH:mm:ss", "UTC", "2016-08-13 15:41:00"),
            ("yyyy年M月d日 HH:mm", "Asia/Shanghai", "2016年8月13日 23:41"),
            ("EEE, dd MMM yyyy HH:mm:ss Z", "UTC", "Sat, 13 Aug 2016 15:41:00 +0000"),
        ])
    func pattern(pattern: String, zone: String, expected: String) throws {
        let date = try #require(ISO8601DateFormatter().date(from: "2016-08-13T15:41:00Z"))
        let formatter = TimeFormatter(timeZone: try TimeParser.timeZone(named: zone))
        #expect(formatter.string(from: date, pattern: pattern) == expected)
    }
}
