import Foundation

/// Sends links to handlers by scheme and by pattern: `http…` opens a web page, `mod…` a
/// native screen, as the Budejie "Me" page does.
///
/// ```swift
/// enum Destination { case web(String), topic(String), check }
/// var router = Router<Destination>()
/// try router.register(scheme: "http") { .web($0.link.text) }
/// try router.register(scheme: "https") { .web($0.link.text) }
/// try router.register("mod://topic/:id") { .topic($0.parameters["id"] ?? "") }
/// try router.register("mod://BDJ_To_Check") { _ in .check }
/// let destination = try router.route("mod://topic/42?from=push")   // .topic("42")
/// ```
///
/// The most specific matching pattern wins, whatever the order of registration (see
/// ``RoutePattern``); registering a pattern that would tie with an earlier one is an error.
/// Pure Swift and `Sendable`: an app plugs in "push a web controller" or "present a screen".
public struct Router<Output>: Sendable {
    /// A handler: given what matched, it returns the router's output. What it throws reaches the
    /// caller of ``route(_:)-(StringProtocol)`` inside ``RoutingError/handlerFailed(_:_:)``.
    public typealias Handler = @Sendable (RouteMatch) throws -> Output

    struct Route: Sendable {
        let pattern: RoutePattern
        let name: String?
        let handler: Handler
    }

    private var routes: [Route] = []

    /// An empty router.
    public init() {}

    /// The patterns registered, in order of registration.
    public var patterns: [RoutePattern] { routes.map(\.pattern) }

    /// Routes links matching `pattern` (`mod://topic/:id`) to `handler`.
    ///
    /// - Throws: ``RoutingError/invalidPattern(_:reason:)`` or
    ///   ``RoutingError/ambiguousPattern(_:existing:)``.
    public mutating func register(_ pattern: String, name: String? = nil, _ handler: @escaping Handler)
        throws(RoutingError)
    {
        try add(Route(pattern: try RoutePattern(pattern), name: name, handler: handler))
    }

    /// Routes every link of `scheme` that no more specific pattern takes to `handler`.
    ///
    /// - Throws: ``RoutingError/invalidPattern(_:reason:)`` or
    ///   ``RoutingError/ambiguousPattern(_:existing:)``.
    public mutating func register(scheme: String, name: String? = nil, _ handler: @escaping Handler)
        throws(RoutingError)
    {
        try add(Route(pattern: try RoutePattern(scheme: scheme), name: name, handler: handler))
    }

    private mutating func add(_ route: Route) throws(RoutingError) {
        if let existing = routes.first(where: { $0.pattern.isAmbiguous(with: route.pattern) }) {
            throw RoutingError.ambiguousPattern(route.pattern.description, existing: existing.pattern.description)
        }
        routes.append(route)
    }

    /// The most specific route for `url`, without calling its handler.
    ///
    /// - Throws: ``RoutingError/malformedURL(_:reason:)`` or ``RoutingError/noRoute(_:)``.
    /// - Complexity: O(*n*) in the number of routes.
    public func match(_ url: some StringProtocol) throws(RoutingError) -> RouteMatch {
        try resolve(String(url)).match
    }

    /// The winning route and its match.
    func resolve(_ url: String) throws(RoutingError) -> (route: Route, match: RouteMatch) {
        let link = try AppLink(url)
        var best: (route: Route, parameters: [String: String])?
        for route in routes {
            guard let parameters = route.pattern.match(link) else { continue }
            if let current = best, !route.pattern.isMoreSpecific(than: current.route.pattern) { continue }
            best = (route, parameters)
        }
        guard let best else { throw RoutingError.noRoute(url) }
        let match = RouteMatch(
            link: link, pattern: best.route.pattern, name: best.route.name, parameters: best.parameters)
        return (best.route, match)
    }

    /// Routes `url` and returns what its handler returns.
    ///
    /// - Throws: ``RoutingError`` when nothing matches or the URL is malformed;
    ///   ``RoutingError/handlerFailed(_:_:)`` carrying what the handler threw (a
    ///   ``RoutingError`` the handler throws, from a router of its own, passes through as it is).
    public func route(_ url: some StringProtocol) throws(RoutingError) -> Output {
        let url = String(url)
        let (route, match) = try resolve(url)
        do {
            return try route.handler(match)
        } catch let error as RoutingError {
            throw error
        } catch {
            throw .handlerFailed(url, RoutingError.CallerError(error))
        }
    }

    /// Routes a `URL`; see ``route(_:)-(StringProtocol)``.
    ///
    /// - Throws: ``RoutingError``, with what the handler threw in
    ///   ``RoutingError/handlerFailed(_:_:)``.
    public func route(_ url: URL) throws(RoutingError) -> Output {
        try route(url.absoluteString)
    }
}
