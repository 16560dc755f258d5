import BasicCore
import BasicNetworking
import BasicStore

/// Everything that can go wrong when reading cnblogs: today's feeds and pages, the token API, the
/// legacy open API, credentials and the offline library.
///
/// ```swift
/// do {
///     let posts = try await client.posts(of: "nosuchblog")
/// } catch .notFound(let what, _) {
///     print("no such \(what)")
/// } catch {
///     print(error)
/// }
/// ```
public enum CnblogsError: Error, Sendable, CustomStringConvertible {
    /// The thing asked for does not exist: the API says so with HTTP 500, the site with 404.
    /// `what` names the thing asked for (`the blog 'nosuchblog'`).
    case notFound(what: String, url: String)
    /// A page, size or count outside what the API accepts.
    case invalidArgument(name: String, value: String, reason: String)
    /// The request failed: the transport's errors, or an HTTP status other than a not-found 500.
    case network(NetworkError)
    /// The body is not the expected Atom feed, or an entry lacks a field every entry has.
    case malformed(url: String, reason: String)
    /// The offline library's folder or key file cannot be used; `reason` says why and what to do.
    case library(path: String, reason: String)
    /// The offline library's store failed: a wrong or replaced key, a tampered or non-store file, a full disk.
    case storage(StoreError)
    /// `what` needs a credential the client has none of: a page past the first, counts, search,
    /// bookmarks, the token API.
    case credentialRequired(what: String)
    /// The token API refused the credential (HTTP 401), after the one refresh a client-credentials
    /// token gets: it has expired or was revoked.
    case credentialRejected(url: String)
    /// The OAuth token server gave no token: it refused the client id or secret, or its answer
    /// could not be read. `reason` never holds a secret.
    case tokenExchangeFailed(url: String, reason: String)
    /// The site refused to answer (HTTP 403) or answered a captcha page; `reason` says which, and
    /// `request` what was asked, which decides what the message suggests instead.
    case blocked(url: String, reason: String, request: RequestKind = .sitePage)
    /// A page answered with the login page: a redirect to `location`; `request` says what was asked.
    case loginRedirect(url: String, location: String, request: RequestKind = .sitePage)
    /// Too many requests (HTTP 429); the server asked to wait `retryAfterSeconds` when it said.
    case rateLimited(url: String, retryAfterSeconds: Int?)
    /// A page lacks `element` (`#cnblogs_post_body`), which every such page has: the layout changed.
    /// `request` says what was asked.
    case layoutChanged(url: String, element: String, request: RequestKind = .sitePage)
    /// The site needs a post's blog to read it, and no list read by this client showed the post
    /// `id` (only its id was given).
    case postNotListed(id: Int)
    /// A feed's address answered something else; `found` says what (`an HTML page`).
    case notAFeed(url: String, found: String)
    /// Only the legacy API has `what` (the recommended bloggers, the blogger search).
    case legacyOnly(what: String)

    /// What was asked when the site refused, asked to sign in or changed its layout: it decides
    /// whether the message can suggest the token API (`--source api`), or only waiting.
    public enum RequestKind: Sendable, Hashable {
        /// A feed or page of the site, which the token API reads another way.
        case sitePage
        /// A page the token API reads as the same page (the rankings): it is no way around a refusal.
        case sharedPage
        /// A request of the token API itself.
        case tokenAPI
    }

    /// One line: what failed, with the value, and what to do.
    public var description: String { ErrorText.oneLine(unescapedDescription) }

    /// This error with what was asked said to be `request` (for ``blocked(url:reason:request:)``,
    /// ``loginRedirect(url:location:request:)`` and ``layoutChanged(url:element:request:)``); any
    /// other error as it is.
    func requested(as request: RequestKind) -> CnblogsError {
        switch self {
        case .blocked(let url, let reason, _): .blocked(url: url, reason: reason, request: request)
        case .loginRedirect(let url, let location, _): .loginRedirect(url: url, location: location, request: request)
        case .layoutChanged(let url, let element, _): .layoutChanged(url: url, element: element, request: request)
        default: self
        }
    }

    /// What a refusal of the site leaves to do, when the token API is no way around it.
    private static let waitHint =
        "wait a while and try again; meanwhile `--replay Samples/cnblogs-today` answers from the bundled recording"

    /// The description before control characters from the input are escaped.
    private var unescapedDescription: String {
        switch self {
        case .notFound(let what, let url):
            return "not found: \(what) (\(url) says it does not exist); check the spelling or the id"
        case .invalidArgument(let name, let value, let reason):
            return "invalid \(name) \(value): \(reason)"
        case .network(let error):
            return error.description
        case .malformed(let url, let reason):
            return "cannot read the response from \(url): \(reason)"
        case .library(let path, let reason):
            return "offline library \(path): \(reason)"
        case .storage(let error):
            return "offline library: \(error)"
        case .credentialRequired(let what):
            return "\(what) needs a cnblogs token: create a personal access token at "
                + "https://account.cnblogs.com/settings/tokens and run `bsl cnblogs login`"
        case .credentialRejected(let url):
            return "\(url) refused the cnblogs token (HTTP 401): it has expired or was revoked; "
                + "run `bsl cnblogs login` again with a new token"
        case .tokenExchangeFailed(let url, let reason):
            return "the token server \(url) gave no token: \(reason); check the client id and secret, "
                + "then run `bsl cnblogs login --client-id ID` again"
        case .blocked(let url, let reason, .sitePage):
            return "\(url) refused to answer (\(reason)): the site may be limiting automated reading; "
                + "wait a while and try again, or read through the token API (`bsl cnblogs login`, then `--source api`)"
        case .blocked(let url, let reason, .sharedPage):
            return "\(url) refused to answer (\(reason)): the site may be limiting automated reading, and the token "
                + "API reads this same page; \(Self.waitHint)"
        case .blocked(let url, let reason, .tokenAPI):
            return "\(url) refused to answer (\(reason)): the token API may be limiting automated reading; "
                + Self.waitHint
        case .loginRedirect(let url, let location, .sitePage):
            return "\(url) redirected to the login page (\(location)): the page is for signed-in users only; "
                + "read it through the token API instead (`bsl cnblogs login`, then `--source api`)"
        case .loginRedirect(let url, let location, .sharedPage):
            return "\(url) redirected to the login page (\(location)): the page is for signed-in users only, "
                + "and bsl reads it signed out (the token API reads this same page); open it in a browser where "
                + "you are signed in"
        case .loginRedirect(let url, let location, .tokenAPI):
            return "\(url) redirected to the login page (\(location)): the token API did not take the token; "
                + "run `bsl cnblogs login` again with a new token"
        case .rateLimited(let url, let seconds):
            let wait = seconds.map { "wait \($0) s" } ?? "wait a minute"
            return "\(url) is limiting requests (HTTP 429); \(wait) and try again"
        case .layoutChanged(let url, let element, .sitePage):
            return "\(url) has no \(element): the page layout changed; read it with `--source api`, "
                + "or report it so that the reader follows the new layout"
        case .layoutChanged(let url, let element, _):
            return "\(url) has no \(element): the page layout changed, and the token API reads this same page; "
                + "report it so that the reader follows the new layout"
        case .postNotListed(let id):
            return "the post \(id) is in none of the lists read in this run, and the site needs its blog: "
                + "give it as BLOGAPP/\(id) or its address "
                + "(https://www.cnblogs.com/BLOGAPP/p/\(id))"
        case .notAFeed(let url, let found):
            return "\(url) answered \(found) instead of its Atom feed: the feed may have moved or the site is "
                + "showing an error page; try again later, or read through the token API (`--source api`)"
        case .legacyOnly(let what):
            return "\(what) come only from the legacy API: add `--source legacy` (it has not answered live "
                + "since about 2020; `--replay Samples/cnblogs` has a recording)"
        }
    }
}
