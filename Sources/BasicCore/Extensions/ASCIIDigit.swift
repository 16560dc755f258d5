// Whether text is an ASCII digit, `0`–`9`: the one test the package's parsers share (key paths
// here, money and times in BasicFormat). Foundation's `isNumber` and `isWholeNumber` also accept
// digits of other scripts (`٣`, `三`, full-width `３`), which these formats never mean.

extension UInt8 {
    /// Whether the byte is an ASCII digit, `0`–`9`.
    package var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}

extension Unicode.Scalar {
    /// Whether the scalar is an ASCII digit, `0`–`9`.
    package var isASCIIDigit: Bool { isASCII && UInt8(value).isASCIIDigit }
}

extension Character {
    /// Whether the character is an ASCII digit, `0`–`9` (alone: a digit with a combining mark is not).
    package var isASCIIDigit: Bool { unicodeScalars.count == 1 && unicodeScalars.first?.isASCIIDigit == true }
}
