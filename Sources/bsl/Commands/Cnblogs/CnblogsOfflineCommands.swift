import BasicFormat
import CnblogsClient
import Foundation

/// `--library PATH`, `--width N`, `--html FILE`: what the reading and saving commands share.
struct CnblogsReading: Sendable {
    static let libraryOption = CommandSpec.Option.value(
        "library", "path", help: "The offline library's folder (default $XDG_DATA_HOME/bsl or ~/.local/share/bsl).")
    static let widthOption = CommandSpec.Option.value(
        "width", "n", help: "Wrap text to N columns (default: the terminal's width, or $COLUMNS, or 80).")
    static let htmlOption = CommandSpec.Option.value(
        "html", "file", help: "Also write the article as a readable HTML page to FILE ('-' for standard output).")

    /// The library folder `--library` names, or the platform's default.
    static func libraryFolder(_ arguments: ParsedArguments) -> URL {
        if let path = arguments.value("library") { return URL(fileURLWithPath: path, isDirectory: true) }
        return OfflineLibrary.defaultFolder(named: "bsl")
    }

    /// The kind and id from `ID` (with `--news`) or a saved key (`news-551203`).
    static func kindAndID(_ text: String, news: Bool) throws -> (Article.Kind, Int) {
        for kind in Article.Kind.allCases where text.hasPrefix("\(kind.rawValue)-") {
            if let id = Int(text.dropFirst(kind.rawValue.count + 1)), id >= 1 { return (kind, id) }
        }
        guard let id = Int(text), id >= 1 else {
            throw UsageError("give a post's or news item's id (or a saved key such as news-551203), not '\(text)'")
        }
        return (news ? .news : .post, id)
    }

    /// The wrapping width: `--width`, else the terminal's, else `$COLUMNS`, else 80.
    static func width(_ arguments: ParsedArguments) throws -> Int {
        if let width = try arguments.int("width") {
            guard width >= 20 else { throw UsageError("--width takes 20 columns or more, not \(width)") }
            return width
        }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 { return Int(size.ws_col) }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns >= 20 {
            return columns
        }
        return 80
    }

    /// Opens the library, turning its errors into a message: to save into (creating it) for a
    /// client, else an existing one, read-write to remove from it or read-only to list and read
    /// (which then works in a read-only folder and on a full disk).
    static func openLibrary(
        _ folder: URL, client: CnblogsClient? = nil, access: OfflineLibrary.Access = .readOnly
    ) throws -> OfflineLibrary {
        do {
            if let client { return try OfflineLibrary(folder: folder, pool: client.pool) }
            return try OfflineLibrary(folder: folder, creating: false, access: access)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Prints `article` for a terminal: title, byline and date, link, then the body as text.
    static func print(_ article: Article, width: Int, _ terminal: Terminal) {
        var header = [TerminalText.printable(article.title)]
        let date = article.published.map(Self.chinaTime)
        let byline = [article.byline.map(TerminalText.printable), date].compactMap { $0 }.joined(separator: " · ")
        if !byline.isEmpty { header.append(byline) }
        if let link = article.link { header.append(link.absoluteString) }
        terminal.print(header.joined(separator: "\n"))
        terminal.print("")
        terminal.print(TerminalText.render(html: article.html, width: width, base: article.link))
    }

    /// Writes the article's page to `path` (standard output for `-`), with `images` as `data:` URIs.
    static func writePage(
        _ article: Article, images: [URL: String] = [:], to path: String, _ terminal: Terminal
    ) throws {
        let body = ArticleHTML.sanitized(article.html, base: article.link) { images[$0] }
        let page = ArticlePage(article: article, bodyHTML: body).html()
        if path == "-" {
            terminal.print(page, terminator: "")
            return
        }
        do {
            try Data(page.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
        }
        terminal.printError("wrote \(path)")
    }

    /// `2016-08-14 13:52`, in China time.
    static func chinaTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: "Asia/Shanghai")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// Prints `value` as pretty JSON with ISO 8601 dates.
    static func printJSON(_ value: some Encodable, _ terminal: Terminal) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        terminal.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}

/// `bsl cnblogs read ID [--news] [--html FILE]`: an article fetched and shown as text.
struct CnblogsReadCommand: Command {
    static let spec = CommandSpec(
        name: "read",
        abstract: "Read a post (blog/post/body/ID) or, with --news, a news item (news/item/ID) as text.",
        discussion: "A post's title and author come from the site home and top lists when it is in them.",
        arguments: [.init(name: "id", help: "The post's or news item's id.")],
        options: CnblogsCommands.withGlobalOptions([
            .flag("news", help: "ID is a news item, not a blog post."), CnblogsReading.htmlOption,
            CnblogsReading.widthOption,
        ]))

    let kind: Article.Kind
    let id: Int
    let html: String?
    let width: Int
    let options: CnblogsListOptions

    init(_ arguments: ParsedArguments) throws {
        (kind, id) = try CnblogsReading.kindAndID(arguments.argument("id") ?? "", news: arguments.flag("news"))
        html = arguments.value("html")
        width = try CnblogsReading.width(arguments)
        options = try CnblogsListOptions(arguments)
        if html == "-" && options.json { throw UsageError("--html - and --json both write to standard output") }
    }

    func run(_ terminal: Terminal) async throws {
        let (kind, id) = (kind, id)
        let article = try await options.load { client throws(CnblogsError) in
            kind == .news ? try await client.newsArticle(id: id) : try await client.postArticle(id: id)
        }
        if let html { try CnblogsReading.writePage(article, to: html, terminal) }
        if html == "-" { return }
        if options.json { return try CnblogsReading.printJSON(article, terminal) }
        CnblogsReading.print(article, width: width, terminal)
    }
}

/// `bsl cnblogs save ID [--news] [--images]`: an article fetched and kept in the offline library.
struct CnblogsSaveCommand: Command {
    static let spec = CommandSpec(
        name: "save",
        abstract: "Save a post, or a news item with --news, to the offline library (newest first).",
        discussion: "Saving an article again replaces it and moves it to the front. Without --images the "
            + "article is kept without its pictures.",
        arguments: [.init(name: "id", help: "The post's or news item's id.")],
        options: CnblogsCommands.withGlobalOptions([
            .flag("news", help: "ID is a news item, not a blog post."),
            .flag("images", help: "Also download the article's images, so it is complete offline."),
            CnblogsReading.libraryOption,
        ]))

    let kind: Article.Kind
    let id: Int
    let images: Bool
    let library: URL
    let options: CnblogsListOptions

    init(_ arguments: ParsedArguments) throws {
        (kind, id) = try CnblogsReading.kindAndID(arguments.argument("id") ?? "", news: arguments.flag("news"))
        images = arguments.flag("images")
        library = CnblogsReading.libraryFolder(arguments)
        options = try CnblogsListOptions(arguments)
    }

    func run(_ terminal: Terminal) async throws {
        let (kind, id) = (kind, id)
        let client = try options.makeClient()
        // The library first: a bad key or folder fails before any network work.
        let library = try CnblogsReading.openLibrary(library, client: client)
        let article = try await options.load(with: client) { client throws(CnblogsError) in
            kind == .news ? try await client.newsArticle(id: id) : try await client.postArticle(id: id)
        }
        var progress: (@Sendable (Int, Int) -> Void)?
        if images && terminal.isErrorTerminal && !article.imageURLs.isEmpty {
            progress = { done, total in terminal.showProgress(done: done, total: total) }
        }
        let result: OfflineSaveResult
        do {
            result = try await library.save(article, downloadingImages: images, progress: progress)
        } catch {
            throw CommandFailure(error.description)
        }
        for failure in result.imageFailures {
            terminal.printError(
                "warning: image not saved: \(failure.url.absoluteString): \(TerminalText.printable(failure.reason))")
        }
        if options.json { return try CnblogsReading.printJSON(result.entry, terminal) }
        var line =
            "\(result.replacedExisting ? "saved again" : "saved") \(article.key): "
            + TerminalText.printable(article.title)
        if images { line += " (\(result.entry.savedImages) of \(article.imageURLs.count) images)" }
        terminal.print(line)
        terminal.printError("library: \(library.folder.path)")
    }
}

/// `bsl cnblogs offline [list|read ID|remove ID]`: the saved articles, read without a network.
struct CnblogsOfflineCommand: Command {
    static let spec = CommandSpec(
        name: "offline",
        abstract: "List the saved articles (newest first), read one, or remove one; no network is used.",
        discussion: "ID may be a saved key from the list (post-5770214, news-551203), or an id with --news.",
        arguments: [
            .init(name: "action", help: "list (the default), read or remove.", isOptional: true),
            .init(name: "id", help: "The article to read or remove.", isOptional: true),
        ],
        options: CnblogsCommands.withGlobalOptions([
            .flag("news", help: "ID is a news item, not a blog post."), CnblogsReading.libraryOption,
            CnblogsReading.htmlOption, CnblogsReading.widthOption,
            .flag("json", help: "Print the entries or the article as JSON."),
        ]))

    enum Action: String { case list, read, remove }

    let action: Action
    let target: (kind: Article.Kind, id: Int)?
    let library: URL
    let html: String?
    let width: Int
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        let name = arguments.argument("action") ?? "list"
        guard let action = Action(rawValue: name) else {
            throw UsageError("unknown action '\(name)': use list, read ID or remove ID")
        }
        self.action = action
        if let id = arguments.argument("id") {
            guard action != .list else { throw UsageError("list takes no ID") }
            target = try CnblogsReading.kindAndID(id, news: arguments.flag("news"))
        } else {
            guard action == .list else { throw UsageError("\(action.rawValue) needs the article's ID") }
            target = nil
        }
        library = CnblogsReading.libraryFolder(arguments)
        html = arguments.value("html")
        if html != nil && action != .read { throw UsageError("--html goes with read ID") }
        width = try CnblogsReading.width(arguments)
        json = arguments.flag("json")
        if html == "-" && json { throw UsageError("--html - and --json both write to standard output") }
    }

    func run(_ terminal: Terminal) async throws {
        // A folder that cannot be looked into is an error, not an empty library.
        let exists: Bool
        do {
            exists = try OfflineLibrary.exists(at: library)
        } catch {
            throw CommandFailure(error.description)
        }
        if action == .list && !exists {
            if json { return terminal.print("[]") }
            return terminal.print(
                "no saved articles in \(library.path); save one with `bsl cnblogs save ID`")
        }
        let library = try CnblogsReading.openLibrary(library, access: action == .remove ? .readWrite : .readOnly)
        do {
            switch (action, target) {
            case (.read, let (kind, id)?): try read(kind, id, in: library, terminal)
            case (.remove, let (kind, id)?):
                guard try library.remove(kind, id: id) else { throw notSaved(kind, id, library) }
                terminal.print("removed \(Article.key(kind: kind, id: id))")
            default: try list(library, terminal)
            }
        } catch let error as CnblogsError {
            throw CommandFailure(error.description)
        }
    }

    private func list(_ library: OfflineLibrary, _ terminal: Terminal) throws {
        let entries = try library.entries()
        if json { return try CnblogsReading.printJSON(entries, terminal) }
        guard !entries.isEmpty else {
            terminal.print("no saved articles in \(library.folder.path); save one with `bsl cnblogs save ID`")
            return
        }
        let formatter = try CnblogsListOptions.timeFormatter()
        var table = TextTable(maximumWidths: [nil, 50, 16, nil, nil])
        table.rows.append(["key", "title", "by", "saved", "images"])
        for entry in entries {
            table.rows.append([
                entry.key, entry.title, entry.byline ?? "", formatter.relativeString(for: entry.saved),
                String(entry.savedImages),
            ])
        }
        terminal.print(table.render())
    }

    private func read(_ kind: Article.Kind, _ id: Int, in library: OfflineLibrary, _ terminal: Terminal) throws {
        guard let article = try library.article(kind, id: id) else { throw notSaved(kind, id, library) }
        if let html {
            try CnblogsReading.writePage(article, images: library.imageDataURIs(for: article), to: html, terminal)
            if html == "-" { return }
        }
        if json { return try CnblogsReading.printJSON(article, terminal) }
        CnblogsReading.print(article, width: width, terminal)
    }

    private func notSaved(_ kind: Article.Kind, _ id: Int, _ library: OfflineLibrary) -> CommandFailure {
        CommandFailure(
            "\(Article.key(kind: kind, id: id)) is not in the library \(library.folder.path); "
                + "`bsl cnblogs offline list` shows what is")
    }
}
