import Foundation

/// When and how often a failed request is sent again: a number of retries, exponential
/// backoff with jitter, the statuses and errors that retry, and `Retry-After`.
///
/// ```swift
/// let request = Request(endpoint, retry: .retries(3))   // up to 4 attempts in all
/// ```
///
/// By default a request is retried after HTTP 408, 429, 500, 502, 503 and 504, after a transport
/// failure (connection refused or lost) and after a timeout, and only when its method is
/// idempotent (`GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`): a `POST` is never sent twice unless
/// ``retriesNonIdempotentMethods`` says so. Cancellation never retries.
public struct RetryPolicy: Sendable, Hashable {
    /// Retries after the first attempt; 0 sends once.
    public var maxRetries: Int
    /// The delay before the first retry.
    public var initialDelay: Duration
    /// Each later delay is the one before times this.
    public var multiplier: Double
    /// No backoff delay is longer than this.
    public var maximumDelay: Duration
    /// The fraction of each delay that is random (0 for none, 1 for "full jitter"): a delay
    /// `d` becomes a random value between `d × (1 − jitter)` and `d`.
    public var jitter: Double
    /// The HTTP statuses that retry.
    public var retryStatuses: Set<Int>
    /// Whether transport failures (connection refused, connection lost) and timeouts retry.
    public var retriesTransportFailures: Bool
    /// Whether `POST`, `PATCH` and other non-idempotent methods retry too.
    public var retriesNonIdempotentMethods: Bool
    /// Whether a `Retry-After` header (seconds or an HTTP date) sets the delay when it is longer
    /// than the backoff.
    public var honoursRetryAfter: Bool
    /// A `Retry-After` longer than this is not waited for: the response is returned as it is.
    public var maximumRetryAfter: Duration

    /// The statuses that retry by default: 408, 429, 500, 502, 503, 504.
    public static let defaultRetryStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// A policy; the defaults are those described on the type.
    public init(
        maxRetries: Int, initialDelay: Duration = .milliseconds(200), multiplier: Double = 2,
        maximumDelay: Duration = .seconds(10), jitter: Double = 0.25,
        retryStatuses: Set<Int> = RetryPolicy.defaultRetryStatuses, retriesTransportFailures: Bool = true,
        retriesNonIdempotentMethods: Bool = false, honoursRetryAfter: Bool = true,
        maximumRetryAfter: Duration = .seconds(60)
    ) {
        self.maxRetries = max(0, maxRetries)
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.jitter = min(max(jitter, 0), 1)
        self.retryStatuses = retryStatuses
        self.retriesTransportFailures = retriesTransportFailures
        self.retriesNonIdempotentMethods = retriesNonIdempotentMethods
        self.honoursRetryAfter = honoursRetryAfter
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// Send once, never retry.
    public static let none = RetryPolicy(maxRetries: 0)

    /// Up to `count` retries with the default backoff (200 ms, doubling, ±25% jitter).
    public static func retries(_ count: Int) -> RetryPolicy {
        RetryPolicy(maxRetries: count)
    }

    /// The backoff before retry number `retry` (1 for the first), before jitter:
    /// `initialDelay × multiplier^(retry − 1)`, at most ``maximumDelay``.
    public func backoff(beforeRetry retry: Int) -> Duration {
        let seconds = initialDelay.seconds * pow(multiplier, Double(max(0, retry - 1)))
        return .seconds(min(seconds, maximumDelay.seconds))
    }

    /// The backoff with jitter applied; `unit` is a random number in `0..<1`.
    public func delay(beforeRetry retry: Int, unit: Double = Double.random(in: 0..<1)) -> Duration {
        let backoff = backoff(beforeRetry: retry).seconds
        return .seconds(backoff * (1 - jitter * unit))
    }

    /// How long to wait before retry number `retry` after `outcome`, or `nil` when it must not
    /// be retried.
    public func delay(
        beforeRetry retry: Int, method: HTTPMethod, after outcome: Result<Response, NetworkError>
    ) -> Duration? {
        guard retry <= maxRetries, method.isIdempotent || retriesNonIdempotentMethods else { return nil }
        switch outcome {
        case .success(let response):
            guard retryStatuses.contains(response.status) else { return nil }
            let backoff = delay(beforeRetry: retry)
            guard honoursRetryAfter, let retryAfter = Self.retryAfter(response) else { return backoff }
            guard retryAfter <= maximumRetryAfter else { return nil }
            return max(backoff, retryAfter)
        case .failure(.transport), .failure(.timedOut):
            return retriesTransportFailures ? delay(beforeRetry: retry) : nil
        case .failure:
            return nil
        }
    }

    /// The wait a `Retry-After` header asks for: whole seconds, or an HTTP date.
    static func retryAfter(_ response: Response, now: Date = Date()) -> Duration? {
        // Capped at a year: Duration holds it, and a longer wait is as good as no retry.
        response.retryAfter(now: now).map { .seconds(min($0, 365 * 86_400)) }
    }
}
