import Foundation

/// Moments as text: with a pattern in a time zone, or relative to now the way Chinese apps
/// show them (`刚刚`, `3分钟前`, `昨天 14:05`).
///
/// ```swift
/// let formatter = TimeFormatter(timeZone: TimeZone(identifier: "Asia/Shanghai")!)
/// formatter.string(from: date, pattern: "yyyy-MM-dd HH:mm")   // "2026-11-30 16:00"
/// formatter.relativeString(for: date)                         // "3分钟前"
/// ```
///
/// "Now", the time zone and the language are injectable, so that results are exact in tests.
/// The calendar is always Gregorian, proleptic (no Julian dates before 1582).
public struct TimeFormatter: Sendable {
    /// The language of relative text.
    public enum Language: String, Sendable, CaseIterable {
        /// 刚刚, 3分钟前, 2小时前, 昨天 14:05; 3分钟后, 明天 09:00.
        case chinese = "zh"
        /// just now, 3 minutes ago, 2 hours ago, yesterday 14:05; in 3 minutes, tomorrow 09:00.
        case english = "en"
    }

    /// The zone that days and clock times are counted in.
    public var timeZone: TimeZone {
        get { zone.timeZone }
        set { zone = .given(newValue) }
    }
    /// The zone, or China Standard Time not yet made (``chinaStandard(language:now:)``).
    private var zone: ClockZone
    /// The language of relative text.
    public var language: Language
    /// The moment relative text is measured from.
    public var now: @Sendable () -> Date

    /// Creates a formatter; `now` defaults to the system clock.
    public init(timeZone: TimeZone, language: Language = .chinese, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(zone: .given(timeZone), language: language, now: now)
    }

    private init(zone: ClockZone, language: Language, now: @escaping @Sendable () -> Date) {
        self.zone = zone
        self.language = language
        self.now = now
    }

    /// A formatter in China Standard Time: what `TimeFormatter(timeZone: .chinaStandard)`
    /// writes, for every moment, without making Foundation's `Asia/Shanghai` until a moment
    /// before 1992 or a read of ``timeZone`` needs it.
    ///
    /// ```swift
    /// TimeFormatter.chinaStandard().string(from: date, pattern: "yyyy-MM-dd HH:mm")   // "2026-11-30 16:00"
    /// ```
    ///
    /// Making the zone reads ICU's time zone tables, about 1.5 MiB of memory that a command
    /// listing this year's articles would otherwise touch for an offset that has been +08:00
    /// since September 1991, when China last ended daylight saving time.
    public static func chinaStandard(
        language: Language = .chinese, now: @escaping @Sendable () -> Date = { Date() }
    ) -> TimeFormatter {
        TimeFormatter(zone: .chinaStandard, language: language, now: now)
    }

    /// The date written with a `DateFormatter` pattern (`yyyy-MM-dd HH:mm:ss`) in
    /// ``timeZone``, with fixed (POSIX) symbols whatever the machine's locale.
    ///
    /// Fractions of a second are never carried into the next second: `DateFormatter` rounds to
    /// the millisecond, which would print 06:15:00.9999 as 06:15:01; it prints 06:15:00.999.
    /// In the numeric patterns (`yyyy`, `MM`, `dd`, `HH`, `mm`, `ss` and separators), a year
    /// outside 1–9999 in ``timeZone`` is written with its sign (`+000000-12-31` for the year
    /// before 1), as the package's RFC 3339 writer does, never as if it were AD.
    public func string(from date: Date, pattern: String) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let shown = seconds - whole >= 0.999_5 ? Date(timeIntervalSince1970: whole + 0.999) : date
        if let text = NumericPattern(pattern)?.string(from: shown, in: zone) { return text }
        return Self.makeFormatter(pattern: pattern, timeZone: timeZone).string(from: shown)
    }

    /// The moment as RFC 3339 in UTC, to the second: `2026-11-30T06:15:00Z`. The one writer of
    /// the dates the package's JSON and messages show (`bsl feed --json`, `bsl feeds items --json`).
    ///
    /// ```swift
    /// TimeFormatter.rfc3339String(from: Date(timeIntervalSince1970: -14_831_769_600))  // "1500-01-01T00:00:00Z"
    /// ```
    ///
    /// The calendar is proleptic Gregorian, as ISO 8601 has it, however old the date (Foundation's
    /// `.iso8601` style and `ISO8601DateFormatter` turn Julian before 1582-10-15: they write
    /// 1500-01-01 as `1499-12-23`). Fractions of a second are dropped, never rounded up. Years
    /// outside 1–9999, which RFC 3339 cannot write, are written as ISO 8601's expanded years
    /// (astronomical numbering, a sign and six digits, as ECMAScript's `toISOString`): the year
    /// before 1 is `+000000`, the one before it `-000001`, so that no year before 1 reads as AD.
    /// Moments beyond about 12 million years either way are written as their seconds since 1970.
    package static func rfc3339String(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // Beyond ±4e14 seconds (about 12 million years), where no feed or API has a date, the
        // seconds themselves: never a wrong year, and Int arithmetic below stays exact.
        guard seconds.isFinite, abs(seconds) < 4e14 else { return String(date.timeIntervalSince1970) }
        let whole = Int(seconds)
        let dayNumber = Int((Double(whole) / 86_400).rounded(.down))
        let (year, month, day) = CivilTime.date(ofDay: dayNumber)
        let ofDay = whole - dayNumber * 86_400
        var text = ""
        NumericPattern.appendYear(year, to: &text)
        for (separator, value) in [
            ("-", month), ("-", day), ("T", ofDay / 3600), (":", ofDay / 60 % 60), (":", ofDay % 60),
        ] {
            text += separator
            NumericPattern.append(value, digits: 2, to: &text)
        }
        return text + "Z"
    }

    /// The date relative to ``now``:
    ///
    /// | how far | Chinese | English |
    /// |---|---|---|
    /// | under a minute, either way | 刚刚 | just now |
    /// | under an hour | N分钟前 / N分钟后 | N minutes ago / in N minutes |
    /// | the same day | N小时前 / N小时后 | N hours ago / in N hours |
    /// | the day before / after | 昨天 HH:mm / 明天 HH:mm | yesterday HH:mm / tomorrow HH:mm |
    /// | the same year | MM-dd HH:mm | MM-dd HH:mm |
    /// | another year | yyyy-MM-dd | yyyy-MM-dd |
    ///
    /// Minutes and hours are whole and rounded down (59 s is 刚刚, 119 s is 1分钟前); days are
    /// calendar days in ``timeZone``.
    public func relativeString(for date: Date) -> String {
        let reference = now()
        let seconds = reference.timeIntervalSince(date)
        let isPast = seconds >= 0
        let distance = abs(seconds)
        // Calendar dates compared, not the hours between two starts of day: where a day starts at
        // 01:00 (DST beginning at midnight, as in America/Havana) those are 23 hours apart.
        let (day, year) = CivilTime.day(of: date, offset: zone.secondsFromGMT(for: date))
        let (referenceDay, referenceYear) = CivilTime.day(of: reference, offset: zone.secondsFromGMT(for: reference))
        let dayDifference = referenceDay - day

        if distance < 60 {
            return language == .chinese ? "刚刚" : "just now"
        }
        if distance < 3600 {
            return phrase(Int(distance / 60), chinese: "分钟", english: "minute", isPast: isPast)
        }
        if dayDifference == 0 {
            return phrase(Int(distance / 3600), chinese: "小时", english: "hour", isPast: isPast)
        }
        let clock = string(from: date, pattern: "HH:mm")
        if dayDifference == 1 {
            return (language == .chinese ? "昨天 " : "yesterday ") + clock
        }
        if dayDifference == -1 {
            return (language == .chinese ? "明天 " : "tomorrow ") + clock
        }
        if year == referenceYear {
            return string(from: date, pattern: "MM-dd HH:mm")
        }
        return string(from: date, pattern: "yyyy-MM-dd")
    }

    private func phrase(_ count: Int, chinese unit: String, english: String, isPast: Bool) -> String {
        switch language {
        case .chinese:
            return "\(count)\(unit)\(isPast ? "前" : "后")"
        case .english:
            let units = count == 1 ? english : english + "s"
            return isPast ? "\(count) \(units) ago" : "in \(count) \(units)"
        }
    }

    /// A pattern of numeric fields only — `yyyy`, `MM`, `dd`, `HH`, `mm`, `ss` — and separators
    /// that are not letters (`yyyy-MM-dd HH:mm`, `MM-dd`, `HH:mm`), written without a
    /// `DateFormatter`: making one costs about half a millisecond, which a list redrawn at every
    /// key paid for each of its dates. What it writes is what the formatter writes (a test
    /// compares them on thousands of moments and zones); any other pattern goes to the formatter.
    struct NumericPattern {
        enum Piece {
            case year, month, day, hour, minute, second
            case literal(Character)
        }

        let pieces: [Piece]

        /// The pattern's pieces; nil for one with another field, a quote, or a field of another
        /// length (`M`, `yy`, `SSS`).
        init?(_ pattern: String) {
            var pieces: [Piece] = []
            var rest = Substring(pattern)
            while let first = rest.first {
                let run = rest.prefix { $0 == first }
                switch (first, run.count) {
                case ("y", 4): pieces.append(.year)
                case ("M", 2): pieces.append(.month)
                case ("d", 2): pieces.append(.day)
                case ("H", 2): pieces.append(.hour)
                case ("m", 2): pieces.append(.minute)
                case ("s", 2): pieces.append(.second)
                case _ where !first.isLetter && first != "'":
                    pieces.append(contentsOf: run.map(Piece.literal))
                default:
                    return nil
                }
                rest = rest.dropFirst(run.count)
            }
            self.pieces = pieces
        }

        /// `date` written in `zone`; nil beyond about 12,000 years either way, which the formatter
        /// writes. A year outside 1–9999 is written signed (``appendYear(_:to:)``), where the
        /// formatter would write the year 0 as 0001, the year of its era, as if it were AD.
        func string(from date: Date, in zone: ClockZone) -> String? {
            let local = (date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))).rounded(.down)
            guard local.isFinite, abs(local) < 4e11 else { return nil }
            let seconds = Int(local)
            let dayNumber = Int((Double(seconds) / 86_400).rounded(.down))
            let (year, month, day) = CivilTime.date(ofDay: dayNumber)
            let ofDay = seconds - dayNumber * 86_400
            var text = ""
            text.reserveCapacity(pieces.count * 2)
            for piece in pieces {
                switch piece {
                case .year: Self.appendYear(year, to: &text)
                case .month: Self.append(month, digits: 2, to: &text)
                case .day: Self.append(day, digits: 2, to: &text)
                case .hour: Self.append(ofDay / 3600, digits: 2, to: &text)
                case .minute: Self.append(ofDay / 60 % 60, digits: 2, to: &text)
                case .second: Self.append(ofDay % 60, digits: 2, to: &text)
                case .literal(let character): text.append(character)
                }
            }
            return text
        }

        static func append(_ value: Int, digits: Int, to text: inout String) {
            let written = String(value)
            if written.count < digits { text += String(repeating: "0", count: digits - written.count) }
            text += written
        }

        /// A year as four digits, or outside 1–9999 as ISO 8601's expanded years write it
        /// (astronomical numbering, a sign and six digits, as ECMAScript's `toISOString`): the
        /// year before 1 is `+000000`, the one before it `-000001`.
        static func appendYear(_ year: Int, to text: inout String) {
            if (1...9999).contains(year) { return append(year, digits: 4, to: &text) }
            text += year < 0 ? "-" : "+"
            append(abs(year), digits: 6, to: &text)
        }
    }

    /// A Gregorian, POSIX-locale formatter for `pattern` in `timeZone`: proleptic Gregorian, as
    /// ISO 8601 has it, so that `1500-01-01` is that day and not its Julian namesake (by default
    /// the formatter's calendar turns Julian before 1582-10-15).
    static func makeFormatter(pattern: String, timeZone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.gregorianStartDate = .distantPast
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter
    }
}
