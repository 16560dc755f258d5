import Foundation
import TestSupport
import Testing

/// Runs the built `bsl money` and `bsl time`.
@Suite struct BSLFormatCommandTests {
    static let bsl = TestPaths.builtProduct("bsl")

    @Test(
        "money prints the grouped or uppercase form; a negative amount is not an option",
        arguments: [
            (["money", "-1234.5"], "-1,234.50"),
            (["money", "1234567.891", "--symbol", "¥"], "¥1,234,567.89"),
            (["money", "1001.05", "--upper"], "壹仟零壹元零伍分"),
            (["money", "--upper", "-0.5"], "负伍角"),
            (["money", "100010000", "--upper"], "壹亿零壹万元整"),
        ])
    func money(arguments: [String], expected: String) async throws {
        let result = try await ProcessRunner.run(Self.bsl, arguments)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == expected + "\n")
    }

    @Test(
        "time formats and relates moments exactly when the zone and now are given",
        arguments: [
            (["time", "1700000000", "--tz", "Asia/Shanghai"], "2023-11-15 06:13:20"),
            (["time", "1700000000000", "--tz", "UTC", "--format", "yyyy/MM/dd HH:mm"], "2023/11/14 22:13"),
            (["time", "2016-08-13 23:41:00", "--tz", "+08:00", "--format", "yyyy年M月d日 HH:mm"], "2016年8月13日 23:41"),
            (["time", "2014-11-30T14:15:00+08:00", "--tz", "UTC"], "2014-11-30 06:15:00"),
            (["time", "--tz", "UTC", "--", "-14831769600"], "1500-01-01 00:00:00"),
            (["time", "1582-10-14", "--tz", "UTC", "--format", "yyyy-MM-dd"], "1582-10-14"),
            (["time", "1700000000", "--relative", "--now", "1700000200", "--tz", "UTC"], "3分钟前"),
            (["time", "1700000000", "--relative", "--now", "1700000030", "--tz", "UTC", "--locale", "en"], "just now"),
            (
                ["time", "1700000000", "--relative", "--now", "2023-11-16 10:00:00", "--tz", "Asia/Shanghai"],
                "昨天 06:13"
            ),
            (
                ["time", "1700003600", "--relative", "--now", "1700000000", "--tz", "UTC", "--locale", "en"],
                "in 1 hour"
            ),
        ])
    func time(arguments: [String], expected: String) async throws {
        let result = try await ProcessRunner.run(Self.bsl, arguments)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == expected + "\n")
    }

    @Test(
        "bad values are usage errors that say what to write; too large an amount fails the operation",
        arguments: [
            (["money", "1e3"], 64 as Int32, "is not an amount"),
            (["money", "5", "--upper", "--symbol", "¥"], 64, "one or the other"),
            (["money", "10000000000000000", "--upper"], 1, "below 10^16"),
            (["time", "yesterday"], 64, "is not a time"),
            (["time", "1700000000", "--tz", "Mars/Base"], 64, "is not a time zone"),
            (["time", "1700000000", "--tz", "CST"], 64, "may mean Asia/Shanghai, America/Chicago or America/Havana"),
            (["time", "1700000000", "--locale", "fr"], 64, "--locale takes zh or en"),
            (["time", "1700000000", "--now", "1700000000"], 64, "--now only makes sense with --relative"),
            // Issue 12, defect 10: these printed an empty line, or a changed amount, with status 0.
            (["time", "99999999999999999999"], 64, "outside the years 1 to 9999"),
            (["time", "9223372036854775807"], 64, "outside the years 1 to 9999"),
            (["time", "--", "-9223372036854775807"], 64, "outside the years 1 to 9999"),
            (["time", "1700000000", "--relative", "--now", "9223372036854775807"], 64, "outside the years 1 to 9999"),
            (["money", "999999999999999999999999999999999999999"], 64, "has 39 digits, more than the 38"),
            (["money", "0.0000000000000000000000000000000000000001", "--upper"], 64, "has 40 digits"),
        ])
    func errors(arguments: [String], status: Int32, message: String) async throws {
        let result = try await ProcessRunner.run(Self.bsl, arguments)
        #expect(result.status == status, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }
}
