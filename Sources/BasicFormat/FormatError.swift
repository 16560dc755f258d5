import Foundation

/// A value that cannot be formatted or parsed, with what to do about it.
public enum FormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The amount has 17 or more digits before the decimal point: the uppercase form has no
    /// unit above 万亿.
    case amountTooLarge(Decimal)
    /// The text is not a decimal amount such as `-1234.5`.
    case invalidAmount(String)
    /// The amount has `digits` digits (leading zeros and zeros ending the fraction aside), more
    /// than ``Money/maximumDigits``: `Decimal` would silently round it.
    case amountTooPrecise(String, digits: Int)
    /// The text is not a timestamp, an ISO 8601 date or `yyyy-MM-dd HH:mm:ss`.
    case invalidTime(String)
    /// The text does not name a time zone.
    case invalidTimeZone(String)
    /// The text is a zone abbreviation (`CST`, `IST`), which names different zones in different
    /// places (`CST` is China Standard Time to a Chinese app and US Central to Foundation):
    /// `candidates` are the IANA identifiers it may mean.
    case abbreviatedTimeZone(String, candidates: [String])
    /// The text is a timestamp outside ``TimeParser/supportedRange`` (years 1 to 9999), which
    /// dates cannot be written for.
    case timeOutOfRange(String)

    /// One line: what failed, with the value, and how to fix it.
    public var description: String { PrintableText.escaped(unescapedDescription) }

    /// The description before control characters from the input are escaped.
    private var unescapedDescription: String {
        switch self {
        case .amountTooLarge(let amount):
            return "the amount \(amount) is too large for the Chinese uppercase form; "
                + "amounts must be below 10^16 (一万万亿)"
        case .invalidAmount(let text):
            return "'\(text)' is not an amount; write digits with an optional sign and decimal point, such as -1234.5"
        case .amountTooPrecise(let text, let digits):
            return "'\(Self.cut(text))' has \(digits) digits, more than the \(Money.maximumDigits) an amount can hold "
                + "exactly; round it, or drop digits that do not count"
        case .timeOutOfRange(let text):
            return "'\(Self.cut(text))' is a timestamp outside the years 1 to 9999; give unix seconds or "
                + "milliseconds of a moment from 0001-01-01 to 9999-12-31 (UTC)"
        case .invalidTime(let text):
            return "'\(text)' is not a time; give unix seconds or milliseconds (1700000000), "
                + "ISO 8601 (2026-11-30T08:00:00+08:00) or yyyy-MM-dd HH:mm:ss"
        case .abbreviatedTimeZone(let text, let candidates):
            let names =
                candidates.count <= 1
                ? candidates.joined()
                : candidates.dropLast().joined(separator: ", ") + " or " + (candidates.last ?? "")
            return "'\(text)' is an abbreviation that may mean \(names); name the zone by its IANA identifier "
                + "(\(candidates.first ?? "Asia/Shanghai")) or give an offset such as +08:00"
        case .invalidTimeZone(let text):
            return
                "'\(text)' is not a time zone; use an identifier such as Asia/Shanghai or UTC, or an offset such as +08:00"
        }
    }

    /// Text for a message, cut in the middle past 80 characters so that the message stays one line.
    private static func cut(_ text: String) -> String {
        guard text.count > 80 else { return text }
        return "\(text.prefix(40))…\(text.suffix(40))"
    }
}
