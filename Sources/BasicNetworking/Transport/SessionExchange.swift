import Dispatch
import Foundation
import Synchronization

/// One request in flight through ``URLSessionTransport``: who waits for it (a caller's
/// continuation, or a handler) and the `URLSessionDataTask`, behind a lock; its deadline is kept
/// by a ``DeadlineKeeper``.
///
/// Whichever comes first ends the exchange and tells its waiter, once: the task's completion
/// handler, the caller's cancellation, or the deadline. Cancellation and the deadline then cancel
/// the `URLSessionTask` from ``cancelQueue``, never from the thread that ended the exchange.
///
/// Why it cannot deadlock (swift-corelibs-foundation #5412, which `URLSession.data(for:)` has on
/// this toolchain): a Swift task's cancellation handler runs while the runtime holds that task's
/// status lock, and resuming a suspended task from another thread may take that lock (the
/// deadlock's backtrace shows `flagAsAndEnqueueOnExecutor` waiting for it). `data(for:)` calls
/// `URLSessionTask.cancel()` from its handler, which waits for URLSession's work queue (one
/// queue that every session's queue targets), while the work queue, ending the task, resumes
/// the continuation inline and so waits for the status lock: each thread holds what the other
/// waits for. Here the handler never waits for URLSession: it takes ``state``'s lock and the
/// keeper's, neither ever held while calling URLSession or resuming a continuation; it
/// resumes its own task's continuation, as a cancellation handler may (`Flight` does the same);
/// and it hands `URLSessionTask.cancel()` to ``cancelQueue``, which holds nothing. The
/// completion handler runs on the session's delegate queue: on Linux, for the transports' own
/// sessions, that is URLSession's work queue itself (``Platform/ownSession(_:)``), as for
/// `data(for:)`. Resuming there may wait for a status lock, but whoever holds one (a
/// cancellation handler) waits only for our locks, which nobody holds while waiting for
/// URLSession, and the thread that waits for the work queue (``cancelQueue``) holds no status
/// lock: no cycle closes. A ``Waiter/handler(_:)`` keeps to the same rules (``RequestPool``'s ends
/// its flight: locks, and resuming its callers).
final class SessionExchange: Sendable {
    /// How the exchange ended.
    enum Outcome: Sendable {
        /// URLSession's completion handler ran: its data, response and error.
        case completed(Data?, URLResponse?, (any Error)?)
        /// The caller's task was cancelled, or the deadline passed.
        case ended(NetworkError)
    }

    /// Who is told the outcome.
    enum Waiter: Sendable {
        /// A caller suspended in ``URLSessionTransport/send(_:)``.
        case continuation(CheckedContinuation<Outcome, Never>)
        /// A handler, called on the thread that ends the exchange (``RequestPool`` hands the
        /// response to its callers this way, without a task of its own in between).
        case handler(@Sendable (Outcome) -> Void)

        func tell(_ outcome: Outcome) {
            switch self {
            case .continuation(let continuation): continuation.resume(returning: outcome)
            case .handler(let handler): handler(outcome)
            }
        }
    }

    private struct State {
        var waiter: Waiter?
        var task: URLSessionDataTask?
        /// The keeper counting its time, and its id there.
        var deadline: (keeper: DeadlineKeeper, id: UInt64)?
        var hasEnded = false
        /// Why it ended, when that was before it started.
        var ending: NetworkError?
    }

    /// Where `URLSessionTask.cancel()` is called: a thread that holds no lock of ours or of the
    /// Swift runtime, so that waiting there for URLSession's work queue cannot close a cycle.
    static let cancelQueue = DispatchQueue(label: "BasicNetworking.URLSessionTransport.cancel")

    private let state = Mutex(State())

    /// The request's URL, for messages.
    let url: String

    /// An exchange for a request to `url`.
    init(url: String) {
        self.url = url
    }

    /// Starts `request` on `session`, telling `waiter` when it ends (at once when the exchange
    /// has been cancelled already). `deadlines` ends it with
    /// ``NetworkError/timedOut(url:seconds:)`` when its time is up. When `session` is one the
    /// transport made (`isOwnSession`), a request with a body may go through a session of its own
    /// (``Platform/session(sending:apartFrom:inline:)``).
    func start(
        _ request: URLRequest, in session: URLSession, isOwnSession: Bool = false, deadlines: DeadlineKeeper?,
        waiter: Waiter
    ) {
        let apart = isOwnSession ? Platform.session(sending: request, apartFrom: session) : nil
        // Made outside the lock: creating a task waits for URLSession's work queue.
        let task = (apart ?? session).dataTask(with: request) { [self] data, response, error in
            complete(.completed(data, response, error))
        }
        // A session made for this request ends with it (its task keeps it until then).
        apart?.finishTasksAndInvalidate()
        let deadline = deadlines.map { ($0, $0.add(self)) }
        let ending: NetworkError? = state.withLock { state in
            if state.hasEnded { return state.ending ?? .cancelled(url: url) }
            state.waiter = waiter
            state.task = task
            state.deadline = deadline
            return nil
        }
        if let ending {
            // Cancelled (or out of time) before it started. Never resumed, the task is cancelled
            // to take it out of the session's registry.
            if let (keeper, id) = deadline { keeper.remove(id) }
            task.cancel()
            waiter.tell(.ended(ending))
            return
        }
        task.resume()
    }

    /// Ends the exchange with `error` (cancelled, timed out); does nothing once it has ended.
    /// Safe inside a task's cancellation handler: see the type's discussion.
    func end(_ error: NetworkError) {
        guard let taken = take(ending: error) else { return }
        if let (keeper, id) = taken.deadline { keeper.remove(id) }
        taken.waiter?.tell(.ended(error))
        if let task = taken.task { Self.cancelQueue.async { task.cancel() } }
    }

    /// URLSession's answer arrived (on the session's delegate queue).
    private func complete(_ outcome: Outcome) {
        guard let taken = take(ending: nil) else { return }
        if let (keeper, id) = taken.deadline { keeper.remove(id) }
        taken.waiter?.tell(outcome)
    }

    /// What ending the exchange takes out of its state, to resume and cancel outside the lock.
    private struct Taken {
        var waiter: Waiter?
        var task: URLSessionDataTask?
        var deadline: (keeper: DeadlineKeeper, id: UInt64)?
    }

    /// Marks the exchange ended (by `error`, or by URLSession's answer when nil) and takes out
    /// what it held; nil when it had ended already.
    private func take(ending error: NetworkError?) -> Taken? {
        state.withLock { state in
            guard !state.hasEnded else { return nil }
            state.hasEnded = true
            state.ending = error
            defer { (state.waiter, state.task, state.deadline) = (nil, nil, nil) }
            return Taken(waiter: state.waiter, task: state.task, deadline: state.deadline)
        }
    }
}
