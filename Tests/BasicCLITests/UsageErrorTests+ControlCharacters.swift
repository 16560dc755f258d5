import BasicCLI
import Testing

/// A usage error naming what was typed stays one line, the control characters of the typed word
/// shown as escapes: `bsl $'\e[2J'` must not clear the screen it reports to.
@Suite struct UsageErrorControlCharacterTests {
    @Test(
        "a typed word's control characters are escaped in the usage error",
        arguments: [
            (["\u{1B}[2J"], "Error: unknown command '\\u{1B}[2J'"),
            (["cnblogs", "re\nad"], "Error: unknown command 're\\nad'"),
            (["--wid\u{7}th"], "Error: unknown option '--wid\\u{7}th'"),
            (["money", "12\r\n\u{9B}31m"], "12\\r\\n\\u{9B}31m"),
            (["cnblogs", "read", "1", "\u{202E}x\u{2028}"], "Error: unexpected argument '\\u{202E}x\\u{2028}'"),
        ])
    func escaped(arguments: [String], shows: String) async {
        let (outcome, _) = await RunLog.run(arguments)
        #expect(outcome.status == 64)
        let first = outcome.errorOutput.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        #expect(first.contains(shows), "\(outcome.errorOutput.debugDescription)")
        #expect(
            !outcome.errorOutput.unicodeScalars.contains {
                $0 != "\n" && ($0.properties.generalCategory == .control || (0x2028...0x202E).contains($0.value))
            }, "\(outcome.errorOutput.debugDescription)")
    }
}
