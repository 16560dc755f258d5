import BasicCLI
import CnblogsClient
import Foundation

/// Which source each `bsl cnblogs` command reads from with the options and credential given,
/// as `status` and `whoami` print it.
struct CnblogsStatus: Encodable {
    /// One command's line.
    struct Line: Encodable {
        var command: String
        var source: String
        var reads: String
    }

    /// The source the lists read from.
    var source: String
    /// Where the token is (`from $CNBLOGS_TOKEN`, `stored sealed in PATH`), or `none`.
    var token: String
    /// The commands.
    var commands: [Line]
    /// The signed-in user, for `whoami`.
    var user: CnblogsAccount?

    init(options: CnblogsOptions, choice: CnblogsCredentialChoice) {
        let source = options.resolvedSource(choice)
        self.source = source.rawValue
        token = choice.originText
        commands = Self.commands.map { command, reads in
            let (used, what) = reads(source)
            return Line(command: command, source: used?.rawValue ?? "\u{2014}", reads: what)
        }
    }

    /// `blogs  site  feed.cnblogs.com/blog/sitehome/rss (first page)`, a line per command.
    func table() -> String {
        // No column shrinks: the reads column holds addresses, which a cut would break (a long line wraps whole).
        var table = TextTable(shrinkable: [])
        table.rows.append(["command", "source", "reads"])
        for line in commands { table.rows.append([line.command, line.source, line.reads]) }
        return "source: \(source)\n" + table.render(fitting: TerminalWidth.measure())
    }

    private static let needsToken = "needs a token (`bsl cnblogs login`)"

    /// What each command reads from a source: the source used (nil: none can) and what it reads.
    private static let commands: [(String, @Sendable (CnblogsSource) -> (CnblogsSource?, String))] = [
        (
            "blogs",
            {
                switch $0 {
                case .site: (.site, "feed.cnblogs.com/blog/sitehome/rss (first page, no counts)")
                case .api: (.api, "api.cnblogs.com/api/blogposts/@sitehome")
                case .legacy: (.legacy, "blog/sitehome/paged/P/N")
                }
            }
        ),
        (
            "picked",
            {
                switch $0 {
                case .site: (.site, "feed.cnblogs.com/blog/picked/rss (first page, no counts)")
                case .api: (.api, "api.cnblogs.com/api/blogposts/@picked")
                case .legacy: (nil, "not in the legacy API")
                }
            }
        ),
        (
            "news",
            {
                switch $0 {
                case .site: (.site, "feed.cnblogs.com/news/rss (first page, no counts); hot and recommend need a token")
                case .api: (.api, "api.cnblogs.com/api/NewsItems, @hot, @recommended")
                case .legacy: (.legacy, "news/recent, news/hot, news/recommend")
                }
            }
        ),
        (
            "user",
            {
                switch $0 {
                case .site: (.site, "www.cnblogs.com/BLOGAPP/rss (first page, no counts)")
                case .api: (.api, "api.cnblogs.com/api/blogs/BLOGAPP/posts")
                case .legacy: (.legacy, "blog/u/BLOGAPP/posts/P/N")
                }
            }
        ),
        (
            "top48, top10",
            {
                switch $0 {
                case .site, .api: (.site, "www.cnblogs.com/aggsite/topviews, topdiggs")
                case .legacy: (.legacy, "blog/48HoursTopViewPosts, blog/TenDaysTopDiggPosts")
                }
            }
        ),
        (
            "read, save",
            {
                switch $0 {
                case .site: (.site, "www.cnblogs.com/BLOGAPP/p/ID, news.cnblogs.com/n/ID/")
                case .api: (.api, "api.cnblogs.com/api/blogposts/ID/body, newsitems/ID/body")
                case .legacy: (.legacy, "blog/post/body/ID, news/item/ID")
                }
            }
        ),
        (
            "comments",
            {
                switch $0 {
                case .site: (.site, "www.cnblogs.com/BLOGAPP/ajax/GetComments.aspx; --news \(needsToken)")
                case .api: (.api, "api.cnblogs.com/api/blogs/BLOGAPP/posts/ID/comments, news/ID/comments")
                case .legacy: (.legacy, "blog/post/ID/comments, news/item/ID/comments")
                }
            }
        ),
        (
            "search, bookmarks",
            {
                switch $0 {
                case .api: (.api, "api.cnblogs.com/api/ZzkDocuments, Bookmarks")
                case .site, .legacy: (nil, needsToken)
                }
            }
        ),
        (
            "bloggers",
            {
                switch $0 {
                case .legacy: (.legacy, "blog/bloggers/recommend, blog/bloggers/search")
                case .site, .api: (nil, "the legacy API only (`--source legacy`)")
                }
            }
        ),
    ]
}
