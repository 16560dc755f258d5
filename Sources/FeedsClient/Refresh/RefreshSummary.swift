import BasicFormat
import Foundation

/// How the refresh of one feed went.
public struct FeedRefreshResult: Sendable {
    /// What happened.
    public enum Outcome: Sendable {
        /// A new copy was read: `newItems` items are new and `changedItems` changed.
        case updated(newItems: Int, changedItems: Int)
        /// The server answered 304 Not Modified: nothing was read or changed.
        case notModified
        /// The feed was not due (its minimum interval, or the server's `max-age` or `Retry-After`).
        case skipped(until: Date)
        /// The refresh failed; the feed keeps its items, and the error until the next success.
        case failed(FeedsError)
    }

    /// The feed's id.
    public var feedID: String
    /// The feed's title.
    public var title: String
    /// The feed's address after the refresh.
    public var url: URL
    /// What happened.
    public var outcome: Outcome
    /// The new address, when a permanent redirect (301, 308) moved the feed.
    public var movedTo: URL?
    /// How many body bytes arrived (after the transport's decompression).
    public var bytesReceived: Int

    /// Whether the refresh failed.
    public var isFailure: Bool {
        if case .failed = outcome { return true }
        return false
    }

    /// One line for the feed: its title and what happened.
    public var description: String {
        switch outcome {
        case .updated(let new, let changed):
            return "\(title): \(new) new, \(changed) changed"
                + (movedTo.map { "; moved to \($0.absoluteString)" } ?? "")
        case .notModified:
            return "\(title): not modified"
        case .skipped(let until):
            return "\(title): not due until \(TimeFormatter.rfc3339String(from: until))"
        case .failed(let error):
            return "\(title): \(error)"
        }
    }
}

/// Where a refresh stands: the progress line a terminal shows.
public struct RefreshProgress: Sendable, CustomStringConvertible {
    /// Feeds done so far.
    public var done: Int
    /// Feeds being refreshed in all (the due ones).
    public var total: Int
    /// Feeds that failed so far.
    public var failed: Int
    /// The feed that just finished.
    public var latest: FeedRefreshResult

    /// `refreshed 37/200, 3 failed`.
    public var description: String {
        "refreshed \(done)/\(total)" + (failed > 0 ? ", \(failed) failed" : "")
    }
}

/// What a refresh did, feed by feed.
public struct RefreshSummary: Sendable, CustomStringConvertible {
    /// Every feed asked for, in list order.
    public var results: [FeedRefreshResult]

    /// The feeds refreshed: updated or not modified.
    public var refreshedCount: Int { results.count { !$0.isFailure && !$0.isSkipped } }
    /// The feeds that answered 304.
    public var notModifiedCount: Int {
        results.count {
            if case .notModified = $0.outcome { return true }
            return false
        }
    }
    /// The feeds not due.
    public var skippedCount: Int { results.count(where: \.isSkipped) }
    /// The feeds that failed, with their errors.
    public var failures: [FeedRefreshResult] { results.filter(\.isFailure) }
    /// New items in all.
    public var newItemCount: Int {
        results.reduce(0) {
            if case .updated(let new, _) = $1.outcome { return $0 + new }
            return $0
        }
    }
    /// Body bytes received in all.
    public var bytesReceived: Int { results.reduce(0) { $0 + $1.bytesReceived } }

    /// `refreshed 200 feeds (180 not modified), 20 new items, 0 failed, 0 not due`.
    public var description: String {
        "refreshed \(refreshedCount) " + (refreshedCount == 1 ? "feed" : "feeds")
            + " (\(notModifiedCount) not modified), "
            + "\(newItemCount) new " + (newItemCount == 1 ? "item" : "items") + ", \(failures.count) failed, "
            + "\(skippedCount) not due"
    }
}

extension FeedRefreshResult {
    /// Whether the feed was not due.
    public var isSkipped: Bool {
        if case .skipped = outcome { return true }
        return false
    }
}
