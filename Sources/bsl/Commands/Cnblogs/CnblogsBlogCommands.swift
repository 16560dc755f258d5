import BasicCLI
import CnblogsClient
import Foundation

/// `bsl cnblogs blogs [--page N] [--size N]`: the site home's posts.
struct CnblogsBlogsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blogs", abstract: "The site home's posts (blog/sitehome/paged/P/N).")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var paging: CnblogsPaging

    func run() async throws {
        let (page, size) = (paging.pageNumber, paging.size)
        let posts = try await options.load(slots: paging.slots) { client throws(CnblogsError) in
            try await client.siteHome(page: page, size: size)
        }
        try CnblogsOutput.print(posts, json: options.json, Terminal())
    }
}

/// `bsl cnblogs top48 [--size N]`: the 48-hour most read posts.
struct CnblogsTop48Command: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "top48", abstract: "The 48-hour most read posts (blog/48HoursTopViewPosts/N).")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var count: CnblogsCount

    func run() async throws {
        let size = count.size
        let posts = try await options.load(slots: count.slots) { client throws(CnblogsError) in
            try await client.top48Hours(count: size)
        }
        try CnblogsOutput.print(posts, json: options.json, Terminal())
    }
}

/// `bsl cnblogs top10 [--size N]`: the 10-day most recommended posts.
struct CnblogsTop10Command: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "top10", abstract: "The 10-day most recommended posts (blog/TenDaysTopDiggPosts/N, N up to 50).")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var count: CnblogsCount

    func validate() throws {
        if count.size > 50 { throw ValidationError("--size takes 1 to 50 for top10, not \(count.size)") }
    }

    func run() async throws {
        let size = count.size
        let posts = try await options.load(slots: count.slots) { client throws(CnblogsError) in
            try await client.top10Days(count: size)
        }
        try CnblogsOutput.print(posts, json: options.json, Terminal())
    }
}

/// `bsl cnblogs user BLOGAPP [--page N] [--size N] [--rss]`: one blogger's posts.
struct CnblogsUserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "One blogger's posts (blog/u/BLOGAPP/posts/P/N), or with --rss from the blog's public feed.",
        discussion: """
            --rss reads https://www.cnblogs.com/BLOGAPP/rss, which serves today without credentials; the feed \
            has the latest posts only (no pages) and no view or comment counts.
            """)

    @Argument(help: "The blog's short name, as in www.cnblogs.com/BLOGAPP/.", completion: .nothing) var blogapp: String
    @Flag(help: "Read the blog's public RSS feed instead of the open API.") var rss = false
    @Option(
        help: ArgumentHelp(
            "The site the feed is read from (default \(CnblogsClient.defaultSiteURL)).", valueName: "url"))
    var site: HTTPURL?
    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var paging: CnblogsPaging

    func validate() throws {
        if blogapp.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("give a blog's short name") }
        if rss, paging.page != nil { throw ValidationError("--rss has the latest posts only; --page does not apply") }
    }

    func run() async throws {
        let (blogapp, rss, page, size) = (blogapp, rss, paging.pageNumber, paging.size)
        let client = try options.makeClient(siteURL: site?.url ?? CnblogsClient.defaultSiteURL)
        let slots = [ReplayHint.Slot(value: blogapp, noun: "blog")] + (rss ? [] : paging.slots)
        let posts = try await options.load(with: client, slots: slots) { client throws(CnblogsError) in
            if rss { return Array(try await client.rssPosts(of: blogapp).prefix(size)) }
            return try await client.posts(of: blogapp, page: page, size: size)
        }
        try CnblogsOutput.print(posts, json: options.json, Terminal())
    }
}
