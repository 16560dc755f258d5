import BasicFormat
import Foundation
import TestSupport
import Testing

@Suite struct ChinaTimeZoneTests {
    @Test(
        "China Standard Time is eight hours ahead of UTC, winter and summer, with no daylight saving",
        arguments: [
            1_471_102_860.0,  // 2016-08-13 15:41 UTC, summer
            1_768_435_200.0,  // 2026-01-15 00:00 UTC, winter
            946_684_800.0,  // 2000-01-01 00:00 UTC
            1_782_864_000.0,  // 2026-07-01 00:00 UTC
        ])
    func offset(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(TimeZone.chinaStandard.secondsFromGMT(for: date) == 8 * 3600)
        #expect(!TimeZone.chinaStandard.isDaylightSavingTime(for: date))
    }

    @Test("it is the system's Asia/Shanghai, so dates before 1991 keep their history")
    func identifier() {
        #expect(TimeZone.chinaStandard.identifier == "Asia/Shanghai")
    }

    @Test("a wall-clock time without a zone, read and written in it, is China time both ways")
    func roundTrip() throws {
        let date = try TimeParser(timeZone: .chinaStandard).date(from: "2016-08-13 23:41:00")
        #expect(date == Date(timeIntervalSince1970: 1_471_102_860))  // 15:41 UTC
        let text = TimeFormatter(timeZone: .chinaStandard).string(from: date, pattern: "yyyy-MM-dd HH:mm:ss")
        #expect(text == "2016-08-13 23:41:00")
    }

    /// `TimeFormatter.chinaStandard()` answers moments from 1992 on as +08:00 without asking
    /// Foundation's zone: that holds only while the zone has no change of offset after 1991.
    @Test("Foundation's Asia/Shanghai is +08:00 every twelve hours from 1992 to 2200")
    func settledSince1992() {
        let start = 694_224_000  // 1992-01-01 00:00 UTC
        let end = 7_258_118_400  // 2200-01-01 00:00 UTC
        let wrong = stride(from: start, to: end, by: 12 * 3600).first {
            TimeZone.chinaStandard.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) != 8 * 3600
        }
        #expect(wrong == nil)
        // The last change was the end of daylight saving time on 1991-09-15 (02:00 CDT).
        #expect(TimeZone.chinaStandard.secondsFromGMT(for: Date(timeIntervalSince1970: 684_867_599)) == 9 * 3600)
        #expect(TimeZone.chinaStandard.secondsFromGMT(for: Date(timeIntervalSince1970: 684_867_600)) == 8 * 3600)
    }

    @Test(
        "the China formatter writes what a formatter given Asia/Shanghai writes, before 1992 too",
        arguments: [
            -2_177_481_943.0,  // 1900-12-31 15:54:17 UTC: local mean time, +08:05:43
            -1_600_675_200.0,  // 1919-04-12 16:00 UTC: the first daylight saving time begins
            -933_667_200.0,  // 1940-05-31 16:00 UTC: daylight saving time begins at midnight
            -631_152_000.0,  // 1950-01-01
            515_527_200.0,  // 1986-05-03 18:00 UTC: daylight saving time begins
            684_867_599.0,  // 1991-09-14 16:59:59 UTC: its last second
            684_867_600.0,  // 1991-09-14 17:00 UTC: the last change
            694_223_999.0,  // 1991-12-31 23:59:59 UTC
            694_224_000.0,  // 1992-01-01 00:00 UTC
            1_471_102_860.5,  // 2016-08-13 15:41:00.5 UTC
            1_782_864_000.0,  // 2026-07-01
            32_503_680_000.0,  // 3000-01-01
        ])
    func lazyFormatter(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        let reference = Date(timeIntervalSince1970: seconds + 26 * 3600)
        let lazy = TimeFormatter.chinaStandard(now: { reference })
        let given = TimeFormatter(timeZone: .chinaStandard, now: { reference })
        for pattern in ["yyyy-MM-dd HH:mm:ss", "MM-dd HH:mm", "HH:mm", "yyyy年M月d日 EEEE"] {
            #expect(lazy.string(from: date, pattern: pattern) == given.string(from: date, pattern: pattern))
        }
        #expect(lazy.relativeString(for: date) == given.relativeString(for: date))
    }

    @Test("the China formatter's zone is Asia/Shanghai, and another zone set on it is the one used")
    func lazyFormatterZone() {
        var formatter = TimeFormatter.chinaStandard(language: .english)
        #expect(formatter.timeZone.identifier == "Asia/Shanghai")
        #expect(formatter.language == .english)
        let date = Date(timeIntervalSince1970: 1_768_435_200)  // 2026-01-15 00:00 UTC
        #expect(formatter.string(from: date, pattern: "HH:mm") == "08:00")
        formatter.timeZone = TimeZone(identifier: "America/New_York") ?? .gmt
        #expect(formatter.timeZone.identifier == "America/New_York")
        #expect(formatter.string(from: date, pattern: "HH:mm") == "19:00")
    }

    @Test(
        "the China parser reads what a parser given Asia/Shanghai reads, and refuses what it refuses",
        arguments: [
            "2016-08-13 23:41:00", "2016-08-13 23:41", "2016-08-13", "2024-02-29 12:00:00", "9999-12-31 23:59:59",
            "1992-01-01 08:00:00", "1992-01-01 07:59:59", "1991-12-31 23:59:59", "1991-09-15 01:30:00",
            "1988-04-17 02:30:00", "1950-06-01 00:00", "1900-01-01",
            "2023-02-29", "2026-13-01", "2026-00-10", "2026-04-31 10:00", "2026-03-12 24:00", "2026-03-12 10:60",
            "2026-03-12 10:20:60", "0000-01-01", "2026-3-12 10:20", "2026-03-12T10:20", "2026-03-12  10:20",
            "1700000000", "1700000000000", "2014-11-30T14:15:00+08:00", "2014-11-30 14:15:00 ", "昨天 10:20",
        ])
    func lazyParser(text: String) {
        let lazy = Result { () throws(FormatError) in try TimeParser.chinaStandard().date(from: text) }
        let given = Result { () throws(FormatError) in try TimeParser(timeZone: .chinaStandard).date(from: text) }
        switch (lazy, given) {
        case (.success(let one), .success(let other)): #expect(one == other)
        case (.failure(let one), .failure(let other)): #expect(one.description == other.description)
        default: Issue.record("\(text): \(lazy) against \(given)")
        }
    }

    @Test("the China parser agrees with a parser given Asia/Shanghai on 3,000 moments from 1992 to 9999")
    func lazyParserSweep() throws {
        var generator = SeededGenerator(seed: 1992)  // the same moments every run, so a failure repeats
        let lazy = TimeParser.chinaStandard()
        let given = TimeParser(timeZone: .chinaStandard)
        let formatter = TimeFormatter(timeZone: .chinaStandard)
        for index in 0..<3_000 {
            let seconds = Double.random(in: 694_224_000...253_402_271_999, using: &generator).rounded(.down)
            let pattern = ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd"][index % 3]
            let text = formatter.string(from: Date(timeIntervalSince1970: seconds), pattern: pattern)
            #expect(try lazy.date(from: text) == given.date(from: text), "\(text)")
        }
    }

    @Test("the China parser's zone is Asia/Shanghai, and another zone set on it is the one used")
    func lazyParserZone() throws {
        var parser = TimeParser.chinaStandard(unit: .milliseconds)
        #expect(parser.timeZone.identifier == "Asia/Shanghai")
        #expect(try parser.date(from: "1700000000000") == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try parser.date(from: "2026-01-15 08:00") == Date(timeIntervalSince1970: 1_768_435_200))
        parser.timeZone = TimeZone(identifier: "America/New_York") ?? .gmt
        #expect(try parser.date(from: "2026-01-14 19:00") == Date(timeIntervalSince1970: 1_768_435_200))
    }
}
