/// The reader's tabs, in the order of the tab bar (the app's segmented control).
public enum ReaderTab: Int, CaseIterable, Hashable, Sendable {
    /// 首页: the site home's posts.
    case home
    /// 精华: the picked posts.
    case picked
    /// 新闻: the latest news.
    case news
    /// 排行: the 48-hour most read posts.
    case ranking
    /// 订阅: the subscriptions of `bsl feeds`, in their folders with their unread counts.
    case subscriptions
    /// 离线: the offline library, newest first, read with no network.
    case offline
    /// 我的: the "Me" page: the Budejie square grid and the settings rows (清除缓存).
    case me

    /// The tab's name in the tab bar.
    public var title: String {
        switch self {
        case .home: "首页"
        case .picked: "精华"
        case .news: "新闻"
        case .ranking: "排行"
        case .subscriptions: "订阅"
        case .offline: "离线"
        case .me: "我的"
        }
    }

    /// Whether the tab shows a list (from cnblogs, or the offline library).
    public var hasList: Bool {
        switch self {
        case .home, .picked, .news, .ranking, .offline: true
        case .subscriptions, .me: false
        }
    }

    /// Whether the tab's list comes in pages, the next loaded by moving past the last entry.
    public var pages: Bool {
        switch self {
        case .home, .picked, .news: true
        case .ranking, .subscriptions, .offline, .me: false
        }
    }

    /// The tab after this one, wrapping around.
    var next: ReaderTab { ReaderTab(rawValue: (rawValue + 1) % Self.allCases.count) ?? .home }

    /// The tab before this one, wrapping around.
    var previous: ReaderTab {
        ReaderTab(rawValue: (rawValue + Self.allCases.count - 1) % Self.allCases.count) ?? .home
    }
}
