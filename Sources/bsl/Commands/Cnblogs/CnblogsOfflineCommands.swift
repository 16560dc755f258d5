import BasicCLI
import BasicFormat
import CnblogsClient
import Foundation

/// What the reading and saving commands share: which article an ID names, the library, and
/// printing an article as text or writing it as a page.
enum CnblogsReading {
    /// The kind and id from `ID` (with `--news`) or a saved key (`news-551203`).
    ///
    /// - Throws: `ValidationError` for anything else.
    static func kindAndID(_ text: String, news: Bool) throws -> (kind: Article.Kind, id: Int) {
        for kind in Article.Kind.allCases where text.hasPrefix("\(kind.rawValue)-") {
            if let id = Int(text.dropFirst(kind.rawValue.count + 1)), id >= 1 { return (kind, id) }
        }
        guard let id = Int(text), id >= 1 else {
            throw ValidationError(
                "give a post's or news item's id (or a saved key such as news-551203), not '\(text)'")
        }
        return (news ? .news : .post, id)
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
        var header = [PrintableText.oneLine(article.title)]
        let date = article.published.map(Self.chinaTime)
        let byline = [article.byline.map(PrintableText.oneLine), date].compactMap { $0 }.joined(separator: " · ")
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
        TimeFormatter.chinaStandard().string(from: date, pattern: "yyyy-MM-dd HH:mm")
    }
}

/// `--html FILE` and `--width N`: how `read` and `offline read` show an article.
struct CnblogsArticleOutput: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Also write the article as a readable HTML page to FILE ('-' for standard output).", valueName: "file"),
        completion: .file(extensions: ["html"]))
    var html: String?
    @Option(
        help: ArgumentHelp(
            "Wrap text to N columns, 20 to 1000 (default: the terminal's width, or $COLUMNS, or 80).", valueName: "n"))
    var width: TextColumns?

    /// The width the article's text wraps to: `--width`, the terminal's, `$COLUMNS`, or 80.
    ///
    /// - Throws: `ValidationError` when `$COLUMNS` is outside 20 to 1000.
    func textColumns() throws -> Int {
        try TextColumns.resolve(width)
    }
}

/// `bsl cnblogs read ID|BLOGAPP/ID|URL [--news] [--html FILE]`: an article fetched and shown as text.
struct CnblogsReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read a post (its page www.cnblogs.com/BLOGAPP/p/ID, or blogposts/ID/body with a token) or, "
            + "with --news, a news item (news.cnblogs.com/n/ID/, or newsitems/ID/body) as text.",
        discussion: """
            A post is ID, BLOGAPP/ID or its address; the site needs its blog, so an ID alone is looked up in \
            the site home, picked and ranking lists (one in none of them is an error: give BLOGAPP/ID). The \
            token API needs the ID only, and takes the title, author and date from those lists, or from the \
            first page of blogs/BLOGAPP/posts when the blog is given. From the legacy API: blog/post/body/ID \
            and news/item/ID.
            """)

    @Argument(help: "The post (ID, BLOGAPP/ID or its address), or the news item's id.", completion: .nothing)
    var id: String
    @Flag(help: "ID is a news item, not a blog post.") var news = false
    @OptionGroup var article: CnblogsArticleOutput
    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions

    func validate() throws {
        _ = try CnblogsTarget(id, news: news)
        if article.html == "-" && options.json {
            throw ValidationError("--html - and --json both write to standard output")
        }
    }

    func run() async throws {
        let terminal = Terminal()
        let target = try CnblogsTarget(id, news: news)
        let printsText = article.html != "-" && !options.json
        // Before any request: a COLUMNS out of range is a usage error.
        let width = printsText ? try article.textColumns() : TextColumns.fallback
        let client = try options.makeClient()
        let source = client.resolved(options.namedSource)
        let fetched = try await options.load(with: client, slots: target.slots) { client throws(CnblogsError) in
            try await target.article(with: client, from: source)
        }
        if let html = article.html { try CnblogsReading.writePage(fetched, to: html, terminal) }
        if article.html == "-" { return }
        if options.json { return try JSONOutput.print(fetched, terminal) }
        CnblogsReading.print(fetched, width: width, terminal)
    }
}

/// `bsl cnblogs save ID [--news] [--images]`: an article fetched and kept in the offline library.
struct CnblogsSaveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save",
        abstract: "Save a post, or a news item with --news, to the offline library (newest first).",
        discussion: "Saving an article again replaces it and moves it to the front. Without --images the "
            + "article is kept without its pictures.")

    @Argument(help: "The post (ID, BLOGAPP/ID or its address), or the news item's id.", completion: .nothing)
    var id: String
    @Flag(help: "ID is a news item, not a blog post.") var news = false
    @Flag(help: "Also download the article's images, so it is complete offline.") var images = false
    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions

    func validate() throws {
        _ = try CnblogsTarget(id, news: news)
    }

    func run() async throws {
        let terminal = Terminal()
        let target = try CnblogsTarget(id, news: news)
        let client = try options.makeClient()
        let source = client.resolved(options.namedSource)
        // The library first: a bad key or folder fails before any network work.
        let library = try CnblogsReading.openLibrary(options.libraryFolder, client: client)
        let article = try await options.load(with: client, slots: target.slots) { client throws(CnblogsError) in
            try await target.article(with: client, from: source)
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
                "warning: image not saved: \(failure.url.absoluteString): \(PrintableText.oneLine(failure.reason))")
        }
        if options.json { return try JSONOutput.print(result.entry, terminal) }
        var line =
            "\(result.replacedExisting ? "saved again" : "saved") \(article.key): "
            + PrintableText.oneLine(article.title)
        if images { line += " (\(result.entry.savedImages) of \(article.imageURLs.count) images)" }
        terminal.print(line)
        terminal.printError("library: \(library.folder.path)")
    }
}

/// `bsl cnblogs offline [list|read ID|remove ID]`: the saved articles, read without a network.
struct CnblogsOfflineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offline",
        abstract: "List the saved articles (newest first), read one, or remove one; no network is used.",
        discussion: "ID may be a saved key from the list (post-5770214, news-551203), or an id with --news.")

    enum Action: String, CaseIterable, ExpressibleByArgument { case list, read, remove }

    @Argument(help: "What to do.") var action: Action = .list
    @Argument(help: "The article to read or remove.", completion: .nothing) var id: String?
    @Flag(help: "ID is a news item, not a blog post.") var news = false
    @OptionGroup var article: CnblogsArticleOutput
    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions

    func validate() throws {
        _ = try target()
        if article.html != nil && action != .read { throw ValidationError("--html goes with read ID") }
        if article.html == "-" && options.json {
            throw ValidationError("--html - and --json both write to standard output")
        }
    }

    /// The article ID names: nil for `list`, which takes none.
    func target() throws -> (kind: Article.Kind, id: Int)? {
        guard let id else {
            guard action == .list else { throw ValidationError("\(action.rawValue) needs the article's ID") }
            return nil
        }
        guard action != .list else { throw ValidationError("list takes no ID") }
        return try CnblogsReading.kindAndID(id, news: news)
    }

    func run() async throws {
        let terminal = Terminal()
        let target = try target()
        let folder = options.libraryFolder
        // A folder that cannot be looked into is an error, not an empty library.
        let exists: Bool
        do {
            exists = try OfflineLibrary.exists(at: folder)
        } catch {
            throw CommandFailure(error.description)
        }
        if action == .list && !exists {
            if options.json { return terminal.print("[]") }
            return terminal.print("no saved articles in \(folder.path); save one with `bsl cnblogs save ID`")
        }
        let library = try CnblogsReading.openLibrary(folder, access: action == .remove ? .readWrite : .readOnly)
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
        if options.json { return try JSONOutput.print(entries, terminal) }
        guard !entries.isEmpty else {
            terminal.print("no saved articles in \(library.folder.path); save one with `bsl cnblogs save ID`")
            return
        }
        let formatter = try CnblogsOutput.timeFormatter()
        var table = TextTable(shrinkable: [1, 2])
        table.rows.append(["key", "title", "by", "saved", "images"])
        for entry in entries {
            table.rows.append([
                entry.key, entry.title, entry.byline ?? "", formatter.relativeString(for: entry.saved),
                String(entry.savedImages),
            ])
        }
        terminal.print(table.render(fitting: TerminalWidth.measure()))
    }

    private func read(_ kind: Article.Kind, _ id: Int, in library: OfflineLibrary, _ terminal: Terminal) throws {
        let printsText = article.html != "-" && !options.json
        let width = printsText ? try article.textColumns() : TextColumns.fallback
        guard let saved = try library.article(kind, id: id) else { throw notSaved(kind, id, library) }
        if let html = article.html {
            try CnblogsReading.writePage(saved, images: library.imageDataURIs(for: saved), to: html, terminal)
            if html == "-" { return }
        }
        if options.json { return try JSONOutput.print(saved, terminal) }
        CnblogsReading.print(saved, width: width, terminal)
    }

    private func notSaved(_ kind: Article.Kind, _ id: Int, _ library: OfflineLibrary) -> CommandFailure {
        CommandFailure(
            "\(Article.key(kind: kind, id: id)) is not in the library \(library.folder.path); "
                + "`bsl cnblogs offline list` shows what is")
    }
}
