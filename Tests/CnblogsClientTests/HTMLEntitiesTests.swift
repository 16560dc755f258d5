import CnblogsClient
import Testing

@Suite struct HTMLEntitiesTests {
    @Test(
        "named and numeric references decode; unknown ones stay as written",
        arguments: [
            ("&ldquo;Swift&rdquo;", "\u{201C}Swift\u{201D}"),
            ("&#39;this&#39;", "'this'"),
            ("&#x201C;迷你&#x201D;", "\u{201C}迷你\u{201D}"),
            ("A &amp; B &lt;C&gt;", "A & B <C>"),
            ("&mdash;&hellip;", "\u{2014}\u{2026}"),
            ("AT&T &nosuch; & &#0; &#xZZ;", "AT&T &nosuch; & &#0; &#xZZ;"),
            ("plain 中文", "plain 中文"),
            ("&amp;ldquo;", "&ldquo;"),
        ])
    func decodes(input: String, expected: String) {
        #expect(HTMLEntities.decode(input) == expected)
    }
}
