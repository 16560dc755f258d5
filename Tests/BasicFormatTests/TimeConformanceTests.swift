import BasicFormat
import Foundation
import Testing

/// Issue 17, dates in `bsl time`: calendar days counted as calendars count them where DST starts
/// at midnight, proleptic Gregorian dates before 1582, and zone abbreviations refused.
@Suite struct TimeConformanceTests {
    /// The instant of a local wall-clock time that exists (noon-ish) in `zone`.
    static func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ zone: TimeZone) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return try #require(calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour)))
    }

    /// Days on which DST began at midnight (the day starts at 01:00), and days on which it ended
    /// there (a 25-hour day: America/Santiago's 2024-04-06 runs 23:00 twice, America/Havana's
    /// 2024-11-03 starts with 00:00 twice), from zoneinfo (`zdump -v`).
    static let midnightTransitions: [(String, Int, Int, Int)] = [
        ("America/Havana", 2024, 3, 10), ("America/Santiago", 2024, 9, 8), ("Africa/Cairo", 2024, 4, 26),
        ("Asia/Beirut", 2024, 3, 31), ("Atlantic/Azores", 2024, 3, 31),
        ("America/Santiago", 2024, 4, 6), ("America/Havana", 2024, 11, 3),
    ]

    @Test(
        "yesterday is the calendar date before, also around a midnight DST start or end, both ways",
        arguments: midnightTransitions)
    func midnightDST(zone name: String, year: Int, month: Int, day: Int) throws {
        let zone = try #require(TimeZone(identifier: name))
        let onTheDay = try Self.local(year, month, day, 12, zone)
        let dayAfter = try Self.local(year, month, day + 1, 12, zone)
        let twoDaysAfter = try Self.local(year, month, day + 2, 12, zone)
        let before = try Self.local(year, month, day - 1, 12, zone)
        func relative(_ date: Date, from now: Date) -> String {
            TimeFormatter(timeZone: zone, now: { now }).relativeString(for: date)
        }
        #expect(relative(onTheDay, from: dayAfter) == "昨天 12:00", "\(name)")
        #expect(relative(dayAfter, from: onTheDay) == "明天 12:00", "\(name)")
        #expect(relative(before, from: onTheDay) == "昨天 12:00", "\(name)")
        #expect(relative(onTheDay, from: before) == "明天 12:00", "\(name)")
        let mmdd = String(format: "%02d-%02d 12:00", month, day)
        #expect(relative(onTheDay, from: twoDaysAfter) == mmdd, "two days ago is not yesterday in \(name)")
        // And on the short day itself, the hours since its first hour are hours, not yesterday.
        let firstHour = try Self.local(year, month, day, 1, zone)
        #expect(relative(firstHour, from: onTheDay) == "11小时前", "\(name)")
    }

    @Test(
        "dates before the Gregorian reform print as proleptic Gregorian, as ISO 8601 has them",
        arguments: [
            (-14_831_769_600.0, "1500-01-01"),  // bsl time -14831769600
            (-12_219_379_200.0, "1582-10-14"),
            (-12_219_292_800.0, "1582-10-15"),
            (-62_135_596_800.0, "0001-01-01"),
        ])
    func prolepticGregorian(seconds: Double, expected: String) throws {
        let formatter = TimeFormatter(timeZone: try TimeParser.timeZone(named: "UTC"))
        #expect(formatter.string(from: Date(timeIntervalSince1970: seconds), pattern: "yyyy-MM-dd") == expected)
        let parser = TimeParser(timeZone: try TimeParser.timeZone(named: "UTC"))
        #expect(try parser.date(from: expected).timeIntervalSince1970 == seconds, "parsed back")
    }

    @Test(
        "years before 1 (and past 9999) in the zone print with their sign, never as if AD",
        arguments: [
            // 0001-01-01T00:00:00Z is still the year 0 in New York (LMT, -4:56:02).
            ("America/New_York", -62_135_596_800.0, "yyyy-MM-dd HH:mm:ss", "+000000-12-31 19:03:58"),
            ("America/New_York", -62_135_596_800.0, "yyyy-MM-dd", "+000000-12-31"),
            ("UTC", -62_135_596_800.0, "yyyy-MM-dd HH:mm", "0001-01-01 00:00"),
            ("UTC", -62_135_596_801.0, "yyyy-MM-dd HH:mm:ss", "+000000-12-31 23:59:59"),
            ("UTC", -62_167_219_201.0, "yyyy-MM-dd", "-000001-12-31"),
            ("Asia/Shanghai", 253_402_300_799.0, "yyyy-MM-dd HH:mm", "+010000-01-01 07:59"),
        ])
    func signedYears(zone name: String, seconds: Double, pattern: String, expected: String) throws {
        let formatter = TimeFormatter(timeZone: try TimeParser.timeZone(named: name))
        #expect(formatter.string(from: Date(timeIntervalSince1970: seconds), pattern: pattern) == expected)
    }

    @Test(
        "RFC 3339 is written proleptic Gregorian in UTC, to the second, years outside 1–9999 signed",
        arguments: [
            (-14_831_769_600.0, "1500-01-01T00:00:00Z"),
            (-12_219_379_200.0, "1582-10-14T00:00:00Z"),
            (-12_219_292_800.5, "1582-10-14T23:59:59Z"),
            (-62_135_596_800.0, "0001-01-01T00:00:00Z"),
            (-62_135_596_801.0, "+000000-12-31T23:59:59Z"),
            (-62_167_219_201.0, "-000001-12-31T23:59:59Z"),
            (253_402_300_799.999, "9999-12-31T23:59:59Z"),
            (253_402_300_800.0, "+010000-01-01T00:00:00Z"),
            (1_796_019_300.999_9, "2026-11-30T06:15:00Z"),
            (0, "1970-01-01T00:00:00Z"),
            (-0.5, "1969-12-31T23:59:59Z"),
        ])
    func rfc3339(seconds: Double, expected: String) {
        #expect(TimeFormatter.rfc3339String(from: Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test("fractional seconds are truncated, never carried into the next second")
    func fractionsTruncate() throws {
        let parser = TimeParser(timeZone: try TimeParser.timeZone(named: "UTC"))
        let date = try parser.date(from: "2026-11-30T11:45:00.999999999+05:30")
        #expect(date.timeIntervalSince1970 < 1_796_019_301)
        let formatter = TimeFormatter(timeZone: try TimeParser.timeZone(named: "UTC"))
        #expect(formatter.string(from: date, pattern: "yyyy-MM-dd HH:mm:ss.SSS") == "2026-11-30 06:15:00.999")
        #expect(formatter.string(from: date, pattern: "HH:mm:ss") == "06:15:00")
        let half = try parser.date(from: "1700000000.5")
        #expect(formatter.string(from: half, pattern: "ss.SSS") == "20.500")
    }

    @Test(
        "ISO 8601 that no calendar has is an error, not a rolled-over date",
        arguments: [
            "9999-12-31T23:59:59-99:99", "2026-02-31T00:00:00Z", "2023-02-29T00:00:00Z", "2026-01-01T10:00:00+19:00",
            "2026-01-01T24:00:00Z", "2026-01-01T10:60:00Z", "2026-01-01T10:00:61Z", "0000-01-01T00:00:00Z",
            "2026-01-01T10:00:00+08:60", "2026-01-01T10:00:00.Z", "2026-01-01T10:00:00",
        ])
    func impossibleISO(text: String) throws {
        let parser = TimeParser(timeZone: try TimeParser.timeZone(named: "UTC"))
        #expect(throws: FormatError.invalidTime(text)) { try parser.date(from: text) }
    }

    @Test(
        "ISO 8601 reads as RFC 3339 writes it, proleptic Gregorian",
        arguments: [
            ("1582-10-14T00:00:00Z", -12_219_379_200.0),
            ("2014-11-30T14:15:00+08:00", 1_417_328_100),
            ("2014-11-30t06:15:00.25z", 1_417_328_100.25),
            ("2014-11-30T14:15:00+0800", 1_417_328_100),
            ("2024-02-29T00:00:00Z", 1_709_164_800),
            ("2016-12-31T23:59:60Z", 1_483_228_800),  // a leap second, as RFC 3339 allows
        ])
    func readsISO(text: String, seconds: Double) throws {
        let parser = TimeParser(timeZone: try TimeParser.timeZone(named: "UTC"))
        #expect(try parser.date(from: text).timeIntervalSince1970 == seconds)
    }

    @Test("ISO 8601 past the year 9999 in UTC is out of range")
    func pastTheRange() throws {
        let parser = TimeParser(timeZone: try TimeParser.timeZone(named: "UTC"))
        let text = "9999-12-31T23:00:00-05:00"
        #expect(throws: FormatError.timeOutOfRange(text)) { try parser.date(from: text) }
    }

    @Test(
        "zone abbreviations are refused, naming the IANA zones they may mean",
        arguments: [
            ("CST", ["Asia/Shanghai", "America/Chicago", "America/Havana"]),
            ("IST", ["Asia/Kolkata", "Asia/Jerusalem", "Europe/Dublin"]),
            ("BST", ["Europe/London", "Asia/Dhaka"]),
            ("JST", ["Asia/Tokyo"]),
        ])
    func abbreviations(name: String, candidates: [String]) {
        do {
            let zone = try TimeParser.timeZone(named: name)
            Issue.record("\(name) was taken as \(zone.identifier)")
        } catch {
            #expect(error == .abbreviatedTimeZone(name, candidates: candidates))
            for candidate in candidates { #expect(error.description.contains(candidate)) }
            #expect(!error.description.contains("\n"))
        }
    }

    @Test(
        "IANA names, UTC, GMT and offsets are still zones", arguments: ["Asia/Shanghai", "UTC", "GMT", "+08:00", "PRC"])
    func accepted(name: String) throws {
        _ = try TimeParser.timeZone(named: name)
    }
}
