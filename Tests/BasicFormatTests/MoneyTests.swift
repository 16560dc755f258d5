import BasicFormat
import Foundation
import Testing

@Suite struct MoneyTests {
    static func amount(_ text: String) throws -> Decimal {
        try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test(
        "Chinese uppercase follows every zero, unit and rounding rule",
        arguments: [
            ("0", "零元整"),
            ("0.5", "伍角"),
            ("0.05", "伍分"),
            ("0.55", "伍角伍分"),
            ("1", "壹元整"),
            ("10", "壹拾元整"),
            ("11", "壹拾壹元整"),
            ("15.5", "壹拾伍元伍角"),
            ("20", "贰拾元整"),
            ("100", "壹佰元整"),
            ("101", "壹佰零壹元整"),
            ("110", "壹佰壹拾元整"),
            ("1000", "壹仟元整"),
            ("1001", "壹仟零壹元整"),
            ("1010", "壹仟零壹拾元整"),
            ("1100", "壹仟壹佰元整"),
            ("1001.05", "壹仟零壹元零伍分"),
            ("1000.1", "壹仟元壹角"),
            ("1000.01", "壹仟元零壹分"),
            ("10.05", "壹拾元零伍分"),
            ("10000", "壹万元整"),
            ("10001", "壹万零壹元整"),
            ("10010", "壹万零壹拾元整"),
            ("10100", "壹万零壹佰元整"),
            ("11000", "壹万壹仟元整"),
            ("100000", "壹拾万元整"),
            ("101000", "壹拾万壹仟元整"),
            ("200100", "贰拾万零壹佰元整"),
            ("1000000", "壹佰万元整"),
            ("10010000", "壹仟零壹万元整"),
            ("20000000", "贰仟万元整"),
            ("100000000", "壹亿元整"),
            ("100010000", "壹亿零壹万元整"),
            ("100000001", "壹亿零壹元整"),
            ("110000000", "壹亿壹仟万元整"),
            ("1000000001", "壹拾亿零壹元整"),
            ("1000000000000", "壹万亿元整"),
            ("1000100000000", "壹万零壹亿元整"),
            ("100000000000000", "壹佰万亿元整"),
            ("1234567890123.45", "壹万贰仟叁佰肆拾伍亿陆仟柒佰捌拾玖万零壹佰贰拾叁元肆角伍分"),
            ("9999999999999999.99", "玖仟玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分"),
            ("100000.1", "壹拾万元壹角"),
            ("1000000.05", "壹佰万元零伍分"),
            ("2.345", "贰元叁角伍分"),
            ("2.344", "贰元叁角肆分"),
            ("1.999", "贰元整"),
            ("0.005", "壹分"),
            ("0.004", "零元整"),
            ("-0.004", "零元整"),
            ("-1234.5", "负壹仟贰佰叁拾肆元伍角"),
            ("-0.05", "负伍分"),
            ("-100", "负壹佰元整"),
            ("-2.345", "负贰元叁角伍分"),
        ])
    func uppercase(text: String, expected: String) throws {
        #expect(try Money.chineseUppercase(try Self.amount(text)) == expected)
    }

    @Test(
        "amounts of 10^16 and beyond, after rounding, are a clear error",
        arguments: [
            "10000000000000000", "-10000000000000000", "9999999999999999.995", "123456789012345678",
        ])
    func tooLarge(text: String) throws {
        let error = try #require(throws: FormatError.self) { try Money.chineseUppercase(try Self.amount(text)) }
        guard case .amountTooLarge = error else {
            Issue.record("expected amountTooLarge, got \(error)")
            return
        }
        #expect(error.description.contains("below 10^16"))
    }

    @Test(
        "format groups thousands, keeps two decimals and rounds half up",
        arguments: [
            ("1234567.891", "", ",", "1,234,567.89"),
            ("0", "", ",", "0.00"),
            ("0.005", "", ",", "0.01"),
            ("-0.001", "", ",", "0.00"),
            ("-2.345", "", ",", "-2.35"),
            ("999.995", "", ",", "1,000.00"),
            ("12", "", ",", "12.00"),
            ("100", "", ",", "100.00"),
            ("1000", "", ",", "1,000.00"),
            ("-8.5", "¥", ",", "-¥8.50"),
            ("1234567.89", "", "", "1234567.89"),
            ("1234567.89", "$", " ", "$1 234 567.89"),
            ("9999999999999999999.99", "", ",", "9,999,999,999,999,999,999.99"),
        ])
    func format(text: String, symbol: String, separator: String, expected: String) throws {
        #expect(Money.format(try Self.amount(text), symbol: symbol, groupingSeparator: separator) == expected)
    }

    @Test(
        "parse accepts plain decimal amounts only",
        arguments: [
            ("-1234.5", "-1234.5" as String?), ("+7", "7"), ("0.05", "0.05"), (".5", "0.5"), ("5.", "5"),
            ("1e3", nil), ("1,000", nil), ("¥5", nil), ("", nil), ("-", nil), (".", nil), ("1.2.3", nil), ("abc", nil),
        ])
    func parse(text: String, expected: String?) throws {
        if let expected {
            #expect(try Money.parse(text) == (try Self.amount(expected)))
        } else {
            #expect(throws: FormatError.invalidAmount(text)) { try Money.parse(text) }
        }
    }

    @Test("parse reads a substring and throws FormatError itself, so a plain catch sees its cases")
    func parseSubstringTyped() throws {
        let line = "total: 12.50 yuan"
        let field = line.split(separator: " ")[1]
        #expect(try Money.parse(field) == Decimal(string: "12.5"))
        do throws(FormatError) {
            _ = try Money.parse(line.split(separator: " ")[0])
            Issue.record("'total:' parsed as an amount")
        } catch {
            #expect(error == .invalidAmount("total:"))
        }
    }
}
