import Foundation

/// Sends every request and owns its lifetime: identical requests in flight are cancelled,
/// shared or let through by their ``DuplicatePolicy``; requests tagged with an owner end
/// together; and the pool knows how many are in flight.
///
/// ```swift
/// let pool = RequestPool()   // URLSessionTransport
/// let endpoint = Endpoint(base: "https://api.example.com", path: "news/recent", parameters: ["page": 1])
/// let response = try await pool.send(Request(endpoint, policy: .coalesce))
/// let titles = try response.json.value(at: "data.list")
/// ```
///
/// Two requests are identical when their ``RequestIdentity`` is: same method, absolute URL,
/// parameters in any order, and body. A request whose task is cancelled ends at once with
/// ``NetworkError/cancelled(url:)``; its network call is cancelled too unless other callers
/// of a `.coalesce` request still wait for it. Retries happen inside the network call, so
/// coalesced callers share them (with the first caller's ``RetryPolicy``); each caller's
/// ``ResponseRule`` is applied to the shared response on its own.
public actor RequestPool {
    /// The transport requests go through.
    public nonisolated let transport: any Transport

    private var flights: [UInt64: Flight] = [:]
    /// The flight of each waiting caller.
    private var flightOfWaiter: [UInt64: UInt64] = [:]
    /// The newest `.cancelPrevious` flight of each identity.
    private var newest: [RequestIdentity: UInt64] = [:]
    /// The `.coalesce` flight of each identity that callers may join.
    private var shared: [RequestIdentity: UInt64] = [:]
    private var lastID: UInt64 = 0

    /// One network call and the callers waiting for it.
    private struct Flight {
        let identity: RequestIdentity
        let policy: DuplicatePolicy
        let url: String
        var task: Task<Void, Never>?
        var waiters: [UInt64: Waiter]
    }

    private struct Waiter {
        let continuation: CheckedContinuation<Result<Response, NetworkError>, Never>
        let owner: RequestOwner?
    }

    /// A pool sending through `transport`.
    public init(transport: any Transport = URLSessionTransport()) {
        self.transport = transport
    }

    /// How many network calls are in flight (coalesced callers share one).
    public var inFlightCount: Int { flights.count }

    /// How many callers are waiting for a response.
    public var waitingCount: Int { flightOfWaiter.count }

    /// A token whose owner's requests are cancelled when the token is released.
    public nonisolated func makeOwnerToken() -> OwnerToken {
        OwnerToken(pool: self)
    }

    /// Sends `endpoint` with the options of ``Request``; see ``send(_:)-(Request)``.
    ///
    /// - Throws: ``NetworkError``.
    public func send(
        _ endpoint: Endpoint, policy: DuplicatePolicy = .cancelPrevious, owner: RequestOwner? = nil,
        retry: RetryPolicy = .none, rule: ResponseRule = .default
    ) async throws(NetworkError) -> Response {
        try await send(Request(endpoint, policy: policy, owner: owner, retry: retry, rule: rule))
    }

    /// Sends a request and returns its response once the request's rule accepts it.
    ///
    /// ```swift
    /// let response = try await pool.send(Request(endpoint, retry: .retries(2)))
    /// ```
    ///
    /// - Throws: ``NetworkError``: ``NetworkError/invalidRequest(url:reason:)`` for an endpoint
    ///   that does not make a URL, ``NetworkError/cancelled(url:)`` when the calling task, the
    ///   owner or a newer identical request cancels it, the transport's errors, and the rule's.
    public func send(_ request: Request) async throws(NetworkError) -> Response {
        let (urlRequest, identity) = try request.endpoint.urlRequestAndIdentity()
        let url = urlRequest.url?.absoluteString ?? request.endpoint.displayURL
        lastID += 1
        let waiterID = lastID
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                enqueue(
                    Waiter(continuation: continuation, owner: request.owner), id: waiterID, request: request,
                    urlRequest: urlRequest, identity: identity, url: url)
            }
        } onCancel: {
            Task { await self.cancelWaiter(waiterID) }
        }
        let response = try result.get()
        try request.rule.validate(response)
        return response
    }

    /// Cancels every request tagged with `owner`; their callers get ``NetworkError/cancelled(url:)``.
    ///
    /// - Complexity: O(*n*) in the number of requests in flight.
    public func cancelAll(owner: RequestOwner) {
        for (flightID, flight) in flights {
            for (waiterID, waiter) in flight.waiters where waiter.owner == owner {
                removeWaiter(waiterID, of: flightID)
            }
        }
    }

    /// Cancels every request in flight.
    public func cancelAll() {
        for flightID in Array(flights.keys) {
            cancelFlight(flightID)
        }
    }

    // MARK: Bookkeeping

    private func enqueue(
        _ waiter: Waiter, id waiterID: UInt64, request: Request, urlRequest: URLRequest, identity: RequestIdentity,
        url: String
    ) {
        if Task.isCancelled {
            waiter.continuation.resume(returning: .failure(.cancelled(url: url)))
            return
        }
        switch request.policy {
        case .coalesce:
            if let flightID = shared[identity], flights[flightID] != nil {
                flights[flightID]?.waiters[waiterID] = waiter
                flightOfWaiter[waiterID] = flightID
                return
            }
        case .cancelPrevious:
            if let previous = newest[identity] {
                cancelFlight(previous)
            }
        case .allowDuplicates:
            break
        }
        lastID += 1
        let flightID = lastID
        flights[flightID] = Flight(
            identity: identity, policy: request.policy, url: url, task: nil, waiters: [waiterID: waiter])
        flightOfWaiter[waiterID] = flightID
        switch request.policy {
        case .coalesce: shared[identity] = flightID
        case .cancelPrevious: newest[identity] = flightID
        case .allowDuplicates: break
        }
        let transport = transport
        let method = request.endpoint.method
        let retry = request.retry
        let timeout = request.endpoint.timeout
        flights[flightID]?.task = Task.detached {
            let result = await Self.perform(
                urlRequest, method: method, retry: retry, timeout: timeout, transport: transport)
            await self.finish(flightID, with: result)
        }
    }

    /// Sends `request` until it succeeds or `retry` says to stop; each attempt may take at most
    /// `timeout`.
    private static func perform(
        _ request: URLRequest, method: HTTPMethod, retry: RetryPolicy, timeout: Duration?, transport: any Transport
    ) async -> Result<Response, NetworkError> {
        var retries = 0
        while true {
            let outcome = await attempt(request, timeout: timeout, transport: transport)
            guard let delay = retry.delay(beforeRetry: retries + 1, method: method, after: outcome) else {
                return outcome
            }
            retries += 1
            do {
                try await Task.sleep(for: delay)
            } catch {
                return .failure(.cancelled(url: request.url?.absoluteString ?? ""))
            }
        }
    }

    /// One attempt. URLSession's own timeout on Linux counts only whole seconds, so a timeout
    /// is enforced here, by racing the transport against a clock.
    private static func attempt(
        _ request: URLRequest, timeout: Duration?, transport: any Transport
    ) async -> Result<Response, NetworkError> {
        let url = request.url?.absoluteString ?? ""
        guard let timeout else {
            return await sendOnce(request, transport: transport)
        }
        return await withTaskGroup(of: Result<Response, NetworkError>.self) { group in
            group.addTask {
                let outcome = await sendOnce(request, transport: transport)
                if case .failure(.timedOut) = outcome {
                    return .failure(.timedOut(url: url, seconds: timeout.seconds))
                }
                return outcome
            }
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                    return .failure(.timedOut(url: url, seconds: timeout.seconds))
                } catch {
                    return .failure(.cancelled(url: url))
                }
            }
            let first = await group.next() ?? .failure(.cancelled(url: url))
            group.cancelAll()
            return first
        }
    }

    private static func sendOnce(_ request: URLRequest, transport: any Transport) async -> Result<
        Response, NetworkError
    > {
        do {
            return .success(try await transport.send(request))
        } catch {
            return .failure(error)
        }
    }

    private func finish(_ flightID: UInt64, with result: Result<Response, NetworkError>) {
        guard let flight = removeFlight(flightID) else { return }  // cancelled already
        for (waiterID, waiter) in flight.waiters {
            flightOfWaiter[waiterID] = nil
            waiter.continuation.resume(returning: result)
        }
    }

    /// A caller's task was cancelled: that caller stops waiting; the flight ends when nobody waits.
    private func cancelWaiter(_ waiterID: UInt64) {
        guard let flightID = flightOfWaiter[waiterID] else { return }
        removeWaiter(waiterID, of: flightID)
    }

    private func removeWaiter(_ waiterID: UInt64, of flightID: UInt64) {
        guard let waiter = flights[flightID]?.waiters.removeValue(forKey: waiterID) else { return }
        flightOfWaiter[waiterID] = nil
        waiter.continuation.resume(returning: .failure(.cancelled(url: flights[flightID]?.url ?? "")))
        if flights[flightID]?.waiters.isEmpty == true {
            cancelFlight(flightID)
        }
    }

    private func cancelFlight(_ flightID: UInt64) {
        guard let flight = removeFlight(flightID) else { return }
        flight.task?.cancel()
        for (waiterID, waiter) in flight.waiters {
            flightOfWaiter[waiterID] = nil
            waiter.continuation.resume(returning: .failure(.cancelled(url: flight.url)))
        }
    }

    private func removeFlight(_ flightID: UInt64) -> Flight? {
        guard let flight = flights.removeValue(forKey: flightID) else { return nil }
        if newest[flight.identity] == flightID { newest[flight.identity] = nil }
        if shared[flight.identity] == flightID { shared[flight.identity] = nil }
        return flight
    }
}
