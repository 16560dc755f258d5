import BasicRouting
import Foundation

/// Where `Enter` on a square of the 我的 tab leads, as BasicRouting's ``BasicRouting/Router``
/// reads the square's link: `http…` to the browser, `mod://…` to a screen of the reader where
/// one matches.
public enum SquareDestination: Hashable, Sendable {
    /// A web page (`http`, `https`): opened in the browser.
    case web(URL)
    /// `mod://settings`: the settings rows below the grid.
    case settings
    /// `mod://offline`: the 离线 tab.
    case offline
    /// `mod://search`: searching, the reader's `/` in 首页's list.
    case search
    /// Any other link: a screen of the Budejie app that the reader does not have.
    case notInApp

    /// The reader's routes, most specific first wins (``BasicRouting/Router``): its own screens
    /// by name (`mod://settings`, `mod://offline`, `mod://search`, each with anything after it),
    /// web pages by scheme, and every other `mod://` screen as not in this app.
    static let router: Router<SquareDestination> = {
        var router = Router<SquareDestination>()
        // Fixed patterns that are valid and do not tie: registering them cannot fail.
        try? router.register(scheme: "http", name: "web page") { web($0) }
        try? router.register(scheme: "https", name: "web page") { web($0) }
        try? router.register("mod://settings/*", name: "settings") { _ in .settings }
        try? router.register("mod://offline/*", name: "offline") { _ in .offline }
        try? router.register("mod://search/*", name: "search") { _ in .search }
        try? router.register(scheme: "mod", name: "a Budejie screen") { _ in .notInApp }
        return router
    }()

    /// Where `link` leads: ``notInApp`` for a link no route takes, or one that is not a URL.
    ///
    /// ```swift
    /// SquareDestination.route("mod://BDJ_To_Check")          // .notInApp
    /// SquareDestination.route("https://m.budejie.com/rules")  // .web(…)
    /// ```
    public static func route(_ link: String) -> SquareDestination {
        (try? router.route(link)) ?? .notInApp
    }

    private static func web(_ match: RouteMatch) -> SquareDestination {
        URL(string: match.link.text).map(SquareDestination.web) ?? .notInApp
    }
}
