import BasicNetworking
import Foundation
import Testing

/// `Response.retryAfter(now:)`, the one reader of `Retry-After` for the pool's retries, the
/// cnblogs client and the feeds client.
@Suite struct RetryAfterTests {
    static let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT

    static func wait(_ value: String?) -> TimeInterval? {
        let headers = value.map { ["Retry-After": $0] } ?? [:]
        return Response(url: URL(fileURLWithPath: "/"), status: 503, headers: headers).retryAfter(now: now)
    }

    @Test(
        "seconds or an HTTP date, never negative; anything else is no wait at all",
        arguments: [
            ("120", 120), (" 30 ", 30), ("0", 0),
            ("Wed, 21 Oct 2015 07:28:30 GMT", 30), ("Wed, 21 Oct 2015 07:00:00 GMT", 0),
            ("99999999999999999999", TimeInterval(Int64.max)),
        ] as [(String, TimeInterval)])
    func reads(value: String, expected: TimeInterval) {
        #expect(Self.wait(value) == expected)
    }

    @Test(
        "what is neither is nil, and text Foundation's DateFormatter traps on never reaches it",
        arguments: [
            "-5", "soon", "", "1.5", "Wed, 21 Oct 2015 07:28:30 GMT\u{30F}", "５", String(repeating: "x", count: 1000),
        ])
    func unreadable(value: String) {
        #expect(Self.wait(value) == nil)
    }

    @Test("no header, no wait")
    func missing() {
        #expect(Self.wait(nil) == nil)
    }
}
