import CnblogsClient
import Foundation
import TestSupport
import Testing

@Suite struct URLRepairTests {
    @Test(
        "addresses the API writes become valid URLs",
        arguments: [
            (
                "//images2015.cnblogs.com/news/24442/201608/a.png",
                "http://images2015.cnblogs.com/news/24442/201608/a.png"
            ),
            (
                "http://images0.cnblogs.com/news_topic///images0.cnblogs.com/news_topic/x.gif",
                "http://images0.cnblogs.com/news_topic/x.gif"
            ),
            (
                "http://images0.cnblogs.com/news_topic/小米.gif",
                "http://images0.cnblogs.com/news_topic/%E5%B0%8F%E7%B1%B3.gif"
            ),
            ("http://pic.cnblogs.com/face/u1.jpg?id=0810", "http://pic.cnblogs.com/face/u1.jpg?id=0810"),
            ("  http://a.example.com/b c.png ", "http://a.example.com/b%20c.png"),
            ("http://a.example.com//x/y.png", "http://a.example.com//x/y.png"),
            ("http://a.example.com/%E5%B0%8F.gif", "http://a.example.com/%E5%B0%8F.gif"),
            // Samples/cnblogs: a news topic icon, and the news body's ImageUrl list.
            (
                "//images0.cnblogs.com/news_topic///images0.cnblogs.com/news_topic/microsoft.gif",
                "http://images0.cnblogs.com/news_topic/microsoft.gif"
            ),
            (
                "//images2015.cnblogs.com/news/66372/201608/66372-20160814135501-1.jpg",
                "http://images2015.cnblogs.com/news/66372/201608/66372-20160814135501-1.jpg"
            ),
        ])
    func repairs(input: String, expected: String) {
        #expect(URLRepair.url(from: input)?.absoluteString == expected)
    }

    @Test(
        "only the path is repaired: a same-host URL in the query or the fragment is left alone",
        arguments: [
            "https://www.cnblogs.com/go?to=https://www.cnblogs.com/target",
            "https://images.cnblogs.com/thumb?src=https://images.cnblogs.com/a.png&w=100",
            "https://www.cnblogs.com/p/1.html#//www.cnblogs.com/x",
            "https://www.cnblogs.com/a?x=1//www.cnblogs.com/b",
            "https://www.cnblogs.com/?u=//www.cnblogs.com",
            "http://a.example.com/x//a.example.com.evil/y",
            "http://a.example.com/x//b.example.com/y",
            "http://a.example.com/x/a.example.com/y",
            "mailto:someone@www.cnblogs.com",
        ])
    func leavesQueryAndFragment(input: String) {
        #expect(URLRepair.url(from: input)?.absoluteString == input)
    }

    @Test(
        "the repeated host is found wherever it last repeats, in any case, with its port",
        arguments: [
            ("http://h.example.com/a///h.example.com/b///h.example.com/c", "http://h.example.com/c"),
            ("http://Images0.cnblogs.com/a//images0.cnblogs.com/b.gif", "http://Images0.cnblogs.com/b.gif"),
            ("http://a.example.com:8080/x//a.example.com:8080/y?z=1#f", "http://a.example.com:8080/y?z=1#f"),
            ("http://a.example.com//a.example.com/y", "http://a.example.com/y"),
            ("http://a.example.com/x//a.example.com", "http://a.example.com"),
            ("http://user@a.example.com/x//a.example.com/y", "http://user@a.example.com/y"),
            (
                "https://www.cnblogs.com/a//www.cnblogs.com/b?to=https://www.cnblogs.com/c",
                "https://www.cnblogs.com/b?to=https://www.cnblogs.com/c"
            ),
        ])
    func repeatedHost(input: String, expected: String) {
        #expect(URLRepair.url(from: input)?.absoluteString == expected)
    }

    @Test(
        "a relative address is resolved first, then its path repaired",
        arguments: [
            ("/news_topic///images0.cnblogs.com/news_topic/x.gif", "https://images0.cnblogs.com/news_topic/x.gif"),
            ("a///images0.cnblogs.com/b.png", "https://images0.cnblogs.com/b.png"),
            ("//images0.cnblogs.com/x///images0.cnblogs.com/y.gif", "http://images0.cnblogs.com/y.gif"),
            (
                "/go?to=https://images0.cnblogs.com/a//images0.cnblogs.com/b",
                "https://images0.cnblogs.com/go?to=https://images0.cnblogs.com/a//images0.cnblogs.com/b"
            ),
            ("图 1.png", "https://images0.cnblogs.com/blog/%E5%9B%BE%201.png"),
            ("https://other.example.com/x", "https://other.example.com/x"),
        ])
    func relative(input: String, expected: String) {
        let base = URL(string: "https://images0.cnblogs.com/blog/p.html")
        #expect(URLRepair.url(from: input, relativeTo: base)?.absoluteString == expected)
    }

    @Test("without a base a relative address is only encoded: there is no host to repeat")
    func relativeWithoutBase() {
        #expect(URLRepair.url(from: "a///images0.cnblogs.com/b.png")?.absoluteString == "a///images0.cnblogs.com/b.png")
        #expect(
            URLRepair.url(from: "/go?to=http://x.com/a//x.com/b")?.absoluteString == "/go?to=http://x.com/a//x.com/b")
    }

    @Test(
        "the scheme comes out lowercased, with or without a base, the rest as it was",
        arguments: [
            ("httpS://pic.cnblogs.com/face/1.png", "https://pic.cnblogs.com/face/1.png"),
            ("HTTP://Images0.cnblogs.com/A.png?X=1#F", "http://Images0.cnblogs.com/A.png?X=1#F"),
            ("https://pic.cnblogs.com/a.png", "https://pic.cnblogs.com/a.png"),
        ])
    func lowercasedScheme(input: String, expected: String) {
        #expect(URLRepair.url(from: input)?.absoluteString == expected)
        #expect(
            URLRepair.url(from: input, relativeTo: URL(string: "https://www.cnblogs.com/"))?.absoluteString == expected)
    }

    @Test("an empty address is nil")
    func empty() {
        #expect(URLRepair.url(from: "") == nil)
        #expect(URLRepair.url(from: "   ") == nil)
        #expect(URLRepair.url(from: " ", relativeTo: URL(string: "https://www.cnblogs.com/")) == nil)
    }

    @Test("repairing a repaired URL changes nothing, and the query and fragment are never touched", arguments: 0..<8)
    func idempotent(seed: UInt64) throws {
        var generator = RandomAddress(seed: seed)
        var repaired = 0
        for _ in 0..<250 {
            let address = generator.address()
            let base = generator.base()
            guard let once = URLRepair.url(from: address.text, relativeTo: base) else { continue }
            if once.absoluteString != Self.unrepaired(address.text, base: base)?.absoluteString { repaired += 1 }
            let twice = URLRepair.url(from: once.absoluteString, relativeTo: base)
            #expect(
                twice?.absoluteString == once.absoluteString,
                "\(address.text.debugDescription) base \(base?.absoluteString ?? "none")")
            let again = URLRepair.url(from: once.absoluteString)
            #expect(again?.absoluteString == once.absoluteString, "\(address.text.debugDescription) without a base")
            #expect(once.query == address.query, "\(address.text.debugDescription)")
            #expect(once.fragment == address.fragment, "\(address.text.debugDescription)")
        }
        // The generator makes repeated hosts often enough for the property to mean something.
        #expect(repaired >= 25)
    }

    /// `text` as a URL with no repeated host removed: trimmed, `http:` before `//`, encoded by
    /// `URL(string:)` itself, resolved against `base`.
    static func unrepaired(_ text: String, base: URL?) -> URL? {
        var address = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if address.hasPrefix("//") { address = "http:" + address }
        guard let url = URL(string: address) else { return nil }
        guard let base, url.scheme == nil else { return url }
        return URL(string: url.absoluteString, relativeTo: base)?.absoluteURL
    }
}

/// Random addresses made of the quirks the cnblogs API writes: protocol-relative, repeated hosts
/// (several times, in other case, with ports), runs of slashes, non-ASCII and spaces, relative
/// paths; with queries and fragments that carry same-host URLs, and the query and fragment a
/// correct repair keeps.
struct RandomAddress {
    var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    static let hosts = ["www.cnblogs.com", "images0.cnblogs.com", "pic.cnblogs.com", "a.example.com:8080"]
    static let segments = [
        "a", "news_topic", "x.gif", "", "/", "//", "小米.gif", "b c", "%E5%B0%8F", ".", "..", "100%", "p",
        "1.html", "~u", "a;b", "@", ":",
    ]
    static let parameters = [
        "to=https://HOST/target", "src=https://HOST/a.png", "w=100", "u=//HOST/x", "q=%E5%B0%8F", "x=1//HOST/b",
        "a=b=c", "z",
    ]

    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

    mutating func base() -> URL? {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return nil
        case 1: return URL(string: "https://\(pick(Self.hosts))/blog/p/1.html")
        default: return URL(string: "http://\(pick(Self.hosts))/")
        }
    }

    mutating func address() -> (text: String, query: String?, fragment: String?) {
        let host = pick(Self.hosts)
        var text: String
        switch Int.random(in: 0..<5, using: &random) {
        case 0: text = "http://" + host
        case 1: text = "https://" + (Bool.random(using: &random) ? host.uppercased() : host)
        case 2: text = "//" + host
        case 3: text = ""
        default: text = "."
        }
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: text += String(repeating: "/", count: Int.random(in: 2...4, using: &random)) + pick(Self.hosts)
            case 1: text += "//" + (Bool.random(using: &random) ? host.uppercased() : host)
            default: text += "/" + pick(Self.segments)
            }
        }
        var query: String?
        if Bool.random(using: &random) {
            query = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                pick(Self.parameters).replacing("HOST", with: pick(Self.hosts))
            }.joined(separator: "&")
            text += "?" + (query ?? "")
        }
        var fragment: String?
        if Int.random(in: 0..<3, using: &random) == 0 {
            fragment = pick(["top", "//\(host)/x", "a/b//\(host)"])
            text += "#" + (fragment ?? "")
        }
        if Int.random(in: 0..<6, using: &random) == 0 { text = "  " + text + " \n" }
        return (text, query, fragment)
    }
}
