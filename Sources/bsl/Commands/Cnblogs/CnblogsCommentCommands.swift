import BasicCLI
import CnblogsClient
import Foundation

/// `bsl cnblogs comments ID [--news] [--page N] [--size N]`: a post's or a news item's comments.
struct CnblogsCommentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comments",
        abstract: "A post's comments (blog/post/ID/comments/P/N), or a news item's with --news.")

    @Argument(help: "The post's or the news item's id.", completion: .nothing) var id: String
    @Flag(help: "ID is a news item, not a blog post.") var news = false
    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var paging: CnblogsPaging

    func validate() throws {
        _ = try number()
    }

    /// The id: a whole number of 1 or more.
    func number() throws -> Int {
        guard let number = Int(id), number >= 1 else {
            throw ValidationError("give a post's or news item's id, not '\(id)'")
        }
        return number
    }

    func run() async throws {
        let (id, news, page, size) = (try number(), news, paging.pageNumber, paging.size)
        let slots = [ReplayHint.Slot(value: String(id), noun: "id")] + paging.slots
        let comments = try await options.load(slots: slots) { client throws(CnblogsError) in
            if news { return try await client.newsComments(newsID: id, page: page, size: size) }
            return try await client.comments(postID: id, page: page, size: size)
        }
        try CnblogsOutput.print(comments, json: options.json, Terminal())
    }
}

/// `bsl cnblogs bloggers [QUERY] [--page N] [--size N]`: the recommended bloggers, or a search.
struct CnblogsBloggersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bloggers",
        abstract: "The recommended bloggers (blog/bloggers/recommend/P/N), or those matching QUERY.")

    @Argument(help: "A name to search for (blog/bloggers/search?t=QUERY).", completion: .nothing) var query: String?
    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var paging: CnblogsPaging

    func run() async throws {
        let trimmed = query?.trimmingCharacters(in: .whitespaces)
        let (query, page, size) = (trimmed?.isEmpty == false ? trimmed : nil, paging.pageNumber, paging.size)
        let slots =
            query.map { [ReplayHint.Slot(value: $0, noun: "query", plural: "queries")] } ?? paging.slots
        let bloggers = try await options.load(slots: slots) { client throws(CnblogsError) in
            if let query { return try await client.searchBloggers(query) }
            return try await client.recommendedBloggers(page: page, size: size)
        }
        try CnblogsOutput.print(bloggers, json: options.json, Terminal())
    }
}
