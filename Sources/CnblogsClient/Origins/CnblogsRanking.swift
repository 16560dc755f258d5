/// The site's two ranking pages.
public enum CnblogsRanking: String, Sendable, Hashable, Codable, CaseIterable {
    /// The 48-hour most read, `https://www.cnblogs.com/aggsite/topviews` (legacy `48HoursTopViewPosts`).
    case mostRead48Hours
    /// The 10-day most recommended, `https://www.cnblogs.com/aggsite/topdiggs` (legacy `TenDaysTopDiggPosts`).
    case mostRecommended10Days

    /// The page's path under the site.
    var path: String { self == .mostRead48Hours ? "aggsite/topviews" : "aggsite/topdiggs" }
}
