import BasicCLI
import BasicFormat
import BasicNetworking
import CnblogsClient
import Foundation

/// `bsl cnblogs`: cnblogs as it answers today (feeds and pages, the token API), and the legacy API.
struct CnblogsCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cnblogs",
        abstract: "Read cnblogs: blog and news lists, articles as text or a page, and an offline library.",
        discussion: """
            Sources (--source): site reads today's feeds and pages, which need no registration \
            (feed.cnblogs.com, www.cnblogs.com, news.cnblogs.com): news, blogs, picked, user, top48, top10, read \
            and comments answer live without a token, first pages only, no counts in feeds (shown as —). api reads api.cnblogs.com with a personal access token: every page, counts, comments, \
            search and bookmarks. legacy reads the 2011 XML open API (wcf.open.cnblogs.com), which has not \
            answered since about 2020; --api URL implies it. The default is api when a token is stored \
            (`bsl cnblogs login`) or in $CNBLOGS_TOKEN, else site; `bsl cnblogs status` says which source \
            each command uses. `--replay Samples/cnblogs-today` answers from a recording of today's \
            services, `--source legacy --replay Samples/cnblogs` from the legacy one. The token is kept \
            sealed in the offline library's encrypted store (--library), never printed or recorded. \
            --mirror URL (or --feeds, --site, --news-site, --token-api, --oauth) points the \
            services elsewhere, such as a test server. The options below may be given before or after the \
            command's name.
            """,
        subcommands: [
            CnblogsNewsCommand.self, CnblogsHotCommand.self, CnblogsRecommendCommand.self, CnblogsBlogsCommand.self,
            CnblogsPickedCommand.self, CnblogsTop48Command.self, CnblogsTop10Command.self, CnblogsUserCommand.self,
            CnblogsCommentsCommand.self, CnblogsSearchCommand.self, CnblogsBookmarksCommand.self,
            CnblogsBloggersCommand.self, CnblogsReadCommand.self, CnblogsSaveCommand.self, CnblogsOfflineCommand.self,
            CnblogsLoginCommand.self, CnblogsLogoutCommand.self, CnblogsWhoamiCommand.self, CnblogsStatusCommand.self,
        ])

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions
}

/// What every `bsl cnblogs` command takes, before or after its name: `--source`, `--api`, the
/// services' addresses, the network options, `--library` and `--json` (a command may ignore
/// some: `offline` uses no network, a list no library).
struct CnblogsOptions: ParsableArguments {
    /// What a failure of the network suggests, for the legacy API.
    static let offlineHint = "offline, `--replay Samples/cnblogs` answers from the bundled recording"
    /// What a failure of the network suggests, for today's services.
    static let todayOfflineHint = "offline, `--replay Samples/cnblogs-today` answers from the bundled recording"

    @Option(
        help: ArgumentHelp(
            "Where to read from: site (feeds and pages, no token), api (api.cnblogs.com, with a token), legacy "
                + "(the 2011 XML API). Default: api with a stored token or $CNBLOGS_TOKEN, else site.",
            valueName: "source"))
    var source: CnblogsSourceName?
    @Option(
        help: ArgumentHelp(
            "The legacy API's base (default \(CnblogsClient.defaultBaseURL)); implies --source legacy.",
            valueName: "url"))
    var api: HTTPURL?
    @OptionGroup(title: "Service addresses") var services: CnblogsServiceOptions
    @OptionGroup(title: "Network options") var transport: TransportOptions
    @Option(
        help: ArgumentHelp(
            "The offline library's folder, which also keeps the token (default $XDG_DATA_HOME/bsl or "
                + "~/.local/share/bsl).", valueName: "path"),
        completion: .directory)
    var library: String?
    @Flag(help: "Print the results as JSON.") var json = false

    func validate() throws {
        if api != nil, let source, source != .legacy {
            throw ValidationError(
                "--api is the legacy API's base; it goes with --source legacy, not --source \(source)")
        }
    }

    /// The source the command line names: `--source`, or legacy for `--api`; nil for the default.
    var namedSource: CnblogsSource? {
        if let source { return source.source }
        return api == nil ? nil : .legacy
    }

    /// The credential for the command: none when the command line names the site or the legacy
    /// API (no store is opened then), else `$CNBLOGS_TOKEN` or the stored one.
    func credentialChoice(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> CnblogsCredentialChoice
    {
        if let named = namedSource, named != .api { return .nothing }
        return CnblogsCredentialChoice.find(environment: environment, library: libraryFolder)
    }

    /// The source the command reads from: the one named, else api with a credential, else site.
    func resolvedSource(_ choice: CnblogsCredentialChoice) -> CnblogsSource {
        namedSource ?? .preferred(hasCredential: choice.credential != nil)
    }

    /// A client of the sources the options name, through the transport the network options ask
    /// for, with the credential of `choice` (by default found as ``credentialChoice(environment:)`` says).
    ///
    /// - Throws: ``CommandFailure`` for a cassette that cannot be read or written.
    func makeClient(credential choice: CnblogsCredentialChoice? = nil) throws -> CnblogsClient {
        let choice = choice ?? credentialChoice()
        if let problem = choice.problem, namedSource == nil {
            Terminal().printError("warning: the stored cnblogs token cannot be read (\(problem)); reading without it")
        }
        let hosts = services.hosts
        var onRefresh: (@Sendable (CnblogsCredential) -> Void)?
        if case .library(let folder) = choice.origin {
            onRefresh = { fresh in Self.store(refreshed: fresh, in: folder) }
        }
        do {
            let (transport, tokenTransport) = try makeTransports()
            return CnblogsClient(
                baseURL: api?.url ?? CnblogsClient.defaultBaseURL, siteURL: hosts.site, hosts: hosts,
                credential: choice.credential, transport: transport, tokenTransport: tokenTransport,
                didRefreshCredential: onRefresh)
        } catch {
            throw CommandFailure(oneLine: "\(error)")
        }
    }

    /// The transport of every request, and the one the OAuth token exchange goes through: the
    /// same, except when recording, whose cassette must never hold the token server's answer.
    /// Cassettes redact the OAuth `client_secret` as well as passwords and tokens.
    func makeTransports() throws(NetworkError) -> (any Transport, any Transport) {
        let configuration = URLSessionTransport.Configuration(
            timeout: transport.requestTimeout, additionalHeaders: ["User-Agent": TransportOptions.userAgent])
        let redacted = CnblogsClient.cassetteRedactedParameters
        if let replay = transport.replay {
            let replaying = try ReplayTransport(
                cassette: URL(fileURLWithPath: replay), configuration: configuration, redactedParameters: redacted)
            return (replaying, replaying)
        }
        if let record = transport.record {
            let folder = URL(fileURLWithPath: record)
            // Left behind empty if every request fails: removed when bsl ends.
            FolderLeftovers.willCreate(folder)
            let recording = try RecordingTransport(
                cassette: folder, configuration: configuration, redactedParameters: redacted)
            return (recording, URLSessionTransport(configuration: configuration))
        }
        let live = URLSessionTransport(configuration: configuration)
        return (live, live)
    }

    /// Keeps a refreshed client-credentials token in the library it was read from; a failure is a warning.
    static func store(refreshed credential: CnblogsCredential, in folder: URL) {
        do {
            let library = try OfflineLibrary(folder: folder, creating: false)
            try library.credentials.save(credential)
        } catch {
            Terminal().printError("warning: the refreshed cnblogs token could not be stored: \(error)")
        }
    }

    /// The library folder `--library` names, or the platform's default.
    var libraryFolder: URL {
        if let library { return URL(fileURLWithPath: library, isDirectory: true) }
        return OfflineLibrary.defaultFolder(named: "bsl")
    }

    /// A paged list command's whole run: the client and the source it resolves to, the page and
    /// size for that source, the listing `fetch` loads (the replay hint naming the page and size)
    /// and `print` shows.
    func printPage<Item: Sendable & Hashable>(
        _ paging: CnblogsPaging, print: ([Item], Bool, Terminal) throws -> Void,
        _ fetch: (CnblogsClient, _ page: Int, _ size: Int, CnblogsSource) async throws(CnblogsError) -> CnblogsListing<
            Item
        >
    ) async throws {
        let client = try makeClient()
        let source = client.resolved(namedSource)
        let (page, size) = (paging.page, paging.size(for: source))
        let listing = try await load(with: client, slots: paging.slots(for: source)) { client throws(CnblogsError) in
            try await fetch(client, page, size, source)
        }
        CnblogsOutput.noteDropped(listing, Terminal())
        try print(listing.items, json, Terminal())
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
            throw failure(error, legacy: namedSource == .legacy, slots: slots)
        }
    }

    /// The error a command ends with for `error`: a usage error for an argument refused, the
    /// replay or offline hint after a failure of the network, else the error's own line.
    func failure(_ error: CnblogsError, legacy: Bool, slots: [ReplayHint.Slot] = []) -> any Error {
        let hint = legacy ? Self.offlineHint : Self.todayOfflineHint
        // A switch, not `catch .case(…)`: Swift 6.3.1's SIL ownership checker crashes on those
        // after a typed-throws async call.
        switch error {
        case .invalidArgument:
            return ValidationError(error.description)
        case .network(let failure):
            return CommandFailure(oneLine: transport.message(for: failure, slots: slots, offlineHint: hint))
        case .malformed:
            return CommandFailure(oneLine: transport.replay == nil ? "\(error); \(hint)" : "\(error)")
        default:
            return CommandFailure(oneLine: error.description)
        }
    }
}

/// `--page` and `--size`, for the lists that have pages. The client checks both (a page from 1,
/// 1 to 100 entries) before it sends anything; its refusal is the command's usage error.
struct CnblogsPaging: ParsableArguments {
    @Option(help: ArgumentHelp("The page, from 1; past the first needs the token API.", valueName: "n"))
    var page = 1
    @Option(help: ArgumentHelp(CnblogsCount.sizeHelp, valueName: "n")) var size: Int?

    /// The size, or the source's default: 10 from the legacy API (as its recording), else 20 (a feed's length).
    func size(for source: CnblogsSource) -> Int {
        size ?? CnblogsCount.defaultSize(for: source)
    }

    /// The page and the size as they appear in the lists' URLs (`paged/2/10`), for ``ReplayHint``.
    func slots(for source: CnblogsSource) -> [ReplayHint.Slot] {
        [
            ReplayHint.Slot(value: String(page), noun: "page", option: "--page"),
            ReplayHint.Slot(value: String(size(for: source)), noun: "size", option: "--size"),
        ]
    }
}

/// `--size`, for the lists without pages; the client checks it, as ``CnblogsPaging`` says.
struct CnblogsCount: ParsableArguments {
    @Option(help: ArgumentHelp(sizeHelp, valueName: "n")) var size: Int?

    /// The help of `--size`, whose default depends on the source (``defaultSize(for:)``).
    static let sizeHelp =
        "How many entries, 1 to 100 (default: \(defaultSize(for: .site)), or \(defaultSize(for: .legacy)) "
        + "from the legacy API)."

    /// The size, or the source's default.
    func size(for source: CnblogsSource) -> Int {
        size ?? Self.defaultSize(for: source)
    }

    /// 10 from the legacy API, else 20.
    static func defaultSize(for source: CnblogsSource) -> Int {
        source == .legacy ? 10 : 20
    }

    /// The size as it appears in the lists' URLs (`news/hot/10`), for ``ReplayHint``.
    func slots(for source: CnblogsSource) -> [ReplayHint.Slot] {
        [ReplayHint.Slot(value: String(size(for: source)), noun: "size", option: "--size")]
    }
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
                counts(post.viewCount, post.commentCount),
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
                counts(item.viewCount, item.commentCount),
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

    /// Prints search results as a table (id, title, author, time, views/comments) or as JSON.
    static func print(_ results: [SearchResult], json: Bool, _ terminal: Terminal) throws {
        if json { return try JSONOutput.print(results, terminal) }
        let formatter = try timeFormatter()
        let rows = results.map { result in
            [
                result.id.map(String.init) ?? "\u{2014}", result.title, result.author ?? "",
                result.published.map { formatter.relativeString(for: $0) } ?? "",
                counts(result.viewCount, result.commentCount),
            ]
        }
        terminal.print(render(rows, header: ["id", "title", "author", "published", "views/comments"]))
    }

    /// Prints bookmarks as a table (title, address, when added, tags) or as JSON.
    static func print(_ bookmarks: [Bookmark], json: Bool, _ terminal: Terminal) throws {
        if json { return try JSONOutput.print(bookmarks, terminal) }
        let formatter = try timeFormatter()
        let rows = bookmarks.map { bookmark in
            [
                bookmark.title, bookmark.url?.absoluteString ?? "",
                bookmark.added.map { formatter.relativeString(for: $0) } ?? "", bookmark.tags.joined(separator: ", "),
            ]
        }
        terminal.print(render(rows, header: ["title", "url", "added", "tags"], shrinkable: [0, 3]))
    }

    /// `318/7`; a count the source does not have is "—", never 0.
    static func counts(_ views: Int?, _ comments: Int?) -> String {
        let dash = "\u{2014}"
        return "\(views.map(String.init) ?? dash)/\(comments.map(String.init) ?? dash)"
    }

    /// Says on standard error how many rows of `listing` could not be read, when some could not.
    static func noteDropped<Item>(_ listing: CnblogsListing<Item>, _ terminal: Terminal) {
        guard listing.droppedCount > 0 else { return }
        let rows = listing.droppedCount == 1 ? "1 entry" : "\(listing.droppedCount) entries"
        let verb = listing.droppedCount == 1 ? "is" : "are"
        terminal.printError(
            "warning: \(rows) of \(listing.url) could not be read (no id, title or date) and \(verb) left out")
    }

    /// The rows under `header`, fitted to the terminal (the title and name columns shrink first).
    static func render(_ rows: [[String]], header: [String], shrinkable: Set<Int> = [1, 2]) -> String {
        if rows.isEmpty { return "no entries" }
        return TextTable(rows: [header] + rows, shrinkable: shrinkable).render(fitting: TerminalWidth.measure())
    }

    /// Times as cnblogs readers see them: relative, in China time.
    static func timeFormatter() throws -> TimeFormatter {
        TimeFormatter.chinaStandard()
    }
}
