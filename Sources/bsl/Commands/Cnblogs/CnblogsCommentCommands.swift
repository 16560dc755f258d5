import BasicCLI
import CnblogsClient
import Foundation

/// `bsl cnblogs comments ID|BLOGAPP/ID|URL [--news] [--page N] [--size N]`: a post's or a news item's comments.
struct CnblogsCommentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comments",
        abstract: "A post's comments (its page's comment fragment, or the API's blogs/BLOGAPP/posts/ID/comments "
            + "with a token), or a news item's with --news (a token needed).",
        discussion: """
            The site and the API need the post's blog: give BLOGAPP/ID or the post's address; an ID alone is \
            looked up in the site home, picked and ranking lists. From the legacy API: \
            blog/post/ID/comments/P/N and news/item/ID/comments/P/N.
            """)

    @Argument(help: "The post (ID, BLOGAPP/ID or its address), or the news item's id.", completion: .nothing)
    var id: String
    @Flag(help: "ID is a news item, not a blog post.") var news = false
    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var paging: CnblogsPaging

    func validate() throws {
        _ = try CnblogsTarget(id, news: news)
    }

    func run() async throws {
        let target = try CnblogsTarget(id, news: news)
        let client = try options.makeClient()
        let source = client.resolved(options.namedSource)
        let (page, size) = (paging.page, paging.size(for: source))
        let slots = target.slots + paging.slots(for: source)
        let listing = try await options.load(with: client, slots: slots) { client throws(CnblogsError) in
            if target.kind == .news {
                return try await client.comments(onNews: target.id, page: page, size: size, from: source)
            }
            // Asked first as given, so that the client refuses a page or size before the lists
            // that find a post's blog are read; they are read only when the blog is wanted.
            do throws(CnblogsError) {
                return try await client.comments(on: target.reference, page: page, size: size, from: source)
            } catch {
                guard case .postNotListed = error else { throw error }
            }
            let reference = await target.resolvedReference(with: client, from: source)
            return try await client.comments(on: reference, page: page, size: size, from: source)
        }
        CnblogsOutput.noteDropped(listing, Terminal())
        try CnblogsOutput.print(listing.items, json: options.json, Terminal())
    }
}

/// `bsl cnblogs bloggers [QUERY] [--page N] [--size N]`: the recommended bloggers, or a search (legacy only).
struct CnblogsBloggersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bloggers",
        abstract: "The recommended bloggers (blog/bloggers/recommend/P/N), or those matching QUERY: the legacy "
            + "API only (--source legacy).")

    @Argument(help: "A name to search for (blog/bloggers/search?t=QUERY).", completion: .nothing) var query: String?
    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var paging: CnblogsPaging

    func run() async throws {
        let trimmed = query?.trimmingCharacters(in: .whitespaces)
        let query = trimmed?.isEmpty == false ? trimmed : nil
        let client = try options.makeClient()
        let source = client.resolved(options.namedSource)
        let (page, size) = (paging.page, paging.size(for: source))
        let slots =
            query.map { [ReplayHint.Slot(value: $0, noun: "query", plural: "queries")] } ?? paging.slots(for: source)
        let listing = try await options.load(with: client, slots: slots) { client throws(CnblogsError) in
            if let query { return try await client.bloggers(matching: query, from: source) }
            return try await client.bloggers(page: page, size: size, from: source)
        }
        try CnblogsOutput.print(listing.items, json: options.json, Terminal())
    }
}
