import BasicCore
import BasicNetworking
import BasicStore
import BasicXML

/// Everything that can go wrong with subscriptions: the feed, the network, the store, OPML.
///
/// ```swift
/// do {
///     try await subscriptions.add(URL(string: "https://example.org/")!)
/// } catch .notAFeed(let url, let reason) {
///     print("\(url) is no feed: \(reason)")
/// } catch {
///     print(error)   // one line: what happened and what to do
/// }
/// ```
public enum FeedsError: Error, Sendable, CustomStringConvertible {
    /// An address that is not an http or https URL with a host.
    case invalidURL(String, reason: String)
    /// The feed (or the feed the page links to) is subscribed already.
    case alreadySubscribed(url: String, title: String)
    /// No subscription has this URL or id.
    case unknownFeed(String)
    /// No item has this id.
    case unknownItem(String)
    /// The address answered, but with neither a feed nor a page that links one.
    case notAFeed(url: String, reason: String)
    /// The request failed: connection, timeout, cancellation.
    case network(NetworkError)
    /// The server answered a status that is not a feed: 404, 410, 500, 503…
    case httpStatus(url: String, status: Int, retryAfter: Int?)
    /// Redirects went on too long or in a circle, or to an address that is not http(s).
    case badRedirect(url: String, reason: String)
    /// The feed is larger than ``Subscriptions/Configuration/maximumFeedBytes``.
    case feedTooLarge(url: String, bytes: Int, limit: Int)
    /// The store could not be read or written.
    case storage(String)
    /// An OPML file that cannot be read as OPML at all; nothing was imported.
    case invalidOPML(reason: String)
    /// An OPML file with entries that cannot be imported; nothing was imported.
    case invalidOPMLEntries([OPMLProblem])
    /// A preset name that is not known.
    case unknownPreset(String, known: [String])
    /// A setting out of range, such as a maximum of 0 items.
    case invalidSetting(name: String, reason: String)

    /// One line: what happened, with the value, and what to do.
    public var description: String { ErrorText.oneLine(unescapedDescription) }

    /// The description before control characters from the input are escaped.
    private var unescapedDescription: String {
        switch self {
        case .invalidURL(let url, let reason):
            return "'\(url)' is not a feed address: \(reason); give an http or https URL"
        case .alreadySubscribed(let url, let title):
            return "\(url) is subscribed already (as \"\(title)\"); rename or move it instead"
        case .unknownFeed(let reference):
            return "no subscription has the URL or id '\(reference)'; see `bsl feeds list`"
        case .unknownItem(let id):
            return "no item has the id '\(id)'; see `bsl feeds items`"
        case .notAFeed(let url, let reason):
            return "\(url) is not a feed: \(reason); give the feed's own address"
        case .network(let error):
            return error.description
        case .httpStatus(let url, let status, let retryAfter):
            let reason = HTTPURLResponse.localizedString(forStatusCode: status).lowercased()
            let advice =
                switch status {
                case 404, 410: "check the address, or remove the subscription"
                case 401, 403: "the feed is not public"
                case 429, 503: retryAfter.map { "the server asks to wait \($0) s before trying again" } ?? "try later"
                default: "try later"
                }
            return "\(url) answered HTTP \(status) (\(reason)); \(advice)"
        case .badRedirect(let url, let reason):
            return "\(url) redirects badly: \(reason); subscribe to the feed's final address"
        case .feedTooLarge(let url, let bytes, let limit):
            return "\(url) is \(bytes) bytes, more than the \(limit) a feed may be; it is unlikely to be a feed"
        case .storage(let reason):
            return "the feeds store failed: \(reason)"
        case .invalidOPML(let reason):
            return "cannot import the OPML file: \(reason); nothing was imported"
        case .invalidOPMLEntries(let problems):
            let listed = problems.prefix(5).map(\.description).joined(separator: "; ")
            let more = problems.count > 5 ? "; and \(problems.count - 5) more" : ""
            return "cannot import the OPML file: \(problems.count) invalid "
                + (problems.count == 1 ? "entry" : "entries") + " (\(listed)\(more)); fix or remove "
                + (problems.count == 1 ? "it" : "them") + ", nothing was imported"
        case .unknownPreset(let name, let known):
            return "there is no preset '\(name)'; the presets are \(known.joined(separator: ", "))"
        case .invalidSetting(let name, let reason):
            return "invalid \(name): \(reason)"
        }
    }

    /// The error a store operation threw, as one of ours: one of ours thrown inside a
    /// transaction (which the store carries in ``StoreError/transactionFailed(_:)``) comes out
    /// as it was thrown.
    static func store(_ error: any Error) -> FeedsError {
        if let error = error as? FeedsError { return error }
        if case .transactionFailed(let failure) = error as? StoreError, let error = failure.error as? FeedsError {
            return error
        }
        return .storage("\(error)")
    }
}

/// Runs `body`, turning whatever it throws into a ``FeedsError``.
func withStore<T>(_ body: () throws -> T) throws(FeedsError) -> T {
    do {
        return try body()
    } catch {
        throw FeedsError.store(error)
    }
}
