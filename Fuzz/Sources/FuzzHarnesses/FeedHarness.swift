import BasicXML
import Foundation

/// See ``Harness/feed``.
enum FeedHarness {
    static func run(_ data: Data) throws(HarnessFailure) {
        let feed: Feed
        do {
            feed = try Feed(parsing: data)
        } catch {
            try Check.clearError(error, from: "Feed(parsing:)")
            return
        }
        try JSONHarness.roundTrip(feed.jsonValue, what: "the feed's jsonValue")
        for entry in feed.entries {
            _ = entry.links.first?.href
        }
    }
}
