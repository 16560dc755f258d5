import BasicCLI
import BasicNetworking
import BasicTerminal
import BudejieClient
import CnblogsClient
import Foundation
import ReaderApp

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `bsl reader [--replay DIR]… [--source …] [--library PATH]`: the i博客园 app in a terminal.
struct ReaderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reader",
        abstract: "Read cnblogs in a full-screen terminal app: tabs of blog and news lists, and an article pager.",
        discussion: """
            Tabs: 首页 (the site home), 精华 (picked), 新闻 (news), 排行 (48-hour most read), 订阅, 离线, 我的. \
            Keys: Tab/Shift-Tab, 1-7 or h/l switch tabs; j/k, arrows, PgUp/PgDn/Space, g/G move, and moving \
            past the last entry loads the next page; / finds in the list (with a token, cnblogs' search too), n/N the next match; Enter opens an \
            article, where c shows its comments, s saves it offline, o opens its link in $BROWSER (else \
            xdg-open), w writes its phone-sized page under $XDG_CACHE_HOME/bsl/custom/pages, n/p read the \
            next or previous one; q, Esc or Backspace go back; r reloads, or retries after an error; d \
            removes a saved article in 离线, which reads the offline library (--library) with no network; ? \
            shows the keys. 订阅 lists the subscriptions of bsl feeds in the same library, in their folders \
            with their unread counts: Enter lists a feed's items (* marks the unread), Enter on an item reads \
            it and marks it read, a marks the feed read, r refreshes every feed (through the network, even \
            with --replay). 我的 shows the Budejie squares (--replay Samples/budejie): j/k and ←/→ move, Enter \
            opens a square's link (a web page in $BROWSER, else xdg-open); below them 清除缓存 shows the size \
            of $XDG_CACHE_HOME/bsl (default ~/.cache/bsl: images/ and custom/, never the offline library), \
            and Enter on it asks, y clears. q on the tab bar quits, Ctrl-C anywhere. It needs a terminal (a \
            UTF-8 locale, TERM not dumb; NO_COLOR and vt100 go without colour); in a script use the one-shot \
            commands (bsl cnblogs blogs, news, read …). `--replay Samples/cnblogs-today` reads the bundled recording.
            """)

    @Option(
        help: ArgumentHelp(
            "Answer from the cassette folder DIR instead of the network; repeat it for several, the first "
                + "folder that has a request answers it.", valueName: "dir"),
        completion: .directory)
    var replay: [String] = []
    @Option(
        help: ArgumentHelp(
            "Where to read from: site (feeds and pages, no token), api (with a token), legacy. Default: api "
                + "with a stored token or $CNBLOGS_TOKEN, else site.", valueName: "source"))
    var source: CnblogsSourceName?
    @Option(
        help: ArgumentHelp(
            "The offline library's folder, which also keeps the token and the subscriptions of bsl feeds "
                + "(default $XDG_DATA_HOME/bsl or ~/.local/share/bsl).", valueName: "path"),
        completion: .directory)
    var library: String?

    func validate() throws {
        guard TerminalSession.isInteractive() else {
            throw ValidationError(
                "bsl reader needs a terminal on its standard input and output; in a script or a pipe use the "
                    + "one-shot commands (bsl cnblogs blogs, picked, news, top48, read)")
        }
        do {
            _ = try TerminalCapabilities(environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let client = try makeClient()
        let formatter = try CnblogsOutput.timeFormatter()
        let caches = ReaderCaches(folder: ReaderCaches.defaultFolder())
        var readerSource = ReaderSource(
            client: client, source: source?.source, library: libraryFolder,
            pageFolder: caches.url(of: .custom).appendingPathComponent("pages", isDirectory: true))
        // 我的: the squares through the same transport (and --replay folders), the caches under
        // $XDG_CACHE_HOME/bsl.
        readerSource.budejie = BudejieClient(transport: client.pool.transport)
        readerSource.caches = caches
        let capabilities =
            (try? TerminalCapabilities(environment: ProcessInfo.processInfo.environment)) ?? .full
        let app = ReaderApp(source: readerSource, timeFormatter: formatter, capabilities: capabilities)
        let session: TerminalSession
        do {
            session = try TerminalSession()
        } catch {
            throw CommandFailure(oneLine: error.description)
        }
        let exit = await app.run(on: session)
        session.restore()
        session.endBySignal()
        if exit == .interrupted {
            // Ctrl-C, read as a key in raw mode: end as a shell expects of an interrupted program.
            Glibc.exit(130)
        }
    }

    /// The library folder `--library` names, or the platform's default.
    var libraryFolder: URL {
        library.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? OfflineLibrary.defaultFolder(named: "bsl")
    }

    /// A client as the cnblogs commands make one, its requests answered by the `--replay`
    /// folders when given.
    func makeClient() throws -> CnblogsClient {
        let folder = libraryFolder
        let choice =
            source.map { $0 == .api } ?? true
            ? CnblogsCredentialChoice.find(environment: ProcessInfo.processInfo.environment, library: folder)
            : .nothing
        let configuration = URLSessionTransport.Configuration(
            timeout: .seconds(TransportOptions.defaultTimeout),
            additionalHeaders: ["User-Agent": TransportOptions.userAgent])
        let transport: any Transport
        if replay.isEmpty {
            transport = URLSessionTransport(configuration: configuration)
        } else {
            do {
                transport = ReplayChain(
                    try replay.map { path throws(NetworkError) in
                        try ReplayTransport(
                            cassette: URL(fileURLWithPath: path), configuration: configuration,
                            redactedParameters: CnblogsClient.cassetteRedactedParameters)
                    })
            } catch {
                throw CommandFailure(oneLine: "\(error)")
            }
        }
        return CnblogsClient(credential: choice.credential, transport: transport)
    }
}

/// Several cassettes in order: a request is answered by the first that holds it.
struct ReplayChain: Transport {
    let cassettes: [ReplayTransport]

    init(_ cassettes: [ReplayTransport]) {
        self.cassettes = cassettes
    }

    func send(_ request: URLRequest) async throws(NetworkError) -> Response {
        var missing: NetworkError?
        for cassette in cassettes {
            do {
                return try await cassette.send(request)
            } catch {
                guard case .notRecorded = error else { throw error }
                if missing == nil { missing = error }
            }
        }
        throw missing ?? .invalidRequest(url: request.url?.absoluteString ?? "", reason: "no cassette to replay from")
    }
}
