import FeedsClient
import Foundation
import TestSupport
import Testing

/// Issue 17 in `bsl feeds items --json`: dates written proleptic Gregorian, as ISO 8601 has them.
@Suite struct ItemDateTests {
    @Test(
        "items' JSON dates are proleptic Gregorian RFC 3339 in UTC, also before the 1582 reform",
        arguments: [
            ("Fri, 01 Jan 1500 00:00:00 GMT", "1500-01-01T00:00:00Z"),
            ("Thu, 14 Oct 1582 12:30:05 GMT", "1582-10-14T12:30:05Z"),
            ("Fri, 15 Oct 1582 00:00:00 +0800", "1582-10-14T16:00:00Z"),
            ("Mon, 01 Jan 0001 00:00:00 GMT", "0001-01-01T00:00:00Z"),
            ("Mon, 30 Nov 2026 14:15:00 +0800", "2026-11-30T06:15:00Z"),
        ])
    func prolepticDates(published: String, expected: String) async throws {
        let fixture = try await FeedsFixture()
        let feed = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Old</title><link>https://example.org/</link>
            <item><guid>old</guid><title>Old news</title><pubDate>\(published)</pubDate></item>
            </channel></rss>
            """
        try await fixture.serve("old.xml", feed)
        _ = try await fixture.subscriptions.add(fixture.url("old.xml"))
        let item = try #require(try fixture.subscriptions.items().first)
        #expect(item.jsonValue["date"] == .string(expected), "\(published)")
    }
}
