import Foundation
import Synchronization

/// Sends every request and owns its lifetime: identical requests in flight are cancelled,
/// shared or let through by their ``DuplicatePolicy``; requests tagged with an owner end
/// together; and the pool knows how many are in flight.
///
/// ```swift
/// let api = URL(string: "https://api.example.com")!
/// let pool = RequestPool()   // URLSessionTransport
/// let endpoint = Endpoint(base: api, path: "news/recent", parameters: ["page": 1])
/// let response = try await pool.send(Request(endpoint, policy: .coalesce))
/// let titles = try response.json.value(at: "data.list")
/// ```
///
/// Two requests are identical when their ``RequestIdentity`` is: same method, absolute URL,
/// parameters in any order, body, and headers (so requests of two users never share a response). A request whose task is cancelled ends at once with
/// ``NetworkError/cancelled(url:)``; its network call is cancelled too unless other callers
/// of a `.coalesce` request still wait for it. Retries happen inside the network call, so
/// coalesced callers share them (with the first caller's ``RetryPolicy``); each caller's
/// ``ResponseRule`` is applied to the shared response on its own.
public actor RequestPool {
    /// The transport requests go through.
    public nonisolated let transport: any Transport

    private var flights: [UInt64: Flight] = [:]
    /// The newest `.cancelPrevious` flight of each identity.
    private var newest: [RequestIdentity: Flight] = [:]
    /// The `.coalesce` flight of each identity that callers may join.
    private var shared: [RequestIdentity: Flight] = [:]
    private var lastFlightID: UInt64 = 0
    private nonisolated let callerIDs = Atomic<UInt64>(0)
    /// Flights that have ended, forgotten the next time the actor runs: a call does not hop
    /// back onto the actor when it ends.
    private nonisolated let ended = Mutex<[Flight]>([])

    /// How a flight's network call is made.
    enum CallStart: CaseIterable, Sendable {
        /// Through ``URLSessionTransport/start(_:completion:)`` when the transport is a
        /// ``URLSessionTransport`` and the request has no retries, no timeout of its own and no
        /// ``Request/received`` work: the exchange's completion ends the flight itself, so the
        /// callers are woken once, as by `URLSession.data(for:)`, not first the call's task and
        /// then its callers. Other requests start as `.immediate` does.
        case direct
        /// In a task started with `Task.immediate` where the system has it (see ``startCall(_:)``).
        case immediate
        /// In an ordinary `Task`, as on systems without `Task.immediate`.
        case task
    }

    /// How calls are made; tests choose, to run each way.
    nonisolated let calls: CallStart
    /// The transport when it is a ``URLSessionTransport`` and ``calls`` is `.direct`.
    private nonisolated let direct: URLSessionTransport?

    /// A pool sending through `transport`.
    public init(transport: any Transport = URLSessionTransport()) {
        self.init(transport: transport, calls: .direct)
    }

    /// A pool that makes its calls as `calls` says.
    init(transport: any Transport, calls: CallStart) {
        self.transport = transport
        self.calls = calls
        direct = calls == .direct ? transport as? URLSessionTransport : nil
    }

    /// How many network calls are in flight (coalesced callers share one).
    ///
    /// - Complexity: O(*n*) in the number of calls in flight.
    public var inFlightCount: Int {
        forgetEnded()
        return flights.values.count { $0.isOpen }
    }

    /// How many callers are waiting for a response.
    ///
    /// - Complexity: O(*n*) in the number of calls in flight.
    public var waitingCount: Int {
        forgetEnded()
        return flights.values.reduce(0) { $0 + $1.callerCount }
    }

    /// A token whose owner's requests are cancelled when the token is released.
    public nonisolated func makeOwnerToken() -> OwnerToken {
        OwnerToken(pool: self)
    }

    /// Sends `endpoint` with the options of ``Request``; see ``send(_:)-(Request)``.
    ///
    /// - Throws: ``NetworkError``.
    public nonisolated func send(
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
    /// A request that names no owner takes ``RequestOwner/current``, the task's, if it has one.
    ///
    /// - Throws: ``NetworkError``: ``NetworkError/invalidRequest(url:reason:)`` for an endpoint
    ///   that does not make a URL, ``NetworkError/cancelled(url:)`` when the calling task, the
    ///   owner or a newer identical request cancels it, the transport's errors, and the rule's.
    public nonisolated func send(_ request: Request) async throws(NetworkError) -> Response {
        var request = request
        if request.owner == nil { request.owner = RequestOwner.current }
        // Built here, outside the actor, so that concurrent callers build their URLs in parallel.
        let (urlRequest, identity) = try request.endpoint.urlRequestAndIdentity()
        let callerID = callerIDs.wrappingAdd(1, ordering: .relaxed).newValue
        let (flight, isNew) = await join(request, urlRequest: urlRequest, identity: identity, callerID: callerID)
        if isNew {
            if let direct, request.retry.maxRetries == 0, request.endpoint.timeout == nil, request.received == nil {
                flight.attach(
                    .exchange(
                        direct.start(urlRequest) { result in
                            self.ended.withLock { $0.append(flight) }
                            flight.finish(result)
                        }))
            } else {
                let transport = transport
                let method = request.endpoint.method
                let retry = request.retry
                let timeout = request.endpoint.timeout
                let received = request.received
                flight.attach(
                    .task(
                        startCall {
                            let result = await Self.perform(
                                urlRequest, method: method, retry: retry, timeout: timeout, transport: transport)
                            // While the flight is still open: a caller arriving now joins it.
                            if let received, case .success(let response) = result { received(response) }
                            self.ended.withLock { $0.append(flight) }
                            flight.finish(result)
                        }))
            }
        }
        let result = await withTaskCancellationHandler {
            await flight.wait(callerID)
        } onCancel: {
            flight.leave(callerID)
        }
        let response = try result.get()
        try request.rule.validate(response)
        return response
    }

    /// Starts a call's task. Where the system has `Task.immediate` (Swift 6.2's runtime: always on
    /// Linux; macOS, iOS, tvOS, watchOS and visionOS 26 on Apple platforms) the call starts on
    /// this thread and runs here until it first waits for the network, which saves waking another
    /// thread for every request; elsewhere, and when ``calls`` is `.task`, it is an ordinary
    /// `Task` on the cooperative pool. Both behave the same to callers.
    private nonisolated func startCall(_ body: sending @escaping () async -> Void) -> Task<Void, Never> {
        if calls != .task, #available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *) {
            return Task.immediate(operation: body)
        }
        return Task(operation: body)
    }

    /// Cancels every request tagged with `owner`; their callers get ``NetworkError/cancelled(url:)``.
    ///
    /// - Complexity: O(*n*) in the number of requests in flight.
    public func cancelAll(owner: RequestOwner) {
        for flight in flights.values {
            flight.leave(owner: owner)
        }
    }

    /// Cancels every request in flight.
    public func cancelAll() {
        for flight in flights.values {
            flight.cancel()
        }
    }

    // MARK: Bookkeeping

    /// The flight a caller waits for: a shared one it joins, or a new one (cancelling the
    /// previous identical one for `.cancelPrevious`) that the caller then starts.
    private func join(_ request: Request, urlRequest: URLRequest, identity: RequestIdentity, callerID: UInt64)
        -> (Flight, isNew: Bool)
    {
        forgetEnded()
        switch request.policy {
        case .coalesce:
            if let flight = shared[identity], flight.reserve(callerID, owner: request.owner) {
                return (flight, false)
            }
        case .cancelPrevious, .allowDuplicates:
            break
        }
        lastFlightID += 1
        let flight = Flight(
            id: lastFlightID, identity: identity, url: urlRequest.url?.absoluteString ?? request.endpoint.displayURL)
        _ = flight.reserve(callerID, owner: request.owner)
        flights[flight.id] = flight
        switch request.policy {
        case .coalesce: shared[identity] = flight
        // The previous identical call ends cancelled (it no longer counts as the newest).
        case .cancelPrevious: newest.updateValue(flight, forKey: identity)?.cancel()
        case .allowDuplicates: break
        }
        return (flight, true)
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

    /// Forgets the flights that have ended.
    private func forgetEnded() {
        for flight in ended.withLock({ ended in
            defer { ended.removeAll(keepingCapacity: true) }
            return ended
        }) {
            flights[flight.id] = nil
            // One lookup each (the identity is hashed once per index, not twice), and none in a
            // dictionary that is empty (no flight of that policy).
            if !newest.isEmpty, let index = newest.index(forKey: flight.identity), newest.values[index] === flight {
                newest.remove(at: index)
            }
            if !shared.isEmpty, let index = shared.index(forKey: flight.identity), shared.values[index] === flight {
                shared.remove(at: index)
            }
        }
    }
}
