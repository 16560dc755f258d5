import BasicFormat
import Foundation
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
}
