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
            // The first and last moments of the years 1 to 9999, the range TimeParser reads.
            ("0001-01-01T00:00:00Z", -62_135_596_800),
            ("0001-01-01T01:00:00+01:00", -62_135_596_800),
            ("Mon, 01 Jan 0001 00:00:00 GMT", -62_135_596_800),
            ("9999-12-31T23:59:59Z", 253_402_300_799),
        ])
    func reads(text: String, expected: Double) {
        #expect(FeedDate.date(from: text)?.timeIntervalSince1970 == expected, "\(text)")
    }

    /// Seconds since 1970 of a UTC civil time in the proleptic Gregorian calendar, counted year by
    /// year (independently of `FeedDate`'s formula).
    static func epoch(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) -> Double {
        func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }
        var days = 0
        if y >= 1970 {
            for year in 1970..<y { days += isLeap(year) ? 366 : 365 }
        } else {
            for year in y..<1970 { days -= isLeap(year) ? 366 : 365 }
        }
        let lengths = [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        days += lengths.prefix(m - 1).reduce(0, +) + d - 1
        return Double(days * 86_400 + h * 3600 + mi * 60 + s)
    }

    /// feedparser's own date tests (tests/test_date_parsers.py): the RFC 822, asctime and W3C-DTF
    /// cases, with the UTC time it expects (the ancient date too, proleptic Gregorian).
    @Test(
        "feedparser's date cases read as feedparser reads them",
        arguments: [
            ("Thu, 30 Apr 2015 08:57:00 MET", [2015, 4, 30, 7, 57, 0]),
            ("Thu, 30 Apr 2015 08:57:00 MEST", [2015, 4, 30, 6, 57, 0]),
            ("Thu, 01 Jan 0100 00:00:01 +0100", [99, 12, 31, 23, 0, 1]),
            ("Thu, 01 Jan 04 19:48:21 GMT", [2004, 1, 1, 19, 48, 21]),
            ("Thu, 01 Jan 2004 19:48:21 GMT", [2004, 1, 1, 19, 48, 21]),
            ("Thu,  5 Apr 2012 10:00:00 GMT", [2012, 4, 5, 10, 0, 0]),
            ("Wed, 19 Aug 2009 18:28:00 Etc/GMT", [2009, 8, 19, 18, 28, 0]),
            ("Wed, 19 Feb 2012 22:40:00 GMT-01:01", [2012, 2, 19, 23, 41, 0]),
            ("Wed, 19 Feb 2012 22:40:00 -01:01", [2012, 2, 19, 23, 41, 0]),
            ("Mon, 13 Feb, 2012 06:28:00 UTC", [2012, 2, 13, 6, 28, 0]),
            ("Thu, 01 Jan 2004 00:00 GMT", [2004, 1, 1, 0, 0, 0]),
            ("Thu, 01 Jan 2004", [2004, 1, 1, 0, 0, 0]),
            ("Mon, 26 January 2004 16:31:00 AT", [2004, 1, 26, 20, 31, 0]),
            ("Mon, 26 January 2004 16:31:00 ET", [2004, 1, 26, 21, 31, 0]),
            ("Mon, 26 January 2004 16:31:00 CT", [2004, 1, 26, 22, 31, 0]),
            ("Mon, 26 January 2004 16:31:00 MT", [2004, 1, 26, 23, 31, 0]),
            ("Mon, 26 January 2004 16:31:00 PT", [2004, 1, 27, 0, 31, 0]),
            ("Thu Aug 30 2012 17:26:16 +0200", [2012, 8, 30, 15, 26, 16]),
            ("Sun Jan  4 16:29:06 2004", [2004, 1, 4, 16, 29, 6]),
            ("Sun Jul 15 01:16:00 +0000 2012", [2012, 7, 15, 1, 16, 0]),
            ("2003-12-31T10:14:55Z", [2003, 12, 31, 10, 14, 55]),
            ("2003-12-31T10:14:55-08:00", [2003, 12, 31, 18, 14, 55]),
            ("2003-12-31T18:14:55+08:00", [2003, 12, 31, 10, 14, 55]),
            ("2003-12-31", [2003, 12, 31, 0, 0, 0]),
            ("2003-12", [2003, 12, 1, 0, 0, 0]),
            ("2003", [2003, 1, 1, 0, 0, 0]),
            ("2004-02-28T18:14:55-08:00", [2004, 2, 29, 2, 14, 55]),
            ("2003-02-28T18:14:55-08:00", [2003, 3, 1, 2, 14, 55]),
            ("2000-02-28T18:14:55-08:00", [2000, 2, 29, 2, 14, 55]),
            ("2004-07-08 23:56:58 -00:20", [2004, 7, 9, 0, 16, 58]),
            ("2004-07-08 23:56:58", [2004, 7, 8, 23, 56, 58]),
            ("2004-07-08 23:56:58.0", [2004, 7, 8, 23, 56, 58]),
            // Beyond feedparser's table, from the issue: GMT+0800, a trailing comment, Gregorian
            // before 1582.
            ("Mon, 30 Nov 2026 14:15:00 GMT+0800", [2026, 11, 30, 6, 15, 0]),
            ("Mon, 30 Nov 2026 06:15:00 GMT (UTC)", [2026, 11, 30, 6, 15, 0]),
            ("1582-10-14T00:00:00Z", [1582, 10, 14, 0, 0, 0]),
            ("1500-01-01", [1500, 1, 1, 0, 0, 0]),
        ] as [(String, [Int])])
    func feedparserCases(text: String, utc: [Int]) {
        let expected = Self.epoch(utc[0], utc[1], utc[2], utc[3], utc[4], utc[5])
        #expect(FeedDate.date(from: text)?.timeIntervalSince1970 == expected, "\(text)")
    }

    @Test(
        "feedparser's invalid dates, and what no calendar has, are nil rather than rolled over",
        arguments: [
            "Sun, 31 Dec 9999 23:59:59 -9999", "Sun, 16 Dec 2012 1:2:3:4 GMT", "Sun, 16 zzz 2012 11:47:32 GMT",
            "Sun, Dec x 2012 11:47:32 GMT", "Sun, 16 Dec zz 11:47:32 GMT", "Sun, 16 Dec 2012 11:47:32 +zz:00",
            "Sun, 16 Dec 2012 11:47:32 +00:zz", "Sun, 99 Jun 2009 12:00:00 GMT", "9999-12-31T23:59:59-99:99",
            "2003-12-31T25:14:55Z", "2003-12-31T10:61:55Z", "2003-12-31T10:14:61Z", "22013", "013", "2013-01-27-01",
            "2013-01-28T11:30:00-06:00Textra", "2013-xx-27", "2013-01-28T09:xx:00Z", "2013-01-28T09:00:00+00:xx",
            "2023-02-31T00:00:00Z", "31 Feb 2023 00:00:00 GMT", "29 Feb 2023", "2024-04-31",
            "2026-11-30T06:15:00+18:01", "Mon, 30 Nov 2026 06:15:00 +1900", "2026-11-30T06:15:00.Z",
        ])
    func feedparserRejects(text: String) {
        #expect(FeedDate.date(from: text) == nil, "\(text)")
    }

    @Test("fractional seconds never round up into the next second")
    func fractionsTruncate() throws {
        let date = try #require(FeedDate.date(from: "2026-11-30T11:45:00.999999999+05:30"))
        #expect(date.timeIntervalSince1970 < Self.instant + 1)
        #expect(date.timeIntervalSince1970 >= Self.instant + 0.999)
        #expect(FeedDate.date(from: "2026-11-30T06:15:00.9725356Z")!.timeIntervalSince1970 < Self.instant + 1)
    }

    @Test(
        "what is not a date is nil",
        arguments: [
            "", "yesterday", "2026-13-01T00:00:00Z", "2026-11-30T25:00:00Z", "Mon, 30 Foo 2026 06:15:00 GMT",
            "2026-11-30T06:15:00+08", "30 Nov 2026 06:15:00 XYZ",
            // Years before 1 are refused, as TimeParser refuses them, not printed as if AD; so is a
            // moment that an offset moves out of the years 1 to 9999.
            "0000-01-01T00:00:00Z", "0000-12-31", "Sat, 01 Jan 0000 00:00:00 GMT", "1 Jan 0000",
            "0001-01-01T00:00:00+01:00", "9999-12-31T23:00:00-05:00", "Fri, 31 Dec 9999 23:00:00 -0500",
        ])
    func rejects(text: String) {
        #expect(FeedDate.date(from: text) == nil, "\(text)")
    }
}
