import CnblogsClient
import Foundation

/// `bsl cnblogs blogs [--page N] [--size N]`: the site home's posts.
struct CnblogsBlogsCommand: Command {
    static let spec = CommandSpec(
        name: "blogs", abstract: "The site home's posts (blog/sitehome/paged/P/N).",
        options: CnblogsListOptions.options(paged: true))

    let options: CnblogsListOptions

    init(_ arguments: ParsedArguments) throws { options = try CnblogsListOptions(arguments) }

    func run(_ terminal: Terminal) async throws {
        let (page, size) = (options.page ?? 1, options.size)
        let posts = try await options.load { client throws(CnblogsError) in
            try await client.siteHome(page: page, size: size)
        }
        try options.print(posts, terminal)
    }
}

/// `bsl cnblogs top48 [--size N]`: the 48-hour most read posts.
struct CnblogsTop48Command: Command {
    static let spec = CommandSpec(
        name: "top48", abstract: "The 48-hour most read posts (blog/48HoursTopViewPosts/N).",
        options: CnblogsListOptions.options(paged: false))

    let options: CnblogsListOptions

    init(_ arguments: ParsedArguments) throws { options = try CnblogsListOptions(arguments) }

    func run(_ terminal: Terminal) async throws {
        let size = options.size
        let posts = try await options.load { client throws(CnblogsError) in try await client.top48Hours(count: size) }
        try options.print(posts, terminal)
    }
}

/// `bsl cnblogs top10 [--size N]`: the 10-day most recommended posts.
struct CnblogsTop10Command: Command {
    static let spec = CommandSpec(
        name: "top10", abstract: "The 10-day most recommended posts (blog/TenDaysTopDiggPosts/N, N up to 50).",
        options: CnblogsListOptions.options(paged: false))

    let options: CnblogsListOptions

    init(_ arguments: ParsedArguments) throws {
        options = try CnblogsListOptions(arguments)
        if options.size > 50 { throw UsageError("--size takes 1 to 50 for top10, not \(options.size)") }
    }

    func run(_ terminal: Terminal) async throws {
        let size = options.size
        let posts = try await options.load { client throws(CnblogsError) in try await client.top10Days(count: size) }
        try options.print(posts, terminal)
    }
}

/// `bsl cnblogs user BLOGAPP [--page N] [--size N] [--rss]`: one blogger's posts.
struct CnblogsUserCommand: Command {
    static let spec = CommandSpec(
        name: "user",
        abstract: "One blogger's posts (blog/u/BLOGAPP/posts/P/N), or with --rss from the blog's public feed.",
        discussion: """
            --rss reads https://www.cnblogs.com/BLOGAPP/rss, which serves today without credentials; the feed \
            has the latest posts only (no pages) and no view or comment counts.
            """,
        arguments: [.init(name: "blogapp", help: "The blog's short name, as in www.cnblogs.com/BLOGAPP/.")],
        options: [
            .flag("rss", help: "Read the blog's public RSS feed instead of the open API."),
            .value("site", "url", help: "The site the feed is read from (default \(CnblogsClient.defaultSiteURL))."),
        ] + CnblogsListOptions.options(paged: true))

    let blogapp: String
    let rss: Bool
    let site: String
    let options: CnblogsListOptions

    init(_ arguments: ParsedArguments) throws {
        blogapp = arguments.argument("blogapp") ?? ""
        if blogapp.trimmingCharacters(in: .whitespaces).isEmpty { throw UsageError("give a blog's short name") }
        rss = arguments.flag("rss")
        site = arguments.value("site") ?? CnblogsClient.defaultSiteURL
        options = try CnblogsListOptions(arguments)
        if rss, options.page != nil { throw UsageError("--rss has the latest posts only; --page does not apply") }
    }

    func run(_ terminal: Terminal) async throws {
        let (blogapp, page, size) = (blogapp, options.page ?? 1, options.size)
        let client = CnblogsClient(
            baseURL: options.api, siteURL: site, transport: try options.transport.makeTransport())
        let posts = try await options.load(with: client) { [rss] client throws(CnblogsError) in
            if rss { return Array(try await client.rssPosts(of: blogapp).prefix(size)) }
            return try await client.posts(of: blogapp, page: page, size: size)
        }
        try options.print(posts, terminal)
    }
}
