import FeedsClient
import Foundation

/// One line of the 订阅 tab: a subscription of `bsl feeds`, with what the tab shows of it.
public struct ReaderFeed: Hashable, Sendable {
    /// The subscription's short id (`k3f9`), which its items' ids start with.
    public var id: String
    /// The title to show.
    public var title: String
    /// The feed's address.
    public var url: URL
    /// The folder it is filed in (`Parent/Child` for a nested one); nil for none.
    public var folder: String?
    /// How many of its items are unread.
    public var unreadCount: Int
    /// How many items it holds.
    public var itemCount: Int
    /// Why its last refresh failed, one line; nil when it did not.
    public var lastError: String?

    /// A feed of these values.
    public init(
        id: String, title: String, url: URL, folder: String? = nil, unreadCount: Int = 0, itemCount: Int = 0,
        lastError: String? = nil
    ) {
        self.id = id
        self.title = title
        self.url = url
        self.folder = folder
        self.unreadCount = unreadCount
        self.itemCount = itemCount
        self.lastError = lastError
    }

    /// The line of a subscription, with its counts as `bsl feeds list` shows them.
    public init(_ subscription: Subscription) {
        self.init(
            id: subscription.id, title: subscription.title, url: subscription.url, folder: subscription.folder,
            unreadCount: subscription.unreadCount, itemCount: subscription.itemCount,
            lastError: subscription.lastError)
    }
}

/// One line of a feed's items in the 订阅 tab.
public struct ReaderFeedItem: Hashable, Sendable {
    /// The item's short id (`k3f9a8d2x1`), as `bsl feeds read` takes it.
    public var id: String
    /// The id of its feed.
    public var feedID: String
    /// The title as plain text; empty when the entry has none.
    public var title: String
    /// The author, when the feed names one.
    public var author: String?
    /// The date it is sorted by: published, else updated, else first seen.
    public var date: Date
    /// The item's own page.
    public var link: URL?
    /// Whether it has been read.
    public var isRead: Bool

    /// An item of these values.
    public init(
        id: String, feedID: String, title: String, author: String? = nil, date: Date, link: URL? = nil,
        isRead: Bool = false
    ) {
        self.id = id
        self.feedID = feedID
        self.title = title
        self.author = author
        self.date = date
        self.link = link
        self.isRead = isRead
    }

    /// The line of a feed's item.
    public init(_ item: FeedItem) {
        self.init(
            id: item.id, feedID: item.feedID, title: item.title, author: item.author, date: item.date, link: item.link,
            isRead: item.isRead)
    }
}
