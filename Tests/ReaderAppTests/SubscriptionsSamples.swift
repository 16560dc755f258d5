import CnblogsClient
import Foundation
import ReaderApp

/// Feeds and items for the 订阅 tab's model tests.
enum SubscriptionsSamples {
    /// Feeds as the library lists them: in the order added, folders mixed.
    static let feeds: [ReaderFeed] = [
        feed("a001", "阮一峰的网络日志", unread: 12),
        feed("a002", "博客园 首页", folder: "cnblogs", unread: 20),
        feed("a003", "Swift.org - Blog", folder: "技术/Swift", unread: 2),
        feed("a004", "Hacker News: Front Page", lastError: "HTTP 500 from https://hnrss.org/frontpage; try later"),
        feed("a005", "博客园 精华", folder: "cnblogs", unread: 3),
        feed("a006", "Swift 论坛每周精选：并发、宏与嵌入式 Swift 的最新讨论合集", folder: "技术/Swift", unread: 150),
        feed("a007", "博客园 新闻", folder: "cnblogs"),
    ]

    static func feed(
        _ id: String, _ title: String, folder: String? = nil, unread: Int = 0, lastError: String? = nil
    ) -> ReaderFeed {
        ReaderFeed(
            id: id, title: title, url: URL(string: "https://feeds.example.org/\(id).xml") ?? URL(fileURLWithPath: "/"),
            folder: folder,
            unreadCount: unread, itemCount: max(unread, 20), lastError: lastError)
    }

    /// `count` items of the feed `feedID`, newest first; every third one read.
    static func items(_ count: Int, feedID: String = "a002") -> [ReaderFeedItem] {
        (0..<count).map { index in item(index, feedID: feedID) }
    }

    static func item(_ index: Int, feedID: String) -> ReaderFeedItem {
        let title = "\(index + 1). " + ReaderSamples.titles[index % ReaderSamples.titles.count]
        let date = ReaderSamples.now.addingTimeInterval(-Double(index * 1500 + 30))
        let link = URL(string: "https://www.cnblogs.com/nanshan-walker/p/\(2000 + index)")
        let id = feedID + String(format: "%06d", index)
        return ReaderFeedItem(
            id: id, feedID: feedID, title: title, author: index % 2 == 0 ? "南山行者" : nil, date: date, link: link,
            isRead: index % 3 == 2)
    }

    /// An item's content as the pager gets it.
    static func article(for item: ReaderFeedItem, paragraphs: Int = 30) -> Article {
        let html = (1...paragraphs).map { "<p>第 \($0) 段：订阅里的文章，按终端宽度折行。</p>" }.joined()
        return Article(
            kind: .post, id: 0, title: item.title, author: item.author, published: item.date, link: item.link,
            html: html)
    }
}
