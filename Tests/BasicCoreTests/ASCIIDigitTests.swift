import BasicCore
import Testing

@Suite struct ASCIIDigitTests {
    @Test(
        "0 to 9 are ASCII digits; letters, signs, and digits of other scripts are not",
        arguments: [
            ("0", true), ("5", true), ("9", true), ("/", false), (":", false), ("a", false), ("-", false),
            ("٣", false), ("三", false), ("３", false), ("1\u{301}", false), ("\r\n", false),
        ])
    func digits(text: String, isDigit: Bool) throws {
        let character = try #require(text.first)
        #expect(character.isASCIIDigit == isDigit)
        if text.unicodeScalars.count == 1 {
            let scalar = try #require(text.unicodeScalars.first)
            #expect(scalar.isASCIIDigit == isDigit)
        }
        if text.utf8.count == 1 {
            let byte = try #require(text.utf8.first)
            #expect(byte.isASCIIDigit == isDigit)
        }
    }

    @Test("every byte: exactly 0x30 to 0x39")
    func everyByte() {
        for byte in UInt8.min...UInt8.max {
            #expect(byte.isASCIIDigit == (0x30...0x39).contains(byte), "\(byte)")
        }
    }
}
