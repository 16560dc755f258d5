import BasicCLI
import BasicFormat
import BasicNetworking
import CnblogsClient
import Foundation

/// `bsl cnblogs`: the cnblogs open API's lists (legacy XML format).
struct CnblogsCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cnblogs",
        abstract: "Read cnblogs: blog and news lists, articles as text or a page, and an offline library.",
        discussion: """
            The open API (wcf.open.cnblogs.com) is the legacy XML format and may no longer answer live; \
            `--replay Samples/cnblogs` reads the bundled recording. `user BLOGAPP --rss` reads the blog's \
            public feed on www.cnblogs.com, which still serves. The options below may be given before or \
            after the command's name.
            """,
        subcommands: [
            CnblogsNewsCommand.self, CnblogsHotCommand.self, CnblogsRecommendCommand.self, CnblogsBlogsCommand.self,
            CnblogsTop48Command.self, CnblogsTop10Command.self, CnblogsUserCommand.self, CnblogsCommentsCommand.self,
            CnblogsBloggersCommand.self, CnblogsReadCommand.self, CnblogsSaveCommand.self, CnblogsOfflineCommand.self,
        ])

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
}

/// What every `bsl cnblogs` command takes, before or after its name: `--api`, the network
/// options, `--library` and `--json` (a command may ignore some: `offline` uses no network, a
/// list no library).
struct CnblogsOptions: ParsableArguments {
    /// What a failure of the network suggests.
    static let offlineHint = "offline, `--replay Samples/cnblogs` answers from the bundled recording"

    @Option(help: ArgumentHelp("The API's base (default \(CnblogsClient.defaultBaseURL)).", valueName: "url"))
    var api: HTTPURL?
    @OptionGroup(title: "Network options") var transport: TransportOptions
    @Option(
        help: ArgumentHelp(
            "The offline library's folder (default $XDG_DATA_HOME/bsl or ~/.local/share/bsl).", valueName: "path"),
        completion: .directory)
    var library: String?
    @Flag(help: "Print the results as JSON.") var json = false

    /// A client of the API `--api` names, through the transport the network options ask for.
    ///
    /// - Throws: ``CommandFailure`` for a cassette that cannot be read or written.
    func makeClient(siteURL: URL = CnblogsClient.defaultSiteURL) throws -> CnblogsClient {
        do {
            return CnblogsClient(
                baseURL: api?.url ?? CnblogsClient.defaultBaseURL, siteURL: siteURL,
                transport: try transport.makeTransport())
        } catch {
            throw CommandFailure(oneLine: "\(error)")
        }
    }

    /// The library folder `--library` names, or the platform's default.
    var libraryFolder: URL {
        if let library { return URL(fileURLWithPath: library, isDirectory: true) }
        return OfflineLibrary.defaultFolder(named: "bsl")
    }

    /// Runs `fetch` on a new client (or `client`), turning its failure into a message: a usage
    /// error for an argument the API refuses, the requests a replayed cassette has instead of a
    /// missing one (`slots` are the command's values in its URLs), the offline hint after a
    /// failure of the network.
    func load<Value: Sendable>(
        with client: CnblogsClient? = nil, slots: [ReplayHint.Slot] = [],
        _ fetch: (CnblogsClient) async throws(CnblogsError) -> Value
    ) async throws -> Value {
        let client = try client ?? makeClient()
        do {
            return try await fetch(client)
        } catch {
            // A switch, not `catch .case(…)`: Swift 6.3.1's SIL ownership checker crashes on those
            // after a typed-throws async call.
            switch error {
            case .notFound:
                throw CommandFailure(oneLine: error.description)
            case .invalidArgument:
                throw ValidationError(error.description)
            case .network(let failure):
                throw CommandFailure(
                    oneLine: transport.message(for: failure, slots: slots, offlineHint: Self.offlineHint))
            default:
                throw CommandFailure(oneLine: transport.replay == nil ? "\(error); \(Self.offlineHint)" : "\(error)")
            }
        }
    }
}

/// `--page` and `--size`, for the lists that have pages.
struct CnblogsPaging: ParsableArguments {
    @Option(help: ArgumentHelp("The page, from 1. (default: 1)", valueName: "n")) var page: Int?
    @Option(help: ArgumentHelp("How many entries, 1 to 100.", valueName: "n")) var size = 10

    func validate() throws {
        if let page, page < 1 { throw ValidationError("--page starts at 1, not \(page)") }
        if !(1...100).contains(size) { throw ValidationError("--size takes 1 to 100, not \(size)") }
    }

    /// The page, 1 when not given.
    var pageNumber: Int { page ?? 1 }

    /// The page and the size as they appear in the lists' URLs (`paged/2/10`), for ``ReplayHint``.
    var slots: [ReplayHint.Slot] {
        [
            ReplayHint.Slot(value: String(pageNumber), noun: "page", option: "--page"),
            ReplayHint.Slot(value: String(size), noun: "size", option: "--size"),
        ]
    }
}

/// `--size`, for the lists without pages.
struct CnblogsCount: ParsableArguments {
    @Option(help: ArgumentHelp("How many entries, 1 to 100.", valueName: "n")) var size = 10

    func validate() throws {
        if !(1...100).contains(size) { throw ValidationError("--size takes 1 to 100, not \(size)") }
    }

    /// The size as it appears in the lists' URLs (`news/hot/10`), for ``ReplayHint``.
    var slots: [ReplayHint.Slot] { [ReplayHint.Slot(value: String(size), noun: "size", option: "--size")] }
}

/// How the cnblogs commands print lists: a table that fits the terminal, or JSON.
enum CnblogsOutput {
    /// Prints posts as a table (id, title, author, time, views/comments) or as JSON.
    static func print(_ posts: [BlogPost], json: Bool, _ terminal: Terminal) throws {
        if json { return try JSONOutput.print(posts, terminal) }
        let formatter = try timeFormatter()
        let rows = posts.map { post in
            [
                String(post.id), post.title, post.author.name, formatter.relativeString(for: post.published),
                "\(post.views)/\(post.comments)",
            ]
        }
        terminal.print(render(rows, header: ["id", "title", "author", "published", "views/comments"]))
    }

    /// Prints news as a table (id, title, source, time, views/comments) or as JSON.
    static func print(_ items: [NewsItem], json: Bool, _ terminal: Terminal) throws {
        if json { return try JSONOutput.print(items, terminal) }
        let formatter = try timeFormatter()
        let rows = items.map { item in
            [
                String(item.id), item.title, item.sourceName ?? "", formatter.relativeString(for: item.published),
                "\(item.views)/\(item.comments)",
            ]
        }
        terminal.print(render(rows, header: ["id", "title", "source", "published", "views/comments"]))
    }

    /// Prints comments as a table (id, author, time, the comment as one line of text) or as JSON.
    static func print(_ comments: [Comment], json: Bool, _ terminal: Terminal) throws {
        if json { return try JSONOutput.print(comments, terminal) }
        let formatter = try timeFormatter()
        let rows = comments.map { comment in
            [
                String(comment.id), comment.authorName, formatter.relativeString(for: comment.published),
                HTMLText.plainText(fromHTML: comment.html),
            ]
        }
        terminal.print(render(rows, header: ["id", "author", "published", "comment"], shrinkable: [1, 3]))
    }

    /// Prints bloggers as a table (blogapp, name, posts, last post) or as JSON.
    static func print(_ bloggers: [Blogger], json: Bool, _ terminal: Terminal) throws {
        if json { return try JSONOutput.print(bloggers, terminal) }
        let formatter = try timeFormatter()
        let rows = bloggers.map { blogger in
            [
                blogger.blogapp, blogger.name, String(blogger.postCount),
                blogger.updated.map { formatter.relativeString(for: $0) } ?? "",
            ]
        }
        terminal.print(render(rows, header: ["blogapp", "name", "posts", "updated"], shrinkable: [0, 1]))
    }

    /// The rows under `header`, fitted to the terminal (the title and name columns shrink first).
    static func render(_ rows: [[String]], header: [String], shrinkable: Set<Int> = [1, 2]) -> String {
        if rows.isEmpty { return "no entries" }
        return TextTable(rows: [header] + rows, shrinkable: shrinkable).render(fitting: TerminalWidth.measure())
    }

    /// Times as cnblogs readers see them: relative, in China time.
    static func timeFormatter() throws -> TimeFormatter {
        TimeFormatter(timeZone: try TimeParser.timeZone(named: "Asia/Shanghai"))
    }
}
