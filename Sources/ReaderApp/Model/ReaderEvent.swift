import BasicTerminal
import CnblogsClient

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
