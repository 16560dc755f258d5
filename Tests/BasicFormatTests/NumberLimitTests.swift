import BasicFormat
import Foundation
import Testing

/// Issue 12, defect 10: numbers too large to hold are refused, never silently changed or printed
/// as an empty line.
@Suite struct NumberLimitTests {
    static let utc = TimeZone(identifier: "UTC") ?? .gmt

    @Test(
        "timestamps past the years 1 to 9999 are refused",
        arguments: [
            "99999999999999999999", "9223372036854775807", "253402300800000", "-62135596801000",
            "-99999999999999999999",
        ])
    func timestampsOutOfRange(text: String) {
        #expect(throws: FormatError.timeOutOfRange(text)) {
            try TimeParser(timeZone: Self.utc).date(from: text)
        }
    }

    @Test("seconds past 9999 are refused when the unit is stated too")
    func statedSecondsOutOfRange() {
        #expect(throws: FormatError.timeOutOfRange("253402300800")) {
            try TimeParser(timeZone: Self.utc, unit: .seconds).date(from: "253402300800")
        }
    }

    @Test(
        "the ends of the range are read and print as dates",
        arguments: [
            ("253402300799999", "9999-12-31 23:59:59"), ("99999999999", "5138-11-16 09:46:39"),
            ("-62135596800000", "0001-01-0"),
        ])
    func rangeEnds(text: String, printed: String) throws {
        let date = try TimeParser(timeZone: Self.utc).date(from: text)
        let formatter = TimeFormatter(timeZone: Self.utc)
        #expect(formatter.string(from: date, pattern: "yyyy-MM-dd HH:mm:ss").hasPrefix(printed))
    }

    @Test("the message says what range to use")
    func timeMessage() {
        let message = FormatError.timeOutOfRange("99999999999999999999").description
        #expect(message.contains("outside the years 1 to 9999"))
    }

    @Test(
        "amounts of 39 or more digits are refused rather than rounded",
        arguments: [
            ("999999999999999999999999999999999999999", 39),
            ("123456789012345678901234567890123456789", 39),
            ("0.123456789012345678901234567890123456789", 39),
            ("1" + String(repeating: "0", count: 40), 41),
            ("-1234567890123456789012345678.9012345678901", 41),
            ("0." + String(repeating: "0", count: 200) + "1", 201),
        ])
    func amountsTooPrecise(text: String, digits: Int) {
        #expect(throws: FormatError.amountTooPrecise(text, digits: digits)) { try Money.parse(text) }
    }

    @Test(
        "38 digits, and zeros that do not count, are exact",
        arguments: [
            "99999999999999999999999999999999999999", "0.99999999999999999999999999999999999999",
            "000000000000000000000000000000000000000000012.5", "7.5000000000000000000000000000000000000000000",
            "-1234567890123456789012345678.901234567",
        ])
    func amountsThatFit(text: String) throws {
        let amount = try Money.parse(text)
        #expect(amount == Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        // Exact: the digits written come back, less the zeros that do not count.
        var expected = text.drop { $0 == "0" || $0 == "-" }
        if expected.contains(".") {
            while expected.last == "0" { expected.removeLast() }
            if expected.last == "." { expected.removeLast() }
        }
        if expected.hasPrefix(".") { expected = "0" + expected }
        let printed = "\(amount)".drop { $0 == "-" }
        #expect(printed == expected)
    }

    @Test("the 38-digit maximum formats with every digit kept")
    func formatsTheMaximum() throws {
        let amount = try Money.parse("99999999999999999999999999999999999999")
        #expect(Money.format(amount, groupingSeparator: "") == "99999999999999999999999999999999999999.00")
    }
}
