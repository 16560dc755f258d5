import BasicCore
import Foundation

/// Reads the time values web APIs send: unix timestamps in seconds or milliseconds, ISO 8601,
/// and `yyyy-MM-dd HH:mm:ss` (as cnblogs news' `SubmitDate`, in China time).
///
/// ```swift
/// let parser = TimeParser(timeZone: TimeZone(identifier: "Asia/Shanghai")!)
/// try parser.date(from: "1700000000")            // seconds
/// try parser.date(from: "1700000000000")         // milliseconds, told apart by magnitude
/// try parser.date(from: "2016-08-13 23:41:00")   // in the parser's time zone
/// try parser.date(from: "2014-11-30T14:15:00+08:00")
/// ```
public struct TimeParser: Sendable {
    /// How a number is read.
    public enum TimestampUnit: String, Sendable, CaseIterable {
        /// Seconds below 10^11 (before the year 5138), milliseconds from there on.
        case automatic
        /// Seconds since 1970-01-01T00:00:00Z.
        case seconds
        /// Milliseconds since 1970-01-01T00:00:00Z.
        case milliseconds
    }

    /// Numbers at or above this magnitude are milliseconds when the unit is automatic.
    public static let millisecondThreshold: Double = 100_000_000_000

    /// The moments a timestamp may name: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, the
    /// years that four digits write and every date formatter can print (past them, `DateFormatter`
    /// prints nothing at all).
    public static let supportedRange: ClosedRange<Date> =
        Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799.999)

    /// The zone of times written without one (`2016-08-13 23:41:00`).
    public var timeZone: TimeZone {
        get { zone.timeZone }
        set { zone = .given(newValue) }
    }
    /// The zone, or China Standard Time not yet made (``chinaStandard(unit:)``).
    private var zone: ClockZone
    /// How numbers are read.
    public var unit: TimestampUnit

    /// Creates a parser.
    public init(timeZone: TimeZone, unit: TimestampUnit = .automatic) {
        self.init(zone: .given(timeZone), unit: unit)
    }

    private init(zone: ClockZone, unit: TimestampUnit) {
        self.zone = zone
        self.unit = unit
    }

    /// A parser of China Standard Time: what `TimeParser(timeZone: .chinaStandard)` reads, for
    /// every text, without making Foundation's `Asia/Shanghai` (or a `DateFormatter`) for a wall
    /// clock time since 1992, as ``TimeFormatter/chinaStandard(language:now:)`` does.
    ///
    /// ```swift
    /// try TimeParser.chinaStandard().date(from: "2016-08-13 23:41:00")   // 2016-08-13T15:41:00Z
    /// ```
    public static func chinaStandard(unit: TimestampUnit = .automatic) -> TimeParser {
        TimeParser(zone: .chinaStandard, unit: unit)
    }

    /// The moment `text` names.
    ///
    /// - Throws: ``FormatError/invalidTime(_:)`` when it is none of the accepted forms;
    ///   ``FormatError/timeOutOfRange(_:)`` for a timestamp outside ``supportedRange``.
    public func date(from text: some StringProtocol) throws(FormatError) -> Date {
        try parsedDate(String(text))
    }

    /// What `date(from:)` does, for a `String`.
    func parsedDate(_ text: String) throws(FormatError) -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let number = Double(trimmed), number.isFinite, trimmed.allSatisfy({ $0.isASCIIDigit || "+-.".contains($0) })
        {
            let isMilliseconds =
                switch unit {
                case .automatic: abs(number) >= Self.millisecondThreshold
                case .seconds: false
                case .milliseconds: true
                }
            let date = Date(timeIntervalSince1970: isMilliseconds ? number / 1000 : number)
            guard Self.supportedRange.contains(date) else { throw FormatError.timeOutOfRange(text) }
            return date
        }
        if case .chinaStandard = zone, let date = Self.chinaWallClock(trimmed) {
            return date
        }
        if let date = Self.parseWallClock(trimmed, timeZone: timeZone) {
            return date
        }
        if let date = Self.parseISO8601(trimmed) {
            // 9999-12-31T23:00:00-05:00 is in the year 10000 in UTC, which no formatter prints.
            guard Self.supportedRange.contains(date) else { throw FormatError.timeOutOfRange(text) }
            return date
        }
        throw FormatError.invalidTime(text)
    }

    /// `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd HH:mm`, or `yyyy-MM-dd`) in `timeZone`.
    static func parseWallClock(_ text: String, timeZone: TimeZone) -> Date? {
        // Only what the patterns can match reaches DateFormatter, which on Linux traps on some
        // other text (a digit with a combining mark: "Incorrect range" in DateFormatter.swift).
        guard text.utf8.count <= 19,
            text.utf8.allSatisfy({ $0.isASCIIDigit || $0 == 0x2D || $0 == 0x3A || $0 == 0x20 })
        else { return nil }
        for pattern in ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd"] {
            let formatter = TimeFormatter.makeFormatter(pattern: pattern, timeZone: timeZone)
            formatter.isLenient = false
            if let date = formatter.date(from: text), formatter.string(from: date) == text {
                return date
            }
        }
        return nil
    }

    /// `yyyy-MM-dd HH:mm:ss`, `yyyy-MM-dd HH:mm` or `yyyy-MM-dd` in China Standard Time, read by
    /// hand: the moment ``parseWallClock(_:timeZone:)`` finds with its formatters, for a valid
    /// time from 1992 on; nil for anything else, which goes to the formatters.
    static func chinaWallClock(_ text: String) -> Date? {
        let bytes = text.utf8
        guard bytes.count == 10 || bytes.count == 16 || bytes.count == 19 else { return nil }
        var fields: [Int] = []
        var value = 0
        // The separators' places (yyyy-MM-dd HH:mm:ss) and the length give each field its digits.
        for (index, byte) in bytes.enumerated() {
            let separator: UInt8? =
                switch index {
                case 4, 7: UInt8(ascii: "-")
                case 10: UInt8(ascii: " ")
                case 13, 16: UInt8(ascii: ":")
                default: nil
                }
            if let separator {
                guard byte == separator else { return nil }
                fields.append(value)
                value = 0
            } else {
                guard byte.isASCIIDigit else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
        }
        fields.append(value)
        fields += repeatElement(0, count: 6 - fields.count)
        // A leap second is no time of a formatter's (it writes 23:59:60 as the next minute).
        guard fields[5] < 60,
            let date = CivilTime.instant(
                year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4],
                second: fields[5], offset: ClockZone.chinaOffset),
            date >= ClockZone.chinaSettled
        else { return nil }
        return date
    }

    /// ISO 8601 with a zone, as RFC 3339 writes it: `2026-11-30T08:00:00+08:00`, `…Z`, with or
    /// without fractional seconds (truncated, never carried into the next second), `t`/`z` in
    /// lower case and `+0800` allowed. Read by hand, not by `ISO8601DateFormatter`, which on Linux
    /// rolls `02-31` over into March, takes offsets such as `-99:99` and reads dates before 1582
    /// as Julian.
    static func parseISO8601(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var position = 0
        func digits(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + count] {
                guard byte.isASCIIDigit else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            position += count
            return value
        }
        func skip(_ characters: String) -> Bool {
            guard position < bytes.count, characters.utf8.contains(bytes[position]) else { return false }
            position += 1
            return true
        }
        guard let year = digits(4), skip("-"), let month = digits(2), skip("-"), let day = digits(2), skip("Tt"),
            let hour = digits(2), skip(":"), let minute = digits(2), skip(":"), let second = digits(2)
        else { return nil }
        var fraction = 0.0
        if skip(".,") {
            var scale = 0.1
            let start = position
            while position < bytes.count, bytes[position].isASCIIDigit {
                fraction += Double(bytes[position] - 0x30) * scale
                scale /= 10
                position += 1
            }
            guard position > start else { return nil }
            fraction = min(fraction, 0.999_999)
        }
        var offset = 0
        if skip("Zz") {
            offset = 0
        } else if position < bytes.count, bytes[position] == 0x2B || bytes[position] == 0x2D {
            let sign = bytes[position] == 0x2D ? -1 : 1
            position += 1
            guard let hours = digits(2) else { return nil }
            _ = skip(":")
            guard let minutes = digits(2), minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard position == bytes.count, year >= 1 else { return nil }
        return CivilTime.instant(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, fraction: fraction,
            offset: offset)
    }

    /// Zone abbreviations that name several zones, with the IANA identifiers they may mean,
    /// the one a Chinese app would mean first.
    static let ambiguousAbbreviations: [String: [String]] = [
        "CST": ["Asia/Shanghai", "America/Chicago", "America/Havana"],
        "CDT": ["America/Chicago", "America/Havana"],
        "IST": ["Asia/Kolkata", "Asia/Jerusalem", "Europe/Dublin"],
        "BST": ["Europe/London", "Asia/Dhaka"],
        "EST": ["America/New_York", "Australia/Sydney"],
        "AST": ["America/Halifax", "Asia/Riyadh"],
        "PST": ["America/Los_Angeles", "Asia/Manila", "Asia/Karachi"],
        "MST": ["America/Denver", "Asia/Kuala_Lumpur"],
        "GST": ["Asia/Dubai", "Atlantic/South_Georgia"],
        "SST": ["Asia/Singapore", "Pacific/Pago_Pago"],
    ]

    /// A time zone from an IANA identifier (`Asia/Shanghai`, `UTC`) or an offset (`+08:00`,
    /// `-0530`). Abbreviations other than `UTC` and `GMT` are refused, since they mean different
    /// zones to different readers (Foundation reads `CST` as US Central).
    ///
    /// - Throws: ``FormatError/abbreviatedTimeZone(_:candidates:)`` for `CST`, `JST` and the
    ///   like, naming the identifiers meant; ``FormatError/invalidTimeZone(_:)``.
    public static func timeZone(named name: String) throws(FormatError) -> TimeZone {
        let isAbbreviation =
            (2...5).contains(name.utf8.count) && name.utf8.allSatisfy { (0x41...0x5A).contains($0) }
            && name != "UTC" && name != "GMT"
        if isAbbreviation {
            if let candidates = ambiguousAbbreviations[name] {
                throw .abbreviatedTimeZone(name, candidates: candidates)
            }
            if let meant = TimeZone(abbreviation: name), meant.identifier.contains("/") {
                throw .abbreviatedTimeZone(name, candidates: [meant.identifier])
            }
        }
        if let zone = TimeZone(identifier: name) { return zone }
        let offset = name.replacingOccurrences(of: ":", with: "")
        if let sign = offset.first, sign == "+" || sign == "-", offset.count == 5,
            let hours = Int(offset.dropFirst().prefix(2)), let minutes = Int(offset.suffix(2)),
            hours <= 14, minutes < 60,
            let zone = TimeZone(secondsFromGMT: (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
        {
            return zone
        }
        throw FormatError.invalidTimeZone(name)
    }
}
