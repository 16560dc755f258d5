import BasicCLI
import CnblogsClient
import Foundation

/// `bsl cnblogs news [--page N] [--size N]`: the latest news.
struct CnblogsNewsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "news", abstract: "The latest news (news/recent/N, or news/recent/paged/P/N with --page).")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var paging: CnblogsPaging

    func run() async throws {
        let (page, size) = (paging.page, paging.size)
        // Without --page the URL has the size only: news/recent/N.
        let slots = page == nil ? Array(paging.slots.dropFirst()) : paging.slots
        let items = try await options.load(slots: slots) { client throws(CnblogsError) in
            if let page { return try await client.news(page: page, size: size) }
            return try await client.recentNews(count: size)
        }
        try CnblogsOutput.print(items, json: options.json, Terminal())
    }
}

/// `bsl cnblogs hot [--size N]`: the hot news.
struct CnblogsHotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "hot", abstract: "The hot news (news/hot/N).")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var count: CnblogsCount

    func run() async throws {
        let size = count.size
        let items = try await options.load(slots: count.slots) { client throws(CnblogsError) in
            try await client.hotNews(count: size)
        }
        try CnblogsOutput.print(items, json: options.json, Terminal())
    }
}

/// `bsl cnblogs recommend [--page N] [--size N]`: the recommended news.
struct CnblogsRecommendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommend", abstract: "The recommended news (news/recommend/paged/P/N).")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var paging: CnblogsPaging

    func run() async throws {
        let (page, size) = (paging.pageNumber, paging.size)
        let items = try await options.load(slots: paging.slots) { client throws(CnblogsError) in
            try await client.recommendedNews(page: page, size: size)
        }
        try CnblogsOutput.print(items, json: options.json, Terminal())
    }
}
