/// An endpoint and how to send it: the duplicate policy, the owner, retries and the rule that
/// decides whether the response is correct.
///
/// ```swift
/// let api = URL(string: "https://api.example.com")!
/// let request = Request(
///     Endpoint(base: api, path: "user/profile"),
///     policy: .coalesce, owner: token.owner, retry: .retries(2),
///     rule: .successCode(at: "code", equals: 0, message: "msg"))
/// let response = try await pool.send(request)
/// ```
public struct Request: Sendable {
    /// Where the request goes and what it carries.
    public var endpoint: Endpoint
    /// What happens when an identical request is already in flight.
    public var policy: DuplicatePolicy
    /// Who the request is for, if anyone.
    public var owner: RequestOwner?
    /// When the request is sent again after a failure.
    public var retry: RetryPolicy
    /// What makes the response correct.
    public var rule: ResponseRule
    /// Work done once with the response, inside the network call, before any caller receives
    /// it; nil for none.
    ///
    /// It runs for every response the transport returns, whatever its status (check it, for
    /// example with ``ResponseRule/validate(_:)``), and not after a failure. With
    /// ``DuplicatePolicy/coalesce`` the first caller's runs, and a caller that arrives after the
    /// call has ended finds its work done: a cache stores the bytes here, so that no caller
    /// downloads them a second time in the moment between the call's end and its callers'
    /// resuming. Keep it short; it delays every caller of the call.
    public var received: (@Sendable (Response) -> Void)?

    /// A request for `endpoint`.
    public init(
        _ endpoint: Endpoint, policy: DuplicatePolicy = .cancelPrevious, owner: RequestOwner? = nil,
        retry: RetryPolicy = .none, rule: ResponseRule = .default, received: (@Sendable (Response) -> Void)? = nil
    ) {
        self.endpoint = endpoint
        self.policy = policy
        self.owner = owner
        self.retry = retry
        self.rule = rule
        self.received = received
    }
}
