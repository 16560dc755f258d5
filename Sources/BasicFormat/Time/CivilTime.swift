import Foundation

/// Civil dates and times as numbers, proleptic Gregorian: the one place the package turns a
/// calendar date into an instant and back, for ``TimeParser``, ``TimeFormatter`` and the feed
/// reader's dates (BasicXML), so that none of them rolls 31 February over or turns Julian
/// before 1582.
package enum CivilTime {
    /// The number of days in `month` (1–12) of `year`.
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's `days_from_civil`).
    package static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year of a day number.
    package static func year(ofDay day: Int) -> Int {
        date(ofDay: day).year
    }

    /// The instant of a civil date and time at `offset` seconds east of UTC; nil when a field
    /// is out of range (the 31st of a 30-day month, hour 24, minute 60, second 61, an offset
    /// beyond ±18:00) or the year is outside 1–9999 (no year before 1 is read as if it were AD;
    /// callers check that the offset has not moved the instant out of those years:
    /// ``TimeParser/supportedRange``). Second 60 (a leap second) is accepted.
    package static func instant(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, fraction: Double = 0,
        offset: Int = 0
    ) -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second), abs(offset) <= 18 * 3600
        else { return nil }
        let days = dayNumber(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The civil date of a day number (Howard Hinnant's `civil_from_days`).
    package static func date(ofDay day: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = day + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * monthIndex + 2) / 5 + 1)
    }

    /// The calendar date of `date` where clocks are `offset` seconds ahead of UTC, as a day
    /// number and its year.
    static func day(of date: Date, offset: Int) -> (day: Int, year: Int) {
        let local = date.timeIntervalSince1970 + Double(offset)
        let day = Int((local / 86_400).rounded(.down))
        return (day, year(ofDay: day))
    }
}
