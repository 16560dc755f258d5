import BasicFormat
import Foundation
import Testing

/// Text that is no time at all never reaches Foundation's formatters, which on Linux trap on
/// some of it (found by the money-time fuzz harness).
@Suite struct TimeParserHostileInputTests {
    static let shanghai = TimeZone(identifier: "Asia/Shanghai") ?? .gmt

    @Test(
        "text with combining marks, control characters or non-ASCII digits is an invalid time, not a trap",
        arguments: [
            "5\u{30F}\u{8F}\u{8F}YU", "2016-08-13\u{301} 23:41:00", "２０１６-08-13", "2016-08-13\u{0}23:41",
            "2016-08-13T23:41:00Z\u{30F}", String(repeating: "9", count: 10_000) + "-", "\u{FFFD}",
        ])
    func invalid(text: String) {
        #expect(throws: FormatError.invalidTime(text)) {
            _ = try TimeParser(timeZone: Self.shanghai).date(from: text)
        }
    }

    @Test("the accepted forms still parse")
    func accepted() throws {
        let parser = TimeParser(timeZone: Self.shanghai)
        #expect(try parser.date(from: "2016-08-13 23:41:00").timeIntervalSince1970 == 1_471_102_860)
        #expect(try parser.date(from: "2016-08-13T15:41:00Z").timeIntervalSince1970 == 1_471_102_860)
        #expect(try parser.date(from: "2016-08-13T23:41:00.5+08:00").timeIntervalSince1970 == 1_471_102_860.5)
    }
}
