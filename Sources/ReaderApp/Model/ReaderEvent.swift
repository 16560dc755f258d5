import BasicTerminal
import BudejieClient
import CnblogsClient
import Foundation

/// A request the model asked for, so that its answer finds the screen that asked (or none,
/// when that screen has gone: a late answer is dropped).
public struct RequestID: Hashable, Sendable, CustomStringConvertible {
    /// The number, unique in one model.
    public let value: Int

    /// The request numbered `value`.
    public init(_ value: Int) {
        self.value = value
    }

    /// `#3`.
    public var description: String { "#\(value)" }
}

/// Why a list or an article could not be loaded: one line for the screen.
public struct ReaderFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message.
    public var message: String

    /// A failure with `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// What happens to the reader: a key, a resize, or the answer to a request.
public enum ReaderEvent: Sendable {
    /// A key was pressed.
    case key(Key)
    /// The terminal changed size.
    case resize(TerminalSize)
    /// A list's request ended.
    case listLoaded(RequestID, Result<[ReaderEntry], ReaderFailure>)
    /// An article's request ended.
    case articleLoaded(RequestID, Result<Article, ReaderFailure>)
    /// Removing a saved article ended.
    case removed(RequestID, Result<ReaderEntry, ReaderFailure>)
    /// One of 订阅's requests answered.
    case subscriptions(SubscriptionsEvent)
    /// The 我的 tab's square grid's request ended.
    case squaresLoaded(RequestID, Result<[Square], ReaderFailure>)
    /// The 我的 tab's cache work reported: measured, how far clearing has got, cleared.
    case cache(RequestID, CacheReport)
    /// A link could not be opened in the browser.
    case linkNotOpened(URL, ReaderFailure)
    /// The next page of a list came (or did not).
    case moreLoaded(RequestID, Result<[ReaderEntry], ReaderFailure>)
    /// An article's comments came (or did not).
    case commentsLoaded(RequestID, Result<[Comment], ReaderFailure>)
    /// The token API's search answered (or did not).
    case searched(RequestID, Result<[ReaderEntry], ReaderFailure>)
    /// A job (saving, writing a page) says where it stands: a line for the
    /// status bar.
    case progress(RequestID, String)
    /// A job ended: the line that says how.
    case finished(RequestID, Result<String, ReaderFailure>)
    /// A moment passed (about a tenth of a second): the spinner turns. Sent while
    /// ``ReaderModel/isAnimating``.
    case tick
}

/// What the model asks the app to do after an event.
public enum ReaderEffect: Hashable, Sendable {
    /// Load a tab's list, answering with ``ReaderEvent/listLoaded(_:_:)``.
    case loadList(ReaderTab, RequestID)
    /// Load an entry's article, answering with ``ReaderEvent/articleLoaded(_:_:)``.
    case loadArticle(ReaderEntry, RequestID)
    /// Remove a saved article from the offline library, answering with ``ReaderEvent/removed(_:_:)``.
    case removeSaved(ReaderEntry, RequestID)
    /// Run one of 订阅's requests (``SubscriptionsEffect``), answering with ``ReaderEvent/subscriptions(_:)``.
    case subscriptions(SubscriptionsEffect)
    /// Load the 我的 tab's square grid, answering with ``ReaderEvent/squaresLoaded(_:_:)``.
    case loadSquares(RequestID)
    /// Measure the cache folders off the UI loop, answering with ``ReaderEvent/cache(_:_:)``
    /// (``CacheReport/measured(_:)``).
    case measureCache(RequestID)
    /// Clear the cache folders (images first, then custom), answering with
    /// ``ReaderEvent/cache(_:_:)``: progress, then ``CacheReport/cleared(_:)``.
    case clearCache(RequestID)
    /// Open a web page in the browser (`$BROWSER`, else `xdg-open`), without waiting for it;
    /// answering only when it cannot be started, with ``ReaderEvent/linkNotOpened(_:_:)``.
    case openInBrowser(URL)
    /// Load the list's page `page` (2 and on), answering with ``ReaderEvent/moreLoaded(_:_:)``.
    case loadMore(ReaderTab, page: Int, RequestID)
    /// Load an entry's comments, answering with ``ReaderEvent/commentsLoaded(_:_:)``.
    case loadComments(ReaderEntry, RequestID)
    /// Search cnblogs through the token API (news in 新闻, posts elsewhere), answering with
    /// ``ReaderEvent/searched(_:_:)``.
    case search(String, news: Bool, RequestID)
    /// Save an article in the offline library with its images, reporting
    /// ``ReaderEvent/progress(_:_:)`` and then ``ReaderEvent/finished(_:_:)``.
    case save(Article, RequestID)
    /// Write the article's phone-sized page (`ArticlePage`) to a file, answering with
    /// ``ReaderEvent/finished(_:_:)`` naming its path.
    case writePage(Article, RequestID)
    /// Cancel a request: its screen has gone.
    case cancel(RequestID)
    /// End the reader.
    case quit(ReaderExit)
}

/// How the reader ended.
public enum ReaderExit: Hashable, Sendable {
    /// `q` on the top level.
    case quit
    /// Ctrl-C.
    case interrupted
}

extension ReaderEffect {
    /// The request this effect starts, which its answer and its cancellation name; nil for one
    /// that starts none (cancelling, opening the browser, quitting).
    public var startedRequest: RequestID? {
        switch self {
        case .loadList(_, let id), .loadArticle(_, let id), .removeSaved(_, let id), .loadSquares(let id),
            .measureCache(let id), .clearCache(let id), .loadMore(_, _, let id), .loadComments(_, let id),
            .save(_, let id), .writePage(_, let id), .search(_, _, let id):
            id
        case .subscriptions(let effect): effect.request
        case .openInBrowser, .cancel, .quit: nil
        }
    }
}
