import BasicFormat
import CnblogsClient
import Foundation

/// `bsl cnblogs`: the cnblogs open API's lists (legacy XML format).
struct CnblogsCommands: CommandGroup {
    static let spec = CommandSpec(
        name: "cnblogs",
        abstract: "Read cnblogs: blog and news lists, articles as text or a page, and an offline library.",
        discussion: """
            The open API (wcf.open.cnblogs.com) is the legacy XML format and may no longer answer live; \
            `--replay Samples/cnblogs` reads the bundled recording. `user BLOGAPP --rss` reads the blog's \
            public feed on www.cnblogs.com, which still serves. The options below may also be given to \
            each command.
            """,
        options: globalOptions,
        subcommands: [
            CnblogsNewsCommand.self, CnblogsHotCommand.self, CnblogsRecommendCommand.self, CnblogsBlogsCommand.self,
            CnblogsTop48Command.self, CnblogsTop10Command.self, CnblogsUserCommand.self, CnblogsCommentsCommand.self,
            CnblogsBloggersCommand.self, CnblogsReadCommand.self, CnblogsSaveCommand.self, CnblogsOfflineCommand.self,
        ])
}

extension CnblogsCommands {
    /// The options every `bsl cnblogs` command takes, before or after its name.
    static let globalOptions: [CommandSpec.Option] =
        [.value("api", "url", help: "The API's base (default \(CnblogsClient.defaultBaseURL)).")]
        + TransportChoice.options + [CnblogsReading.libraryOption, .flag("json", help: "Print the results as JSON.")]

    /// `options` and the global ones it does not declare itself (a command may ignore some:
    /// `offline` uses no network, a list no library).
    static func withGlobalOptions(_ options: [CommandSpec.Option]) -> [CommandSpec.Option] {
        options + globalOptions.filter { global in !options.contains { $0.name == global.name } }
    }
}

/// What every `bsl cnblogs` list reads: `--api`, `--replay`/`--record`, `--json`, `--page`, `--size`.
struct CnblogsListOptions: Sendable {
    static func options(paged: Bool) -> [CommandSpec.Option] {
        var options: [CommandSpec.Option] = []
        if paged { options.append(.value("page", "n", help: "The page, from 1 (default 1).")) }
        options.append(.value("size", "n", help: "How many entries, 1 to 100 (default 10)."))
        return CnblogsCommands.withGlobalOptions(options)
    }

    let api: String
    let transport: TransportChoice
    let json: Bool
    let page: Int?
    let size: Int

    init(_ arguments: ParsedArguments) throws {
        api = arguments.value("api") ?? CnblogsClient.defaultBaseURL
        transport = try TransportChoice(arguments)
        json = arguments.flag("json")
        page = try arguments.int("page")
        size = try arguments.int("size") ?? 10
        if let page, page < 1 { throw UsageError("--page starts at 1, not \(page)") }
        if !(1...100).contains(size) { throw UsageError("--size takes 1 to 100, not \(size)") }
    }

    func makeClient() throws -> CnblogsClient {
        CnblogsClient(baseURL: api, transport: try transport.makeTransport())
    }

    /// Runs `fetch` on a new client, turning its failure into a message with the offline hint.
    func load<Value: Sendable>(_ fetch: (CnblogsClient) async throws(CnblogsError) -> Value) async throws -> Value {
        try await load(with: try makeClient(), fetch)
    }

    /// Runs `fetch` on `client`, turning its failure into a message with the offline hint.
    func load<Value: Sendable>(
        with client: CnblogsClient, _ fetch: (CnblogsClient) async throws(CnblogsError) -> Value
    ) async throws -> Value {
        do {
            return try await fetch(client)
        } catch .notFound(let what, let url) {
            throw CommandFailure(oneLine: CnblogsError.notFound(what: what, url: url).description)
        } catch {
            throw CommandFailure(
                oneLine: "\(error); offline, `--replay Samples/cnblogs` answers from the bundled recording")
        }
    }

    /// Prints posts as a table (id, title, author, time, views/comments) or as JSON.
    func print(_ posts: [BlogPost], _ terminal: Terminal) throws {
        if json { return try printJSON(posts, terminal) }
        let formatter = try Self.timeFormatter()
        let rows = posts.map { post in
            [
                String(post.id), post.title, post.author.name, formatter.relativeString(for: post.published),
                "\(post.views)/\(post.comments)",
            ]
        }
        terminal.print(Self.render(rows, header: ["id", "title", "author", "published", "views/comments"]))
    }

    /// Prints news as a table (id, title, source, time, views/comments) or as JSON.
    func print(_ items: [NewsItem], _ terminal: Terminal) throws {
        if json { return try printJSON(items, terminal) }
        let formatter = try Self.timeFormatter()
        let rows = items.map { item in
            [
                String(item.id), item.title, item.sourceName ?? "", formatter.relativeString(for: item.published),
                "\(item.views)/\(item.comments)",
            ]
        }
        terminal.print(Self.render(rows, header: ["id", "title", "source", "published", "views/comments"]))
    }

    /// Prints comments as a table (id, author, time, the comment as one line of text) or as JSON.
    func print(_ comments: [Comment], _ terminal: Terminal) throws {
        if json { return try printJSON(comments, terminal) }
        let formatter = try Self.timeFormatter()
        let rows = comments.map { comment in
            [
                String(comment.id), comment.authorName, formatter.relativeString(for: comment.published),
                HTMLText.plainText(fromHTML: comment.html),
            ]
        }
        terminal.print(
            Self.render(rows, header: ["id", "author", "published", "comment"], maximumWidths: [nil, 16, nil, 60]))
    }

    /// Prints bloggers as a table (blogapp, name, posts, last post) or as JSON.
    func print(_ bloggers: [Blogger], _ terminal: Terminal) throws {
        if json { return try printJSON(bloggers, terminal) }
        let formatter = try Self.timeFormatter()
        let rows = bloggers.map { blogger in
            [
                blogger.blogapp, blogger.name, String(blogger.postCount),
                blogger.updated.map { formatter.relativeString(for: $0) } ?? "",
            ]
        }
        terminal.print(
            Self.render(rows, header: ["blogapp", "name", "posts", "updated"], maximumWidths: [30, 24, nil, nil]))
    }

    func printJSON<Item: Encodable>(_ items: [Item], _ terminal: Terminal) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        terminal.print(String(decoding: try encoder.encode(items), as: UTF8.self))
    }

    static func render(
        _ rows: [[String]], header: [String], maximumWidths: [Int?] = [nil, 50, 16, nil, nil]
    ) -> String {
        if rows.isEmpty { return "no entries" }
        var table = TextTable(rows: [header] + rows)
        table.maximumWidths = maximumWidths
        return table.render()
    }

    /// Times as cnblogs readers see them: relative, in China time.
    static func timeFormatter() throws -> TimeFormatter {
        TimeFormatter(timeZone: try TimeParser.timeZone(named: "Asia/Shanghai"))
    }
}
