import BasicCLI
import CnblogsClient
import Foundation

/// `bsl cnblogs search QUERY [--news] [--page N]`: the site's search, through the token API.
struct CnblogsSearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the blogs (ZzkDocuments/Blog?keyWords=QUERY), or the news with --news: a token needed.")

    @Argument(help: "The words to search for.", completion: .nothing) var query: String
    @Flag(help: "Search the news instead of the blogs.") var news = false
    @Option(help: ArgumentHelp("The page, from 1.", valueName: "n")) var page = 1
    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions

    func validate() throws {
        if query.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("give words to search for") }
    }

    func run() async throws {
        let (query, scope, page) = (query, news ? SearchResult.Scope.news : .blogs, page)
        let client = try options.makeClient()
        let source = client.resolved(options.namedSource)
        let slots = [
            ReplayHint.Slot(value: query, noun: "query", plural: "queries"),
            ReplayHint.Slot(value: String(page), noun: "page", option: "--page"),
        ]
        let listing = try await options.load(with: client, slots: slots) { client throws(CnblogsError) in
            try await client.search(query, in: scope, page: page, from: source)
        }
        CnblogsOutput.noteDropped(listing, Terminal())
        try CnblogsOutput.print(listing.items, json: options.json, Terminal())
    }
}

/// `bsl cnblogs bookmarks [--page N] [--size N]`: the signed-in user's bookmarks, through the token API.
struct CnblogsBookmarksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmarks", abstract: "Your bookmarks (收藏), the API's Bookmarks: a token needed.")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
    @OptionGroup var paging: CnblogsPaging

    func run() async throws {
        try await options.printPage(paging, print: CnblogsOutput.print) {
            client, page, size, source throws(CnblogsError) in
            try await client.bookmarks(page: page, size: size, from: source)
        }
    }
}
