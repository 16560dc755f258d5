import BasicFormat
import Foundation
import Testing

/// README.md's BasicFormat example, line for line: if this breaks, so does the README.
@Suite struct FormatReadmeExampleTests {
    @Test("the README's BasicFormat example works as written")
    func readme() throws {
        let upper = try Money.chineseUppercase(Money.parse("1001.05"))  // 壹仟零壹元零伍分
        let shanghai = try TimeParser.timeZone(named: "Asia/Shanghai")
        let date = try TimeParser(timeZone: shanghai).date(from: "2016-08-13 23:41:00")
        let text = TimeFormatter(timeZone: shanghai).relativeString(for: date)  // 2016-08-13
        #expect(upper == "壹仟零壹元零伍分")
        #expect(text == "2016-08-13")
    }
}
