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
    public var timeZone: TimeZone
    /// How numbers are read.
    public var unit: TimestampUnit

    /// Creates a parser.
    public init(timeZone: TimeZone, unit: TimestampUnit = .automatic) {
        self.timeZone = timeZone
        self.unit = unit
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
        if let date = Self.parseWallClock(trimmed, timeZone: timeZone) {
            return date
        }
        if let date = Self.parseISO8601(trimmed) {
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

    /// ISO 8601 with a zone (`Z` or an offset), with or without fractional seconds.
    static func parseISO8601(_ text: String) -> Date? {
        // ASCII only, and no longer than a date with nanoseconds and an offset: the rest is no
        // ISO 8601 and is kept away from the formatter, as in parseWallClock.
        guard text.utf8.count <= 40, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// A time zone from an identifier (`Asia/Shanghai`, `UTC`) or an offset (`+08:00`, `-0530`).
    ///
    /// - Throws: ``FormatError/invalidTimeZone(_:)``.
    public static func timeZone(named name: String) throws(FormatError) -> TimeZone {
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
