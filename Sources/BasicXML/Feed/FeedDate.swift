import BasicFormat
import Foundation

/// Reads the dates feeds write: W3C-DTF and RFC 3339 (Atom: `2026-11-30T14:15:00+08:00`, `…Z`,
/// `2003-12`, `2003`), RFC 822 (RSS: `Mon, 30 Nov 2026 06:15:00 GMT`, `… +0800`) and asctime
/// (`Sun Jul 15 01:16:00 +0000 2012`), with the leniencies feedparser's date tests expect.
///
/// ```swift
/// FeedDate.date(from: "2026-11-30T14:15:00+08:00")     // 2026-11-30 06:15:00 UTC
/// FeedDate.date(from: "Mon, 30 Nov 2026 06:15:00 GMT") // the same instant
/// ```
///
/// Dates are proleptic Gregorian, as ISO 8601 has them, however old. What no calendar has is
/// nil rather than rolled over: 31 February, hour 25, minute 61, an offset beyond ±18:00. So are
/// years before 1 (`0000-01-01`), which no feed means, and moments outside the years 1–9999 in
/// UTC, as BasicFormat's `TimeParser` refuses them. A date without a zone is read as UTC. The
/// DocC article lists every form.
public enum FeedDate {
    /// Reads `text` as W3C-DTF / RFC 3339, else as RFC 822 or asctime; nil when it is none.
    public static func date(from text: String) -> Date? {
        rfc3339(text) ?? rfc822(text)
    }

    /// Reads a W3C-DTF or RFC 3339 date-time (`2026-11-30T14:15:00+08:00`), or a partial date
    /// (`2026-11-30`, `2026-11`, `2026`: the start of it, UTC).
    ///
    /// Leniencies: a space instead of `T`, lower-case `t`/`z`, fractional seconds (kept, never
    /// rounded up into the next second), no seconds, a zone written `+0800`, spaces before the
    /// zone (`2004-07-08 23:56:58 -00:20`), and no zone at all (UTC).
    public static func rfc3339(_ text: String) -> Date? {
        var scanner = ByteScanner(text)
        guard let year = scanner.digits(4) else { return nil }
        if scanner.isAtEnd { return makeDate(year, 1, 1, 0, 0, 0, 0, offset: 0) }
        guard scanner.skip("-"), let month = scanner.digits(2) else { return nil }
        if scanner.isAtEnd { return makeDate(year, month, 1, 0, 0, 0, 0, offset: 0) }
        guard scanner.skip("-"), let day = scanner.digits(2) else { return nil }
        if scanner.isAtEnd { return makeDate(year, month, day, 0, 0, 0, 0, offset: 0) }
        guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" "), let hour = scanner.digits(2),
            scanner.skip(":"), let minute = scanner.digits(2)
        else { return nil }
        var second = 0
        var fraction = 0.0
        if scanner.skip(":") {
            guard let seconds = scanner.digits(2) else { return nil }
            second = seconds
            if scanner.skip(".") || scanner.skip(",") {
                var scale = 0.1
                guard scanner.peekIsDigit else { return nil }
                while let digit = scanner.digit() {
                    fraction += Double(digit) * scale
                    scale /= 10
                }
                // Never the next second, however many nines (truncation, as RFC 3339 readers do).
                fraction = min(fraction, 0.999_999)
            }
        }
        scanner.skipSpaces()
        guard let offset = scanner.zoneOffset(), scanner.isAtEnd else { return nil }
        return makeDate(year, month, day, hour, minute, second, fraction, offset: offset)
    }

    /// Reads an RFC 822 date-time as RSS writes it (`Mon, 30 Nov 2026 06:15:00 +0000`), or an
    /// asctime one (`Sun Jan  4 16:29:06 2004`, `Sun Jul 15 01:16:00 +0000 2012`).
    ///
    /// Leniencies: no weekday, or a whole one; an extra comma (`13 Feb, 2012`); the month before
    /// the day; whole month names; a one-digit day or hour; two-digit years (00–49 are 2000–2049,
    /// 50–99 are 1950–1999, as RFC 2822 says); no seconds, or no time at all (midnight); zones as
    /// `+0800`, `+08:00`, `GMT+0800`, `GMT-01:01`, `Etc/GMT`, RFC 822's US names and `AT`, `ET`,
    /// `CT`, `MT`, `PT`, `MET`/`MEST`; a trailing comment such as `(UTC)`; no zone (UTC).
    public static func rfc822(_ text: String) -> Date? {
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\n" || $0 == "\r" })
        if let last = tokens.last, last.hasPrefix("("), last.hasSuffix(")") { tokens.removeLast() }
        if let first = tokens.first, first.allSatisfy(\.isLetter), weekdays.contains(first.prefix(3).lowercased()) {
            tokens.removeFirst()
        }
        guard tokens.count >= 3 else { return nil }
        let day: Int
        let month: Int
        if let number = Self.number(tokens[0], maxDigits: 2), let name = Self.month(tokens[1]) {
            (day, month) = (number, name)
        } else if let name = Self.month(tokens[0]), let number = Self.number(tokens[1], maxDigits: 2) {
            (day, month) = (number, name)
        } else {
            return nil
        }
        var year: Int?
        var time: (hour: Int, minute: Int, second: Int)?
        var offset: Int?
        for token in tokens.dropFirst(2) {
            if year == nil, let number = Self.number(token, maxDigits: 4) {
                year = token.count <= 2 ? number + (number < 50 ? 2000 : 1900) : number
            } else if time == nil, token.first?.isNumber == true, token.contains(":") {
                guard let parsed = Self.time(token) else { return nil }
                time = parsed
            } else if offset == nil, let zone = Self.zone(token) {
                offset = zone
            } else {
                return nil
            }
        }
        guard let year else { return nil }
        return makeDate(
            year, month, day, time?.hour ?? 0, time?.minute ?? 0, time?.second ?? 0, 0, offset: offset ?? 0)
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// Zones by name, in hours east of UTC: RFC 822's, the one-letter-shorter US names that
    /// feeds write (`ET` for Eastern), and Central European `MET`/`MEST`.
    private static let namedZones: [String: Int] = [
        "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "ETC/GMT": 0, "ETC/UTC": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5,
        "MST": -7, "MDT": -6, "PST": -8, "PDT": -7, "AST": -4, "ADT": -3, "AT": -4, "ET": -5, "CT": -6, "MT": -7,
        "PT": -8, "MET": 1, "MEST": 2,
    ]

    /// The month a name begins with (`Feb`, `February`), 1 to 12.
    private static func month(_ token: Substring) -> Int? {
        guard token.count >= 3, token.allSatisfy(\.isLetter) else { return nil }
        let name = token.lowercased()
        guard let index = months.firstIndex(where: { name.hasPrefix($0) }) else { return nil }
        return index + 1
    }

    /// One to `maxDigits` ASCII digits, and nothing else.
    private static func number(_ token: Substring, maxDigits: Int) -> Int? {
        guard (1...maxDigits).contains(token.utf8.count), token.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return Int(token)
    }

    /// `HH:MM` or `HH:MM:SS`, each one or two digits.
    private static func time(_ token: Substring) -> (hour: Int, minute: Int, second: Int)? {
        let fields = token.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3 else { return nil }
        let values = fields.compactMap { number($0, maxDigits: 2) }
        guard values.count == fields.count else { return nil }
        return (values[0], values[1], values.count == 3 ? values[2] : 0)
    }

    /// A zone token as seconds east of UTC: `+0800`, `-01:01`, a name, or `GMT`/`UTC`/`UT`
    /// followed by an offset.
    private static func zone(_ token: Substring) -> Int? {
        let upper = token.uppercased()
        if let hours = namedZones[upper] { return hours * 3600 }
        for prefix in ["GMT", "UTC", "UT"] where upper.hasPrefix(prefix) {
            let rest = upper.dropFirst(prefix.count)
            if rest.first == "+" || rest.first == "-" { return numericZone(rest) }
        }
        return numericZone(Substring(upper))
    }

    /// `±HHMM`, `±HH:MM` or `±HH`, at most 18 hours.
    private static func numericZone(_ text: Substring) -> Int? {
        var scanner = ByteScanner(String(text))
        guard scanner.peek == UInt8(ascii: "+") || scanner.peek == UInt8(ascii: "-") else { return nil }
        if let offset = scanner.zoneOffset(allowHoursOnly: true), scanner.isAtEnd { return offset }
        return nil
    }

    /// The instant of a civil date and time at `offset` seconds east of UTC (BasicFormat's
    /// `CivilTime`); nil when a field is out of range, or the year is outside 1–9999 as written or
    /// in UTC (BasicFormat's `TimeParser.supportedRange`: `0001-01-01T00:00:00+01:00` is in the year 0).
    static func makeDate(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, _ fraction: Double,
        offset: Int
    ) -> Date? {
        guard
            let date = CivilTime.instant(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, fraction: fraction,
                offset: offset),
            TimeParser.supportedRange.contains(date)
        else { return nil }
        return date
    }
}

/// Reads ASCII fields from a string's UTF-8 bytes.
private struct ByteScanner {
    let bytes: [UInt8]
    var position: Int
    /// One past the last byte that is not white space.
    let end: Int

    /// A scanner over `text` without its leading and trailing white space.
    init(_ text: String) {
        bytes = Array(text.utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        position = bytes.firstIndex { !isSpace($0) } ?? bytes.count
        end = (bytes.lastIndex { !isSpace($0) } ?? -1) + 1
    }

    var isAtEnd: Bool { position >= end }

    var peek: UInt8? { position < end ? bytes[position] : nil }

    var peekIsDigit: Bool { peek.map { (0x30...0x39).contains($0) } ?? false }

    mutating func skip(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, peek == ascii else { return false }
        position += 1
        return true
    }

    mutating func skipSpaces() {
        while peek == 0x20 || peek == 0x09 { position += 1 }
    }

    mutating func digit() -> Int? {
        guard let byte = peek, (0x30...0x39).contains(byte) else { return nil }
        position += 1
        return Int(byte - 0x30)
    }

    /// Exactly `count` digits.
    mutating func digits(_ count: Int) -> Int? {
        let start = position
        var value = 0
        for _ in 0..<count {
            guard let digit = digit() else {
                position = start
                return nil
            }
            value = value * 10 + digit
        }
        return value
    }

    /// One to `maxDigits` digits.
    mutating func number(maxDigits: Int) -> Int? {
        var value = 0
        var read = 0
        while read < maxDigits, let digit = digit() {
            value = value * 10 + digit
            read += 1
        }
        return read > 0 ? value : nil
    }

    /// Letters.
    mutating func word() -> String? {
        let start = position
        while let byte = peek, (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { position += 1 }
        return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
    }

    /// `Z`, `z`, `±HH:MM` or `±HHMM` (or `±HH` when `allowHoursOnly`) as seconds east of UTC,
    /// minutes below 60; nothing at all is UTC.
    mutating func zoneOffset(allowHoursOnly: Bool = false) -> Int? {
        if isAtEnd { return 0 }
        if skip("Z") || skip("z") { return 0 }
        let sign: Int
        if skip("+") {
            sign = 1
        } else if skip("-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = digits(2) else { return nil }
        if allowHoursOnly && isAtEnd { return sign * hours * 3600 }
        _ = skip(":")
        guard let minutes = digits(2), minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
