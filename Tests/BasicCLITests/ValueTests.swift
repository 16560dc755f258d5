import BasicCLI
import Foundation
import Testing

@Suite struct ValueTests {
    @Test(
        "whole numbers",
        arguments: [
            ("42", 42), ("-7", -7), ("+3", 3), ("4.2", nil), ("", nil), ("ten", nil), ("99999999999999999999", nil),
        ]
            as [(String, Int?)])
    func integers(text: String, expected: Int?) {
        #expect(Int(argument: text) == expected)
        #expect(Int64(argument: text) == expected.map(Int64.init))
    }

    @Test("unsigned whole numbers refuse a sign", arguments: [("0", 0), ("7", 7), ("-1", nil)] as [(String, UInt?)])
    func unsigned(text: String, expected: UInt?) {
        #expect(UInt(argument: text) == expected)
    }

    @Test(
        "finite numbers only",
        arguments: [
            ("0.5", 0.5), ("-1234.5", -1234.5), ("1e3", 1000), ("nan", nil), ("inf", nil), ("-inf", nil), ("x", nil),
        ]
            as [(String, Double?)])
    func doubles(text: String, expected: Double?) {
        #expect(Double(argument: text) == expected)
    }

    @Test(
        "true and false",
        arguments: [("true", true), ("false", false), ("yes", nil), ("TRUE", nil)] as [(String, Bool?)])
    func booleans(text: String, expected: Bool?) {
        #expect(Bool(argument: text) == expected)
        #expect(Bool.allValueStrings == ["true", "false"])
    }

    @Test(
        "absolute URLs only, with a host for http and https",
        arguments: [
            ("https://example.com/x", "https://example.com/x"), ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/"),
            ("file:///tmp/feed.xml", "file:///tmp/feed.xml"), ("example.com", nil), ("Samples/cnblogs", nil),
            ("http://", nil), ("http:/x", nil), ("https://", nil), ("a b", nil), ("", nil),
        ] as [(String, String?)])
    func urls(text: String, expected: String?) {
        #expect(URL(argument: text)?.absoluteString == expected)
    }

    @Test(
        "durations: a number with ms, s, m, h or d, or bare seconds; nothing negative, infinite or absurd",
        arguments: [
            ("500ms", Duration.milliseconds(500)), ("30s", .seconds(30)), ("5m", .seconds(300)),
            ("1.5h", .seconds(5400)),
            ("7d", .seconds(604_800)), ("0.25", .milliseconds(250)), ("0", .zero), (".5s", .milliseconds(500)),
            ("1e3s", .seconds(1000)), ("7x", nil), ("-5s", nil), ("s", nil), ("", nil), ("inf", nil), ("nan", nil),
            ("1e300s", nil), ("1e400", nil), ("0x10", nil), ("5 s", nil), ("+5s", nil),
        ] as [(String, Duration?)])
    func durations(text: String, expected: Duration?) {
        #expect(Duration(argument: text) == expected)
    }

    @Test(
        "a duration shows as its largest whole unit",
        arguments: [
            (Duration.seconds(30), "30s"), (.seconds(90), "90s"), (.seconds(3600), "1h"), (.seconds(604_800), "7d"),
            (.milliseconds(1500), "1500ms"), (.zero, "0s"), (.microseconds(500), "0.0005s"), (.seconds(120), "2m"),
        ])
    func durationDescriptions(duration: Duration, expected: String) {
        #expect(duration.defaultValueDescription == expected)
    }

    @Test("a String-backed enumeration reads its raw values, and lists them")
    func enumerations() {
        #expect(Kind(argument: "news") == .news)
        #expect(Kind(argument: "News") == nil)
        #expect(Kind.allValueStrings == ["blog", "news"])
        #expect(Kind.news.defaultValueDescription == "news")
        #expect(Kind.defaultCompletionKind == .list(["blog", "news"]))
        #expect(CompletionShell.allValueStrings == ["bash", "zsh", "fish"])
    }

    @Test("text is taken as it is")
    func strings() {
        #expect(String(argument: "-") == "-")
        #expect(String(argument: "") == "")
    }
}
