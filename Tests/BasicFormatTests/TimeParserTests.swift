import BasicFormat
import Foundation
import Testing

@Suite struct TimeParserTests {
    static let parser = TimeParser(timeZone: TimeZone(identifier: "Asia/Shanghai") ?? .gmt)

    @Test(
        "reads timestamps, ISO 8601 and wall-clock times",
        arguments: [
            ("1700000000", 1_700_000_000.0),
            ("1700000000000", 1_700_000_000.0),
            ("1700000000123", 1_700_000_000.123),
            ("99999999999", 99_999_999_999.0),  // just below the threshold: seconds
            ("100000000000", 100_000_000.0),  // at the threshold: milliseconds
            ("-1", -1.0),
            ("1700000000.5", 1_700_000_000.5),
            ("2016-08-13 23:41:00", 1_471_102_860.0),  // China time
            ("2016-08-13 23:41", 1_471_102_860.0),
            ("2016-08-13", 1_471_017_600.0),
            ("2014-11-30T14:15:00+08:00", 1_417_328_100.0),
            ("2014-11-30T06:27:36Z", 1_417_328_856.0),
            ("2014-11-30T06:27:36.5Z", 1_417_328_856.5),
            (" 1700000000 ", 1_700_000_000.0),
        ])
    func parses(text: String, seconds: Double) throws {
        let date = try Self.parser.date(from: text)
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.0005, "\(text) → \(date.timeIntervalSince1970)")
    }

    @Test("a stated unit overrides the magnitude rule")
    func statedUnit() throws {
        let zone = TimeZone(identifier: "UTC") ?? .gmt
        #expect(try TimeParser(timeZone: zone, unit: .milliseconds).date(from: "1500").timeIntervalSince1970 == 1.5)
        #expect(
            try TimeParser(timeZone: zone, unit: .seconds).date(from: "200000000000").timeIntervalSince1970
                == 200_000_000_000)
    }

    @Test(
        "anything else is a clear error",
        arguments: [
            "yesterday", "", "12abc", "2016-13-45 99:00:00", "2016-08-13 23:41:00 +08", "0x10", "1e3", "nan", "inf",
            "2014-11-30T14:15:00",
        ])
    func rejects(text: String) {
        #expect(throws: FormatError.invalidTime(text)) { try Self.parser.date(from: text) }
    }

    @Test(
        "time zones by identifier or offset",
        arguments: [
            ("Asia/Shanghai", 28_800 as Int?), ("UTC", 0), ("+08:00", 28_800), ("-0530", -19_800), ("+00:00", 0),
            ("Mars/Base", nil), ("+15:00", nil), ("+8", nil), ("08:00", nil),
        ])
    func timeZones(name: String, offset: Int?) throws {
        if let offset {
            let zone = try TimeParser.timeZone(named: name)
            #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_700_000_000)) == offset)
        } else {
            #expect(throws: FormatError.invalidTimeZone(name)) { try TimeParser.timeZone(named: name) }
        }
    }

    @Test("date(from:) reads a substring and throws FormatError itself")
    func substringTyped() throws {
        let line = "at 1700000000 or never"
        let fields = line.split(separator: " ")
        #expect(try Self.parser.date(from: fields[1]) == Date(timeIntervalSince1970: 1_700_000_000))
        do throws(FormatError) {
            _ = try Self.parser.date(from: fields[3])
            Issue.record("'never' parsed as a time")
        } catch {
            #expect(error == .invalidTime("never"))
        }
    }
}
