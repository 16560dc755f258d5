import BasicFormat
import Foundation

/// See ``Harness/moneyTime``.
enum MoneyTimeHarness {
    static let china = TimeZone(identifier: "Asia/Shanghai") ?? .gmt
    /// A fixed "now" for relative times: 2026-11-30 10:00:00 in China.
    static let now = Date(timeIntervalSince1970: 1_795_917_600)

    static func run(_ data: Data) throws(HarnessFailure) {
        let text = Check.text(data)
        try money(text)
        try time(text)
    }

    static func money(_ text: String) throws(HarnessFailure) {
        let amount: Decimal
        do {
            amount = try Money.parse(text)
        } catch {
            try Check.clearError(error, from: "Money.parse")
            return
        }
        try Check.that(!amount.isNaN, "Money.parse(\(Check.quoted(text))) gave NaN")
        let plain = Money.format(amount, groupingSeparator: "")
        do {
            let again = try Money.parse(plain)
            try Check.that(
                again == Money.roundedToCents(amount),
                "Money.format gave \(Check.quoted(plain)) for \(amount), which parses to \(again)")
        } catch let failure as HarnessFailure {
            throw failure
        } catch {
            throw HarnessFailure(
                "Money.format gave \(Check.quoted(plain)) for \(amount), which does not parse: \(error)")
        }
        _ = Money.format(amount, symbol: "¥")
        do {
            let upper = try Money.chineseUppercase(amount)
            try Check.that(!upper.isEmpty, "Money.chineseUppercase(\(amount)) is empty")
        } catch {
            try Check.clearError(error, from: "Money.chineseUppercase")
        }
        try Check.that(
            "\(amount)" == canonical(text),
            "Money.parse(\(Check.quoted(text))) gave \(amount), not the amount written")
    }

    /// The amount `text` (already accepted by Money.parse) writes, as Decimal prints it: no
    /// plus sign, no leading zeros, no trailing zeros after the point, no point without digits.
    static func canonical(_ text: String) -> String {
        var digits = text.trimmingCharacters(in: .whitespaces)[...]
        var negative = false
        if digits.first == "-" || digits.first == "+" {
            negative = digits.first == "-"
            digits = digits.dropFirst()
        }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        var integer = String(parts[0].drop { $0 == "0" })
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        while fraction.last == "0" { fraction.removeLast() }
        if integer.isEmpty { integer = "0" }
        let magnitude = fraction.isEmpty ? integer : integer + "." + fraction
        return negative && magnitude != "0" ? "-" + magnitude : magnitude
    }

    static func time(_ text: String) throws(HarnessFailure) {
        // The unit matters only for numbers; each parse of other text builds date formatters,
        // which is most of this harness's time.
        let isNumber = Double(text.trimmingCharacters(in: .whitespaces)) != nil
        for unit in isNumber ? TimeParser.TimestampUnit.allCases : [.automatic] {
            let date: Date
            // The China parser reads what the parser given the zone reads, or fails as it does.
            let lazy = Result { () throws(FormatError) in try TimeParser.chinaStandard(unit: unit).date(from: text) }
            do {
                date = try TimeParser(timeZone: china, unit: unit).date(from: text)
            } catch {
                try Check.clearError(error, from: "TimeParser.date(from:)")
                if case .success(let other) = lazy {
                    throw HarnessFailure(
                        "TimeParser.chinaStandard() read \(Check.quoted(text)) as \(other.timeIntervalSince1970) s, "
                            + "which the parser given Asia/Shanghai refuses: \(error)")
                }
                continue
            }
            try Check.that(
                (try? lazy.get()) == date,
                "TimeParser.chinaStandard() read \(Check.quoted(text)) as \(lazy), not \(date.timeIntervalSince1970) s")
            let written = TimeFormatter(timeZone: china, now: { now }).string(
                from: date, pattern: "yyyy-MM-dd HH:mm:ss")
            try Check.that(
                TimeFormatter.chinaStandard(now: { now }).string(from: date, pattern: "yyyy-MM-dd HH:mm:ss") == written
                    && TimeFormatter.chinaStandard(now: { now }).relativeString(for: date)
                        == TimeFormatter(timeZone: china, now: { now }).relativeString(for: date),
                "TimeFormatter.chinaStandard() writes \(date.timeIntervalSince1970) s otherwise than Asia/Shanghai")
            for language in TimeFormatter.Language.allCases {
                let relative = TimeFormatter(timeZone: china, language: language, now: { now }).relativeString(
                    for: date)
                try Check.that(
                    !written.isEmpty && !relative.isEmpty,
                    "TimeParser read \(Check.quoted(text)) as \(date.timeIntervalSince1970) s, which formats to "
                        + "\(Check.quoted(written)) / \(Check.quoted(relative))")
            }
        }
    }
}
