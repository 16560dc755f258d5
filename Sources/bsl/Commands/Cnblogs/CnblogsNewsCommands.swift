import BasicCLI
import CnblogsClient
import Foundation

/// Which news list `news` reads.
enum CnblogsNewsListName: String, CaseIterable, ExpressibleByArgument {
    case latest, hot, recommend

    /// The client's list.
    var list: CnblogsNewsList {
        switch self {
        case .latest: .latest
        case .hot: .hot
        case .recommend: .recommended
        }
    }
}

/// `bsl cnblogs news [latest|hot|recommend] [--page N] [--size N]`: a news list.
struct CnblogsNewsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "news",
        abstract: "The latest news (feed.cnblogs.com/news/rss), or with a token the API's NewsItems, "
            + "NewsItems/@hot or NewsItems/@recommended.",
        discussion: """
            The site's news feed has the latest news only, first page, without counts; the hot and \
            recommended lists and later pages need a token (`bsl cnblogs login`). From the legacy API: \
            news/recent/N, or news/recent/paged/P/N for a later page.
            """)

    @Argument(help: "Which list.") var list: CnblogsNewsListName = .latest
    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var paging: CnblogsPaging

    func run() async throws {
        try await CnblogsNewsRun.run(list.list, options: options, page: paging.page, size: paging.size)
    }
}

/// `bsl cnblogs hot [--size N]`: the hot news.
struct CnblogsHotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hot",
        abstract: "The hot news (news hot): NewsItems/@hot with a token, news/hot/N from the legacy API.")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var count: CnblogsCount

    func run() async throws {
        try await CnblogsNewsRun.run(.hot, options: options, page: 1, size: count.size)
    }
}

/// `bsl cnblogs recommend [--page N] [--size N]`: the recommended news.
struct CnblogsRecommendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommend",
        abstract: "The recommended news (news recommend): NewsItems/@recommended with a token, "
            + "news/recommend/paged/P/N from the legacy API.")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var paging: CnblogsPaging

    func run() async throws {
        try await CnblogsNewsRun.run(.recommended, options: options, page: paging.page, size: paging.size)
    }
}

/// What the news commands share.
enum CnblogsNewsRun {
    static func run(_ list: CnblogsNewsList, options: CnblogsOptions, page: Int, size: Int?) async throws {
        let client = try options.makeClient()
        let source = client.resolved(options.namedSource)
        let size = size ?? CnblogsCount.defaultSize(for: source)
        let sizeSlot = ReplayHint.Slot(value: String(size), noun: "size", option: "--size")
        let pageSlot = ReplayHint.Slot(value: String(page), noun: "page", option: "--page")
        // The legacy latest news' first page, and its hot news, have the size only in their URLs.
        let slots = page == 1 || list == .hot ? [sizeSlot] : [pageSlot, sizeSlot]
        let listing = try await options.load(with: client, slots: slots) { client throws(CnblogsError) in
            try await client.newsItems(list, page: page, size: size, from: source)
        }
        CnblogsOutput.noteDropped(listing, Terminal())
        try CnblogsOutput.print(listing.items, json: options.json, Terminal())
    }
}
