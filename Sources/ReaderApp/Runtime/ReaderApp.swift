import BasicFormat
import BasicNetworking
import BasicTerminal
import CnblogsClient

/// The interactive reader: a ``ReaderModel`` driven by a terminal's keys and the network's
/// answers, drawn through BasicTerminal's diff renderer.
///
/// ```swift
/// let session = try TerminalSession()
/// defer { session.restore() }
/// let exit = await ReaderApp(source: ReaderSource(client: client), timeFormatter: formatter).run(on: session)
/// ```
///
/// One loop owns the model and handles one event at a time; every request runs in a task of its
/// own, whose answer comes back as an event, so nothing on the loop waits for the network. A
/// request whose screen goes away (another tab, back from an article, quitting) is cancelled.
public struct ReaderApp: Sendable {
    /// Where lists and articles come from.
    public let source: ReaderSource
    /// How times are written.
    public let timeFormatter: TimeFormatter

    /// What the terminal can show (``BasicTerminal/TerminalCapabilities``).
    public let capabilities: TerminalCapabilities

    /// A reader of `source`, writing times with `timeFormatter`, drawn for a terminal with
    /// `capabilities`.
    public init(source: ReaderSource, timeFormatter: TimeFormatter, capabilities: TerminalCapabilities = .full) {
        self.source = source
        self.timeFormatter = timeFormatter
        self.capabilities = capabilities
    }

    /// Runs the reader on `session` until `q` or Ctrl-C (or the terminal's input ends), and says
    /// which. The caller restores the terminal.
    public func run(on session: TerminalSession) async -> ReaderExit {
        let (events, continuation) = AsyncStream.makeStream(of: ReaderEvent?.self)
        let terminalEvents = session.events()
        let forwarding = Task {
            for await event in terminalEvents {
                switch event {
                case .key(let key): continuation.yield(.key(key))
                case .resize(let size): continuation.yield(.resize(size))
                }
            }
            continuation.yield(nil)  // the input ended
        }
        defer { forwarding.cancel() }
        var model = ReaderModel(size: session.size, timeFormatter: timeFormatter)
        model.searchesAPI = source.searchesAPI
        var renderer = ScreenRenderer(capabilities: capabilities)
        var requests: [RequestID: Task<Void, Never>] = [:]
        defer { for task in requests.values { task.cancel() } }
        // Each request's owner in the cnblogs pool: its requests, and those of any task it starts
        // (which inherit the owner, not the cancellation), end when the token goes.
        var owners: [RequestID: OwnerToken] = [:]
        let pool = source.client.pool
        func forget(_ id: RequestID) {
            requests[id] = nil
            owners[id] = nil
        }
        var ticker: Task<Void, Never>?
        defer { ticker?.cancel() }

        func perform(_ effects: [ReaderEffect]) -> ReaderExit? {
            for effect in effects {
                let owner = effect.startedRequest.map { id in
                    let token = pool.makeOwnerToken()
                    owners[id] = token
                    return token.owner
                }
                if let exit = RequestOwner.$current.withValue(owner, operation: { start(effect) }) { return exit }
            }
            return nil
        }

        /// Runs `work` in a task of its own as request `id`, its answer sent back as an event.
        func answer(_ id: RequestID, _ work: @escaping @Sendable () async -> ReaderEvent) {
            requests[id] = Task { continuation.yield(await work()) }
        }

        func start(_ effect: ReaderEffect) -> ReaderExit? {
            let source = source
            switch effect {
            case .loadList(let tab, let id):
                answer(id) { .listLoaded(id, await source.entries(for: tab)) }
            case .loadArticle(let entry, let id):
                answer(id) { .articleLoaded(id, await source.article(for: entry)) }
            case .removeSaved(let entry, let id):
                answer(id) { .removed(id, await source.remove(entry)) }
            case .subscriptions(let effect):
                requests[effect.request] = source.feeds.start(effect) { continuation.yield(.subscriptions($0)) }
            case .loadSquares(let id), .measureCache(let id), .clearCache(let id):
                requests[id] = mePageTask(for: effect, answering: continuation)
            case .openInBrowser(let url):
                openInBrowser(url, answering: continuation)
            case .loadMore(let tab, let page, let id):
                answer(id) { .moreLoaded(id, await source.entries(for: tab, page: page)) }
            case .loadComments(let entry, let id):
                answer(id) { .commentsLoaded(id, await source.comments(for: entry)) }
            case .search(let query, let news, let id):
                answer(id) { .searched(id, await source.search(query, news: news)) }
            case .save(let article, let id):
                answer(id) {
                    let result = await source.save(article) { done, total in
                        continuation.yield(.progress(id, "Saving images \(done)/\(total)…"))
                    }
                    return .finished(id, result)
                }
            case .writePage(let article, let id):
                answer(id) { .finished(id, await source.writePage(article)) }
            case .cancel(let id):
                requests.removeValue(forKey: id)?.cancel()
                owners[id] = nil
            case .quit(let exit):
                return exit
            }
            return nil
        }

        _ = perform(model.start())
        session.write(renderer.render(model.render()))
        ticker = Self.ticker(ticker, animating: model.isAnimating, answering: continuation)
        for await event in events {
            guard let event else { return .quit }
            switch event {
            case .listLoaded(let id, _), .articleLoaded(let id, _), .removed(let id, _), .moreLoaded(let id, _),
                .commentsLoaded(let id, _), .finished(let id, _), .squaresLoaded(let id, _), .searched(let id, _):
                forget(id)
            case .cache(let id, let report) where report.isFinal: forget(id)
            case .subscriptions(let answer) where answer.isFinal: forget(answer.request)
            case .key(.control("l")): renderer.invalidate()
            default: break
            }
            if let exit = perform(model.handle(event)) { return exit }
            session.write(renderer.render(model.render()))
            ticker = Self.ticker(ticker, animating: model.isAnimating, answering: continuation)
        }
        return .quit
    }
}
