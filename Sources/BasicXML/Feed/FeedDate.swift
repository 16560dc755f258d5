import Foundation

/// Reads the dates feeds write: RFC 3339 (Atom: `2026-11-30T14:15:00+08:00`, `…Z`) and
/// RFC 822 (RSS: `Mon, 30 Nov 2026 06:15:00 GMT`, `… +0800`).
///
/// ```swift
/// FeedDate.date(from: "2026-11-30T14:15:00+08:00")     // 2026-11-30 06:15:00 UTC
/// FeedDate.date(from: "Mon, 30 Nov 2026 06:15:00 GMT") // the same instant
/// ```
public enum FeedDate {
    /// Reads `text` as RFC 3339, else as RFC 822; nil when it is neither.
    ///
    /// Leniencies, for what feeds really write: a space instead of `T`, lower-case `t`/`z`,
    /// fractional seconds, a zone written `+0800`, a missing weekday or seconds, two-digit
    /// years, and a missing zone, which is read as UTC.
    public static func date(from text: String) -> Date? {
        rfc3339(text) ?? rfc822(text)
    }

    /// Reads an RFC 3339 date-time (`2026-11-30T14:15:00+08:00`), or a bare date (midnight UTC).
    public static func rfc3339(_ text: String) -> Date? {
        var scanner = ByteScanner(text)
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2)
        else { return nil }
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
                while let digit = scanner.digit() {
                    fraction += Double(digit) * scale
                    scale /= 10
                }
            }
        }
        guard let offset = scanner.zoneOffset(), scanner.isAtEnd else { return nil }
        return makeDate(year, month, day, hour, minute, second, fraction, offset: offset)
    }

    /// Reads an RFC 822 date-time as RSS writes it (`Mon, 30 Nov 2026 06:15:00 +0000`).
    public static func rfc822(_ text: String) -> Date? {
        var scanner = ByteScanner(text)
        scanner.skipSpaces()
        if let first = scanner.peek, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
            _ = scanner.word()  // the weekday, which adds nothing
            _ = scanner.skip(",")
            scanner.skipSpaces()
        }
        guard let day = scanner.number(maxDigits: 2) else { return nil }
        scanner.skipSpaces()
        guard let monthName = scanner.word()?.lowercased(),
            let month = months.firstIndex(where: { monthName.hasPrefix($0) }).map({ $0 + 1 })
        else { return nil }
        scanner.skipSpaces()
        guard var year = scanner.number(maxDigits: 4) else { return nil }
        if year < 100 { year += year < 50 ? 2000 : 1900 }
        scanner.skipSpaces()
        guard let hour = scanner.number(maxDigits: 2), scanner.skip(":"), let minute = scanner.digits(2) else {
            return nil
        }
        var second = 0
        if scanner.skip(":") {
            guard let seconds = scanner.digits(2) else { return nil }
            second = seconds
        }
        scanner.skipSpaces()
        let offset: Int
        if scanner.isAtEnd {
            offset = 0
        } else if let numeric = scanner.zoneOffset() {
            offset = numeric
        } else if let name = scanner.word()?.uppercased(), let named = namedZones[name] {
            offset = named * 3600
        } else {
            return nil
        }
        scanner.skipSpaces()
        guard scanner.isAtEnd else { return nil }
        return makeDate(year, month, day, hour, minute, second, 0, offset: offset)
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static let namedZones: [String: Int] = [
        "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
        "PST": -8, "PDT": -7,
    ]

    /// The instant of a civil date and time at `offset` seconds east of UTC; nil when a field
    /// is out of range.
    static func makeDate(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, _ fraction: Double,
        offset: Int
    ) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second)
        else { return nil }
        // Days from 1970-01-01 to the civil date (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
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

    /// `Z`, `z`, `±HH:MM` or `±HHMM` as seconds east of UTC; nothing at all is UTC.
    mutating func zoneOffset() -> Int? {
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
        _ = skip(":")
        guard let minutes = digits(2) else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
