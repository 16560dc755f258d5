import Foundation

extension Money {
    private static let digits: [Character] = ["零", "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖"]
    private static let placeUnits = ["", "拾", "佰", "仟"]

    /// The amount in the Chinese uppercase form used on receipts and cheques (大写金额).
    ///
    /// ```swift
    /// try Money.chineseUppercase(1001.05)        // "壹仟零壹元零伍分"
    /// try Money.chineseUppercase(100010000)      // "壹亿零壹万元整"
    /// try Money.chineseUppercase(1000100000000)  // "壹万零壹亿元整"
    /// ```
    ///
    /// Rules: rounded half up to 分; digits 零壹贰叁肆伍陆柒捌玖 with 拾佰仟 in each group of four,
    /// groups 万 and 亿 (a count of 亿 is itself read with 万); one 零 stands for any run of zeros
    /// between non-zero digits, across empty groups too, but not for the zeros that end a group
    /// (`101000` → `壹拾万壹仟元整`); a leading ten is `壹拾`; then 元, 角 and 分, with a 零 between
    /// 元 and 分 when 角 is zero, none between 元 and a non-zero 角 (`1000.1` → `壹仟元壹角`);
    /// `整` only when there are no 角 and no 分; `负` before a negative amount; zero is `零元整`.
    ///
    /// - Throws: ``FormatError/amountTooLarge(_:)`` for 10^16 and beyond (in either sign).
    public static func chineseUppercase(_ amount: Decimal) throws(FormatError) -> String {
        let rounded = roundedToCents(amount)
        let magnitude = rounded < 0 ? -rounded : rounded
        guard magnitude < Decimal(string: "10000000000000000") ?? 0 else {
            throw FormatError.amountTooLarge(amount)
        }
        let (integer, cents) = integerAndCents(of: magnitude)
        let jiao = cents / 10
        let fen = cents % 10
        let yuan = integer == "0" ? "" : readInteger(integer)

        var text = rounded < 0 ? "负" : ""
        if !yuan.isEmpty { text += yuan + "元" }
        if jiao == 0 && fen == 0 {
            return yuan.isEmpty ? "零元整" : text + "整"
        }
        if jiao > 0 {
            text += "\(digits[jiao])角"
        } else if !yuan.isEmpty {
            text += "零"
        }
        if fen > 0 { text += "\(digits[fen])分" }
        return text
    }

    /// Reads a whole number of up to 16 digits, no leading zeros.
    private static func readInteger(_ number: String) -> String {
        let values = number.compactMap { $0.wholeNumberValue }
        var text = ""
        var zeroPending = false
        // Whether the digits above 亿 hold anything: then 亿 is written even after an empty group.
        let hasYi = values.count > 8 && values.dropLast(8).contains { $0 != 0 }
        for (offset, digit) in values.enumerated() {
            let power = values.count - 1 - offset
            if digit == 0 {
                zeroPending = !text.isEmpty
            } else {
                if zeroPending { text.append("零") }
                zeroPending = false
                text.append(digits[digit])
                text += placeUnits[power % 4]
            }
            guard power % 4 == 0, power > 0 else { continue }
            // The end of a group: write its marker when the group (or, for 亿, anything above) has a digit.
            let group = values[max(0, offset - 3)...offset]
            let marker: String
            switch power {
            case 8: marker = hasYi ? "亿" : ""
            default: marker = group.contains { $0 != 0 } ? "万" : ""
            }
            if !marker.isEmpty {
                text += marker
                // Zeros that end a group are not read: the next group starts afresh.
                zeroPending = false
            }
        }
        return text
    }
}
