import BasicCore
import Foundation

/// Amounts of money as text: grouped with two decimals (`1,234,567.89`), or in the Chinese
/// uppercase form of receipts and cheques (`壹仟零壹元零伍分`).
///
/// ```swift
/// Money.format(1234567.891)                         // "1,234,567.89"
/// Money.format(-8.5, symbol: "¥")                   // "-¥8.50"
/// try Money.chineseUppercase(Decimal(string: "1001.05")!)  // "壹仟零壹元零伍分"
/// ```
///
/// Both round half up to the cent (half away from zero for negative amounts, as a cashier
/// does): `2.345` → `2.35`, `-2.345` → `-2.35`. Pass `Decimal`s made from text
/// (`Decimal(string:)`) rather than from `Double`s, which cannot hold most cents exactly.
public enum Money {
    /// The most digits an amount may have, leading zeros and zeros that end the fraction aside:
    /// `Decimal` holds 38 exactly, and silently rounds what is longer.
    public static let maximumDigits = 38

    /// Parses an amount written as digits with an optional sign and decimal point.
    ///
    /// - Throws: ``FormatError/invalidAmount(_:)`` for anything else (`1e3`, `1,000`, `¥5`);
    ///   ``FormatError/amountTooPrecise(_:digits:)`` for more than ``maximumDigits`` digits, which
    ///   `Decimal` would round.
    public static func parse(_ text: some StringProtocol) throws(FormatError) -> Decimal {
        try parsedAmount(String(text))
    }

    /// What `parse(_:)` does, for a `String`.
    static func parsedAmount(_ text: String) throws(FormatError) -> Decimal {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var digits = trimmed[...]
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        let isNumber =
            !digits.isEmpty && parts.count <= 2 && parts.allSatisfy { $0.allSatisfy(\.isASCIIDigit) }
            && parts.contains { !$0.isEmpty }
        guard isNumber else { throw FormatError.invalidAmount(text) }
        // The digits Decimal has to keep: the integer part from its first non-zero digit, the
        // fraction up to its last non-zero digit.
        let integerDigits = parts[0].drop { $0 == "0" }.count
        let fractionDigits = parts.count == 2 ? parts[1].reversed().drop { $0 == "0" }.count : 0
        let digitCount = integerDigits + fractionDigits
        guard digitCount <= maximumDigits else { throw FormatError.amountTooPrecise(text, digits: digitCount) }
        guard let amount = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")) else {
            throw FormatError.invalidAmount(text)
        }
        return amount
    }

    /// The amount rounded half up (away from zero) to the cent.
    public static func roundedToCents(_ amount: Decimal) -> Decimal {
        var value = amount
        var result = Decimal()
        NSDecimalRound(&result, &value, 2, .plain)
        return result
    }

    /// The amount with two decimals, thousands grouped, and an optional currency symbol after
    /// the sign: `-¥1,234.50`.
    ///
    /// - Parameters:
    ///   - symbol: written before the digits, after a minus sign.
    ///   - groupingSeparator: between groups of three digits; `""` for none.
    public static func format(_ amount: Decimal, symbol: String = "", groupingSeparator: String = ",") -> String {
        let rounded = roundedToCents(amount)
        let isNegative = rounded < 0
        let (integer, cents) = integerAndCents(of: isNegative ? -rounded : rounded)
        var grouped = ""
        for (offset, character) in integer.enumerated() {
            if offset > 0, (integer.count - offset) % 3 == 0 { grouped += groupingSeparator }
            grouped.append(character)
        }
        let centsText = cents < 10 ? "0\(cents)" : "\(cents)"
        return (isNegative ? "-" : "") + symbol + grouped + "." + centsText
    }

    /// The digits before the decimal point, and the cents, of a non-negative amount that has
    /// been rounded to the cent.
    static func integerAndCents(of amount: Decimal) -> (integer: String, cents: Int) {
        var value = amount
        var whole = Decimal()
        NSDecimalRound(&whole, &value, 0, .down)
        let cents = NSDecimalNumber(decimal: (amount - whole) * 100).intValue
        var text = NSDecimalNumber(decimal: whole).description(withLocale: Locale(identifier: "en_US_POSIX"))
        if text.isEmpty { text = "0" }
        return (text, cents)
    }
}
