import CnblogsClient
import Foundation

/// `bsl cnblogs news [--page N] [--size N]`: the latest news.
struct CnblogsNewsCommand: Command {
    static let spec = CommandSpec(
        name: "news", abstract: "The latest news (news/recent/N, or news/recent/paged/P/N with --page).",
        options: CnblogsListOptions.options(paged: true))

    let options: CnblogsListOptions

    init(_ arguments: ParsedArguments) throws { options = try CnblogsListOptions(arguments) }

    func run(_ terminal: Terminal) async throws {
        let size = options.size
        let page = options.page
        let items = try await options.load { client throws(CnblogsError) in
            if let page { return try await client.news(page: page, size: size) }
            return try await client.recentNews(count: size)
        }
        try options.print(items, terminal)
    }
}

/// `bsl cnblogs hot [--size N]`: the hot news.
struct CnblogsHotCommand: Command {
    static let spec = CommandSpec(
        name: "hot", abstract: "The hot news (news/hot/N).", options: CnblogsListOptions.options(paged: false))

    let options: CnblogsListOptions

    init(_ arguments: ParsedArguments) throws { options = try CnblogsListOptions(arguments) }

    func run(_ terminal: Terminal) async throws {
        let size = options.size
        try options.print(
            try await options.load { client throws(CnblogsError) in try await client.hotNews(count: size) }, terminal)
    }
}

/// `bsl cnblogs recommend [--page N] [--size N]`: the recommended news.
struct CnblogsRecommendCommand: Command {
    static let spec = CommandSpec(
        name: "recommend", abstract: "The recommended news (news/recommend/paged/P/N).",
        options: CnblogsListOptions.options(paged: true))

    let options: CnblogsListOptions

    init(_ arguments: ParsedArguments) throws { options = try CnblogsListOptions(arguments) }

    func run(_ terminal: Terminal) async throws {
        let (page, size) = (options.page ?? 1, options.size)
        let items = try await options.load { client throws(CnblogsError) in
            try await client.recommendedNews(page: page, size: size)
        }
        try options.print(items, terminal)
    }
}
