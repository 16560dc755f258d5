/// An endpoint and how to send it: the duplicate policy, the owner, retries and the rule that
/// decides whether the response is correct.
///
/// ```swift
/// let request = Request(
///     Endpoint(base: "https://api.example.com", path: "user/profile"),
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

    /// A request for `endpoint`.
    public init(
        _ endpoint: Endpoint, policy: DuplicatePolicy = .cancelPrevious, owner: RequestOwner? = nil,
        retry: RetryPolicy = .none, rule: ResponseRule = .default
    ) {
        self.endpoint = endpoint
        self.policy = policy
        self.owner = owner
        self.retry = retry
        self.rule = rule
    }
}
