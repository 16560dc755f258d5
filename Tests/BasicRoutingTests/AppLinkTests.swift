import BasicRouting
import Testing

@Suite struct AppLinkTests {
    @Test(
        "reads web links, app links and Budejie's @ parameters",
        arguments: [
            (
                "https://M.Budejie.com/Game/Index?from=app&type=1#top", "https", "M.Budejie.com", ["Game", "Index"],
                ["from": "app", "type": "1"], "top" as String?
            ),
            ("mod://BDJ_To_Mine@dest=2", "mod", "BDJ_To_Mine", [], ["dest": "2"], nil),
            ("mod://BDJ_To_Cate@cate=3#type=0", "mod", "BDJ_To_Cate", [], ["cate": "3"], "type=0"),
            ("MOD://topic/42?from=push", "mod", "topic", ["42"], ["from": "push"], nil),
            ("http://user@example.com:8080/a%20b/c/", "http", "example.com", ["a b", "c"], [:], nil),
            ("mailto:someone@example.com", "mailto", "", ["someone@example.com"], [:], nil),
            ("mod://x?q=%E4%B8%AD&empty=&flag", "mod", "x", [], ["q": "中", "empty": "", "flag": ""], nil),
            (
                "http://m.budejie.com/feedback?uid=0&amp;os=ios", "http", "m.budejie.com", ["feedback"],
                ["uid": "0", "amp;os": "ios"], nil
            ),
        ] as [(String, String, String, [String], [String: String], String?)])
    func reads(text: String, scheme: String, host: String, path: [String], query: [String: String], fragment: String?)
        throws
    {
        let link = try AppLink(text)
        #expect(link.text == text)
        #expect(link.scheme == scheme)
        #expect(link.host == host)
        #expect(link.pathSegments == path)
        #expect(link.query == query)
        #expect(link.fragment == fragment)
    }

    @Test(
        "malformed links are errors that say what is wrong",
        arguments: [
            ("", "empty"),
            ("no scheme here", "spaces"),
            ("budejie.com/path", "no scheme"),
            ("://x", "no scheme"),
            ("1http://x", "no scheme"),
            ("http://", "needs a host"),
            ("https:///path", "needs a host"),
            ("http://a\tb", "control"),
            ("mod://x/%zz", "percent-escape"),
            ("http://x?a=%zz", "percent-escape"),
        ])
    func malformed(text: String, reason: String) {
        do {
            let link = try AppLink(text)
            Issue.record("\(text) read as \(link)")
        } catch {
            guard case .malformedURL(let url, let message) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(url == text)
            #expect(message.contains(reason), "\(message)")
        }
    }
}
