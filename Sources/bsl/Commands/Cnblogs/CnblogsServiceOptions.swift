import BasicCLI
import BasicNetworking
import CnblogsClient
import Foundation

/// `--source site|api|legacy`: where a `bsl cnblogs` command reads from.
enum CnblogsSourceName: String, CaseIterable, ExpressibleByArgument {
    case site, api, legacy

    /// The client's source of the same name.
    var source: CnblogsSource {
        switch self {
        case .site: .site
        case .api: .api
        case .legacy: .legacy
        }
    }
}

/// The addresses of today's services, for a test server or a mirror: `--mirror URL` for all of
/// them under one base, or one service at a time. The defaults the help shows are
/// `CnblogsHosts.cnblogs`'s, written there only; an option given is told from one left out
/// (nil), so that a service's own option wins over `--mirror`.
struct CnblogsServiceOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Every service under one base, in a folder per host: URL/feed.cnblogs.com, URL/www.cnblogs.com, "
                + "URL/news.cnblogs.com, URL/api.cnblogs.com/api, URL/oauth.cnblogs.com (a test server or a mirror).",
            valueName: "url"))
    var mirror: HTTPURL?
    @Option(
        name: .customLong("feeds"),
        help: ArgumentHelp("The feeds' base (default \(CnblogsHosts.cnblogs.feed.absoluteString)).", valueName: "url"))
    var feedURL: HTTPURL?
    @Option(
        name: .customLong("site"),
        help: ArgumentHelp(
            "The site of blogs, posts and rankings (default \(CnblogsHosts.cnblogs.site.absoluteString)).",
            valueName: "url"))
    var siteURL: HTTPURL?
    @Option(
        name: .customLong("news-site"),
        help: ArgumentHelp(
            "The news pages' base (default \(CnblogsHosts.cnblogs.news.absoluteString)).", valueName: "url"))
    var newsURL: HTTPURL?
    @Option(
        name: .customLong("token-api"),
        help: ArgumentHelp(
            "The token API's base (default \(CnblogsHosts.cnblogs.api.absoluteString)).", valueName: "url"))
    var tokenAPIURL: HTTPURL?
    @Option(
        name: .customLong("oauth"),
        help: ArgumentHelp(
            "The OAuth token server (default \(CnblogsHosts.cnblogs.oauth.absoluteString)).", valueName: "url"))
    var oauthURL: HTTPURL?

    /// The hosts these options name: cnblogs' own, or `--mirror`'s, with each service's option over them.
    var hosts: CnblogsHosts {
        var hosts = mirror.map { CnblogsHosts.mirrored(under: $0.url) } ?? .cnblogs
        if let feedURL { hosts.feed = Self.base(feedURL) }
        if let siteURL { hosts.site = Self.base(siteURL) }
        if let newsURL { hosts.news = Self.base(newsURL) }
        if let tokenAPIURL { hosts.api = Self.base(tokenAPIURL) }
        if let oauthURL { hosts.oauth = Self.base(oauthURL) }
        return hosts
    }

    /// The URL as typed, without a trailing slash.
    private static func base(_ url: HTTPURL) -> URL {
        guard url.text.hasSuffix("/") else { return url.url }
        return URL(string: String(url.text.dropLast())) ?? url.url
    }
}

/// The credential a command runs with, and where it came from.
struct CnblogsCredentialChoice {
    /// Where a credential was found.
    enum Origin: Equatable {
        /// `$CNBLOGS_TOKEN`.
        case environment
        /// The offline library's store, at this folder.
        case library(URL)
    }

    /// The credential; nil without one.
    var credential: CnblogsCredential?
    /// Where it came from; nil without one.
    var origin: Origin?
    /// Why the stored credential could not be read, when it could not.
    var problem: String?

    /// No credential.
    static let nothing = CnblogsCredentialChoice()

    /// `$CNBLOGS_TOKEN`, else the credential stored in the library at `folder` (opened read-only;
    /// a folder without a library has none).
    static func find(environment: [String: String], library folder: URL) -> CnblogsCredentialChoice {
        if let token = environment["CNBLOGS_TOKEN"]?.trimmingCharacters(in: .whitespacesAndNewlines),
            !token.isEmpty
        {
            return CnblogsCredentialChoice(credential: .personalAccessToken(Secret(token)), origin: .environment)
        }
        do {
            guard try OfflineLibrary.exists(at: folder) else { return .nothing }
            let library = try OfflineLibrary(folder: folder, creating: false, access: .readOnly)
            guard let credential = try library.credentials.credential() else { return .nothing }
            return CnblogsCredentialChoice(credential: credential, origin: .library(folder))
        } catch {
            return CnblogsCredentialChoice(problem: error.description)
        }
    }

    /// `$CNBLOGS_TOKEN`, `stored in PATH`.
    var originText: String {
        switch origin {
        case .environment: "from $CNBLOGS_TOKEN"
        case .library(let folder): "stored sealed in \(folder.path)"
        case nil: "none"
        }
    }
}
