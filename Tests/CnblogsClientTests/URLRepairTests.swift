import CnblogsClient
import Foundation
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
        ])
    func repairs(input: String, expected: String) {
        #expect(URLRepair.url(from: input)?.absoluteString == expected)
    }

    @Test("an empty address is nil")
    func empty() {
        #expect(URLRepair.url(from: "") == nil)
        #expect(URLRepair.url(from: "   ") == nil)
    }
}
