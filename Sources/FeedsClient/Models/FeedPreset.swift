import Foundation

/// A ready-made set of feeds to subscribe to at once (`bsl feeds add --preset cnblogs`).
///
/// ```swift
/// let report = try subscriptions.add(preset: .cnblogs)
/// print(report.added.map(\.title))   // 博客园 首页, 博客园 精华, 博客园 新闻
/// ```
public struct FeedPreset: Sendable, Hashable {
    /// The name the command line takes.
    public let name: String
    /// The feeds, in order, with their titles and folder.
    public let entries: [OPMLEntry]

    /// A preset from its parts.
    public init(name: String, entries: [OPMLEntry]) {
        self.name = name
        self.entries = entries
    }

    /// cnblogs' site home, picked (精华) and news lists: the feeds the cnblogs client reads.
    public static let cnblogs = FeedPreset(
        name: "cnblogs",
        entries: [
            OPMLEntry(
                url: "https://feed.cnblogs.com/blog/sitehome/rss", title: "博客园 首页", siteURL: "https://www.cnblogs.com/",
                folder: "cnblogs"),
            OPMLEntry(
                url: "https://feed.cnblogs.com/blog/picked/rss", title: "博客园 精华",
                siteURL: "https://www.cnblogs.com/pick/", folder: "cnblogs"),
            OPMLEntry(
                url: "https://feed.cnblogs.com/news/rss", title: "博客园 新闻", siteURL: "https://news.cnblogs.com/",
                folder: "cnblogs"),
        ])

    /// Every preset.
    public static let all: [FeedPreset] = [.cnblogs]

    /// The preset called `name` (any case).
    ///
    /// - Throws: ``FeedsError/unknownPreset(_:known:)`` naming the presets there are.
    public static func named(_ name: String) throws(FeedsError) -> FeedPreset {
        guard let preset = all.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw .unknownPreset(name, known: all.map(\.name))
        }
        return preset
    }
}
