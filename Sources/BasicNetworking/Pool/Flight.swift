import Foundation
import Synchronization

/// One network call of a ``RequestPool`` and the callers waiting for it.
///
/// The pool's actor creates and indexes flights; the callers and the outcome live behind a lock,
/// so that the call hands its result to its callers directly and a caller whose task is
/// cancelled leaves at once, neither going through the actor.
final class Flight: Sendable {
    let id: UInt64
    let identity: RequestIdentity
    let url: String
    private let state = Mutex(State())

    private struct State {
        /// Callers by id; a caller's continuation is nil until it starts waiting.
        var callers: [UInt64: Caller] = [:]
        /// Callers that left before they started waiting.
        var departed: Set<UInt64> = []
        /// Set when the call has ended or was cancelled, and kept until every caller has it.
        var outcome: Result<Response, NetworkError>?
        var hasEnded = false
        var call: Call?
    }

    /// What makes the network call, for cancelling it.
    enum Call: Sendable {
        /// A task running the call (with its retries and timeout).
        case task(Task<Void, Never>)
        /// An exchange of ``URLSessionTransport`` that tells the flight its outcome itself.
        case exchange(SessionExchange)

        func cancel(url: String) {
            switch self {
            case .task(let task): task.cancel()
            case .exchange(let exchange): exchange.end(.cancelled(url: url))
            }
        }
    }

    private struct Caller {
        var owner: RequestOwner?
        var continuation: CheckedContinuation<Result<Response, NetworkError>, Never>?
    }

    init(id: UInt64, identity: RequestIdentity, url: String) {
        self.id = id
        self.identity = identity
        self.url = url
    }

    /// Whether the call has not ended yet.
    var isOpen: Bool { state.withLock { !$0.hasEnded } }

    /// How many callers wait for it.
    var callerCount: Int { state.withLock { $0.callers.count } }

    /// Keeps what makes the call, so that cancelling the flight cancels it.
    func attach(_ call: Call) {
        let ended = state.withLock { state in
            state.call = call
            return state.hasEnded
        }
        if ended { call.cancel(url: url) }
    }

    /// Adds a caller, before it starts waiting; false when the flight has already ended.
    func reserve(_ callerID: UInt64, owner: RequestOwner?) -> Bool {
        state.withLock { state in
            guard !state.hasEnded else { return false }
            state.callers[callerID] = Caller(owner: owner)
            return true
        }
    }

    /// Waits for the outcome (at once when the flight has ended, or the caller has left).
    func wait(_ callerID: UInt64) async -> Result<Response, NetworkError> {
        await withCheckedContinuation { continuation in
            let immediate: Result<Response, NetworkError>? = state.withLock { state in
                if state.departed.remove(callerID) != nil || state.callers[callerID] == nil {
                    return .failure(.cancelled(url: url))
                }
                if let outcome = state.outcome {
                    state.callers[callerID] = nil
                    if state.callers.isEmpty { state.outcome = nil }  // everyone has it: let the body go
                    return outcome
                }
                state.callers[callerID]?.continuation = continuation
                return nil
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
    }

    /// Ends the flight with `outcome` and hands it to every caller; false when it had ended already.
    @discardableResult
    func finish(_ outcome: Result<Response, NetworkError>) -> Bool {
        let taken: [Caller]? = state.withLock { state in
            guard !state.hasEnded else { return nil }
            return Self.end(&state, with: outcome)
        }
        guard let taken else { return false }
        for caller in taken { caller.continuation?.resume(returning: outcome) }
        return true
    }

    /// Cancels the call: every caller gets ``NetworkError/cancelled(url:)``.
    func cancel() {
        let outcome: Result<Response, NetworkError> = .failure(.cancelled(url: url))
        let ended: (waiting: [Caller], call: Call?)? = state.withLock { state in
            guard !state.hasEnded else { return nil }
            return (Self.end(&state, with: outcome), state.call)
        }
        guard let ended else { return }
        for caller in ended.waiting { caller.continuation?.resume(returning: outcome) }
        ended.call?.cancel(url: url)
    }

    /// One caller leaves (its task was cancelled); the call is cancelled when no caller is left.
    func leave(_ callerID: UInt64) {
        leave { id, _ in id == callerID }
    }

    /// The callers of `owner` leave; the call is cancelled when no caller is left.
    func leave(owner: RequestOwner) {
        leave { _, caller in caller.owner == owner }
    }

    /// Removes the matching callers and, when they were the last, ends the flight in the same
    /// critical section: a caller reserving in between would otherwise join a flight about to
    /// be cancelled, and get ``NetworkError/cancelled(url:)`` though its task never was.
    private func leave(where matches: (UInt64, Caller) -> Bool) {
        let cancelled: Result<Response, NetworkError> = .failure(.cancelled(url: url))
        let (leaving, call): ([Caller], Call?) = state.withLock { state in
            let leaving = state.callers.filter { matches($0.key, $0.value) }
            for (id, caller) in leaving {
                state.callers[id] = nil
                if caller.continuation == nil { state.departed.insert(id) }
            }
            guard state.callers.isEmpty, !state.hasEnded, !leaving.isEmpty else {
                return (Array(leaving.values), nil)
            }
            // No caller is left, so there is no one else to hand the outcome to.
            _ = Self.end(&state, with: cancelled)
            return (Array(leaving.values), state.call)
        }
        for caller in leaving {
            caller.continuation?.resume(returning: cancelled)
        }
        call?.cancel(url: url)
    }

    /// Marks the flight ended, under the lock: returns the callers waiting for `outcome`, and
    /// keeps it for those that have not started waiting yet.
    private static func end(_ state: inout State, with outcome: Result<Response, NetworkError>) -> [Caller] {
        state.hasEnded = true
        let waiting = state.callers.values.filter { $0.continuation != nil }
        state.callers = state.callers.filter { $0.value.continuation == nil }
        if !state.callers.isEmpty { state.outcome = outcome }
        return Array(waiting)
    }
}
