import Foundation

/// A value that cannot be formatted or parsed, with what to do about it.
public enum FormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The amount has 17 or more digits before the decimal point: the uppercase form has no
    /// unit above 万亿.
    case amountTooLarge(Decimal)
    /// The text is not a decimal amount such as `-1234.5`.
    case invalidAmount(String)
    /// The text is not a timestamp, an ISO 8601 date or `yyyy-MM-dd HH:mm:ss`.
    case invalidTime(String)
    /// The text does not name a time zone.
    case invalidTimeZone(String)

    /// One line: what failed, with the value, and how to fix it.
    public var description: String {
        switch self {
        case .amountTooLarge(let amount):
            return "the amount \(amount) is too large for the Chinese uppercase form; "
                + "amounts must be below 10^16 (一万万亿)"
        case .invalidAmount(let text):
            return "'\(text)' is not an amount; write digits with an optional sign and decimal point, such as -1234.5"
        case .invalidTime(let text):
            return "'\(text)' is not a time; give unix seconds or milliseconds (1700000000), "
                + "ISO 8601 (2026-11-30T08:00:00+08:00) or yyyy-MM-dd HH:mm:ss"
        case .invalidTimeZone(let text):
            return
                "'\(text)' is not a time zone; use an identifier such as Asia/Shanghai or UTC, or an offset such as +08:00"
        }
    }
}
