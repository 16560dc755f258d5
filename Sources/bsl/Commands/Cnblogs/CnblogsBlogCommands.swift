import BasicCLI
import CnblogsClient
import Foundation

/// `bsl cnblogs blogs [--page N] [--size N]`: the site home's posts.
struct CnblogsBlogsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blogs",
        abstract: "The site home's posts: feed.cnblogs.com/blog/sitehome/rss, the API's blogposts/@sitehome "
            + "with a token, or blog/sitehome/paged/P/N from the legacy API.")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var paging: CnblogsPaging

    func run() async throws {
        try await options.printPage(paging, print: CnblogsOutput.print) {
            client, page, size, source throws(CnblogsError) in
            try await client.blogs(page: page, size: size, from: source)
        }
    }
}

/// `bsl cnblogs picked [--page N] [--size N]`: the picked (精华) posts.
struct CnblogsPickedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "picked",
        abstract: "The picked (精华) posts: feed.cnblogs.com/blog/picked/rss, or blogposts/@picked with a token.")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var paging: CnblogsPaging

    func run() async throws {
        try await options.printPage(paging, print: CnblogsOutput.print) {
            client, page, size, source throws(CnblogsError) in
            try await client.picked(page: page, size: size, from: source)
        }
    }
}

/// `bsl cnblogs top48 [--size N]`: the 48-hour most read posts.
struct CnblogsTop48Command: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "top48",
        abstract: "The 48-hour most read posts: www.cnblogs.com/aggsite/topviews, or blog/48HoursTopViewPosts/N "
            + "from the legacy API.")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var count: CnblogsCount

    func run() async throws {
        try await CnblogsRankingRun.run(.mostRead48Hours, options: options, count: count)
    }
}

/// `bsl cnblogs top10 [--size N]`: the 10-day most recommended posts.
struct CnblogsTop10Command: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "top10",
        abstract: "The 10-day most recommended posts: www.cnblogs.com/aggsite/topdiggs, or "
            + "blog/TenDaysTopDiggPosts/N (N up to 50) from the legacy API.")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var count: CnblogsCount

    func run() async throws {
        try await CnblogsRankingRun.run(.mostRecommended10Days, options: options, count: count)
    }
}

/// What `top48` and `top10` share.
enum CnblogsRankingRun {
    static func run(_ ranking: CnblogsRanking, options: CnblogsOptions, count: CnblogsCount) async throws {
        let client = try options.makeClient()
        let source = client.resolved(options.namedSource)
        let size = count.size(for: source)
        let listing = try await options.load(with: client, slots: count.slots(for: source)) {
            client throws(CnblogsError) in
            try await client.ranking(ranking, size: size, from: source)
        }
        CnblogsOutput.noteDropped(listing, Terminal())
        try CnblogsOutput.print(listing.items, json: options.json, Terminal())
    }
}

/// `bsl cnblogs user BLOGAPP [--page N] [--size N] [--rss]`: one blogger's posts.
struct CnblogsUserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "One blogger's posts: the blog's feed www.cnblogs.com/BLOGAPP/rss, the API's "
            + "blogs/BLOGAPP/posts with a token, or blog/u/BLOGAPP/posts/P/N from the legacy API.",
        discussion: """
            The blog's feed serves today without credentials; it has the latest posts only (no pages) and no \
            view or comment counts. --rss reads the feed whatever the source (with --source legacy, as the \
            legacy client read it).
            """)

    @Argument(help: "The blog's short name, as in www.cnblogs.com/BLOGAPP/.", completion: .nothing) var blogapp: String
    @Flag(help: "Read the blog's public feed (the default without a token).") var rss = false
    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var paging: CnblogsPaging

    func validate() throws {
        if blogapp.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("give a blog's short name") }
        if rss, paging.page != 1 { throw ValidationError("--rss has the latest posts only; --page does not apply") }
    }

    func run() async throws {
        let client = try options.makeClient()
        let resolved = client.resolved(options.namedSource)
        let source: CnblogsSource = rss && resolved == .api ? .site : resolved
        let (blogapp, rss, page, size) = (blogapp, rss, paging.page, paging.size(for: source))
        let slots = [ReplayHint.Slot(value: blogapp, noun: "blog")] + (rss ? [] : paging.slots(for: source))
        let listing = try await options.load(with: client, slots: slots) { client throws(CnblogsError) in
            if rss && source == .legacy {
                let posts = try await client.rssPosts(of: blogapp, size: size)
                return CnblogsListing(items: posts, source: .legacy, url: "\(client.siteURL)/\(blogapp)/rss")
            }
            return try await client.blogPosts(of: blogapp, page: page, size: size, from: source)
        }
        CnblogsOutput.noteDropped(listing, Terminal())
        try CnblogsOutput.print(listing.items, json: options.json, Terminal())
    }
}
