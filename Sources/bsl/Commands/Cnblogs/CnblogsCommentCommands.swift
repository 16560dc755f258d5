import CnblogsClient
import Foundation

/// `bsl cnblogs comments ID [--news] [--page N] [--size N]`: a post's or a news item's comments.
struct CnblogsCommentsCommand: Command {
    static let spec = CommandSpec(
        name: "comments",
        abstract: "A post's comments (blog/post/ID/comments/P/N), or a news item's with --news.",
        arguments: [.init(name: "id", help: "The post's or the news item's id.")],
        options: [.flag("news", help: "ID is a news item, not a blog post.")]
            + CnblogsListOptions.options(paged: true))

    let id: Int
    let news: Bool
    let options: CnblogsListOptions

    init(_ arguments: ParsedArguments) throws {
        let text = arguments.argument("id") ?? ""
        guard let id = Int(text), id >= 1 else { throw UsageError("give a post's or news item's id, not '\(text)'") }
        self.id = id
        news = arguments.flag("news")
        options = try CnblogsListOptions(arguments)
    }

    func run(_ terminal: Terminal) async throws {
        let (id, news, page, size) = (id, news, options.page ?? 1, options.size)
        let comments = try await options.load { client throws(CnblogsError) in
            if news { return try await client.newsComments(newsID: id, page: page, size: size) }
            return try await client.comments(postID: id, page: page, size: size)
        }
        try options.print(comments, terminal)
    }
}

/// `bsl cnblogs bloggers [QUERY] [--page N] [--size N]`: the recommended bloggers, or a search.
struct CnblogsBloggersCommand: Command {
    static let spec = CommandSpec(
        name: "bloggers",
        abstract: "The recommended bloggers (blog/bloggers/recommend/P/N), or those matching QUERY.",
        arguments: [
            .init(name: "query", help: "A name to search for (blog/bloggers/search?t=QUERY).", isOptional: true)
        ],
        options: CnblogsListOptions.options(paged: true))

    let query: String?
    let options: CnblogsListOptions

    init(_ arguments: ParsedArguments) throws {
        let query = arguments.argument("query")?.trimmingCharacters(in: .whitespaces)
        self.query = query?.isEmpty == false ? query : nil
        options = try CnblogsListOptions(arguments)
    }

    func run(_ terminal: Terminal) async throws {
        let (query, page, size) = (query, options.page ?? 1, options.size)
        let bloggers = try await options.load { client throws(CnblogsError) in
            if let query { return try await client.searchBloggers(query) }
            return try await client.recommendedBloggers(page: page, size: size)
        }
        try options.print(bloggers, terminal)
    }
}
