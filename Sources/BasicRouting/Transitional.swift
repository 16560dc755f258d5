// Forwarders that keep callers written against the old forms compiling while bsl and FeedsClient
// move to the new ones. The lead deletes this file after the merges.
//
// Why one exists although typed throws is otherwise source-compatible: Swift 6.3.1 infers a
// `do` block's error type from a typed-throws call, and its SIL ownership verifier crashes on
// bsl's RouteCommand, which catches `RoutingError.malformedURL(let text, let reason)` from
// `match(_:)` in an async function. This untyped overload takes a `String`, more specific than
// the new `some StringProtocol`, so that the caller keeps the untyped form until it catches with
// a plain `catch` and a `switch`.

extension Router {
    // Transitional: remove once bsl and FeedsClient call match(_:) throws(RoutingError).
    /// The most specific route for `url`; see the `some StringProtocol` form.
    ///
    /// - Throws: ``RoutingError``.
    public func match(_ url: String) throws -> RouteMatch {
        try resolve(url).match
    }
}
