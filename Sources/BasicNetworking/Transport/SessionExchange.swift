import Dispatch
import Foundation
import Synchronization

/// One request in flight through ``URLSessionTransport``: the continuation its caller waits on,
/// the `URLSessionDataTask` and the deadline, behind a lock.
///
/// Whichever comes first ends the exchange and resumes the caller, once: the task's completion
/// handler, the caller's cancellation, or the deadline. Cancellation and the deadline then cancel
/// the `URLSessionTask` from ``cancelQueue``, never from the thread that ended the exchange.
///
/// Why it cannot deadlock (swift-corelibs-foundation #5412, which `URLSession.data(for:)` has on
/// this toolchain): a Swift task's cancellation handler runs while the runtime holds that task's
/// status lock, and resuming the task's continuation takes the same lock. `data(for:)` calls
/// `URLSessionTask.cancel()` from its handler, which waits for URLSession's work queue (one
/// queue that every session's queue targets), while the work queue, ending the task, resumes
/// the continuation inline and so waits for the status lock. Here the handler takes only
/// ``state``'s lock, which is never held while calling URLSession, resuming a continuation or
/// cancelling the timer; it never waits for the work queue. The completion handler runs on the
/// session's delegate queue, not inline on the work queue, so the one thread that waits for a
/// status lock (to resume) holds nothing URLSession needs.
final class SessionExchange: Sendable {
    /// How the exchange ended.
    enum Outcome: Sendable {
        /// URLSession's completion handler ran: its data, response and error.
        case completed(Data?, URLResponse?, (any Error)?)
        /// The caller's task was cancelled, or the deadline passed.
        case ended(NetworkError)
    }

    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var task: URLSessionDataTask?
        var deadline: Deadline?
        var hasEnded = false
        /// Why it ended, when that was before it started.
        var ending: NetworkError?
    }

    /// Where `URLSessionTask.cancel()` is called: a thread that holds no lock of ours or of the
    /// Swift runtime, so that waiting there for URLSession's work queue cannot close a cycle.
    static let cancelQueue = DispatchQueue(label: "BasicNetworking.URLSessionTransport.cancel")

    private let state = Mutex(State())

    /// Starts `request` on `session`, resuming `continuation` when it ends (at once when the
    /// exchange has been cancelled already). A deadline of `timeout` ends it with
    /// ``NetworkError/timedOut(url:seconds:)``.
    func start(
        _ request: URLRequest, in session: URLSession, timeout: Duration?,
        continuation: CheckedContinuation<Outcome, Never>
    ) {
        let url = request.url?.absoluteString ?? "(no URL)"
        // Made outside the lock: creating a task waits for URLSession's work queue.
        let task = session.dataTask(with: request) { [self] data, response, error in
            complete(.completed(data, response, error))
        }
        var deadline: Deadline?
        if let timeout {
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + Self.interval(timeout))
            timer.setEventHandler { [weak self] in
                self?.end(.timedOut(url: url, seconds: timeout.seconds))
            }
            // Resumed at once: libdispatch traps when a source that was never resumed is released.
            timer.resume()
            deadline = Deadline(timer: timer)
        }
        let ending: NetworkError? = state.withLock { state in
            if state.hasEnded { return state.ending ?? .cancelled(url: url) }
            state.continuation = continuation
            state.task = task
            state.deadline = deadline
            return nil
        }
        if let ending {
            // Cancelled (or out of time) before it started. Never resumed, the task is cancelled
            // to take it out of the session's registry.
            deadline?.timer.cancel()
            task.cancel()
            continuation.resume(returning: .ended(ending))
            return
        }
        task.resume()
    }

    /// Ends the exchange with `error` (cancelled, timed out); does nothing once it has ended.
    /// Safe inside a task's cancellation handler: see the type's discussion.
    func end(_ error: NetworkError) {
        guard let taken = take(ending: error) else { return }
        taken.deadline?.timer.cancel()
        taken.continuation?.resume(returning: .ended(error))
        if let task = taken.task { Self.cancelQueue.async { task.cancel() } }
    }

    /// URLSession's answer arrived (on the session's delegate queue).
    private func complete(_ outcome: Outcome) {
        guard let taken = take(ending: nil) else { return }
        taken.deadline?.timer.cancel()
        taken.continuation?.resume(returning: outcome)
    }

    /// What ending the exchange takes out of its state, to resume and cancel outside the lock.
    private struct Taken {
        var continuation: CheckedContinuation<Outcome, Never>?
        var task: URLSessionDataTask?
        var deadline: Deadline?
    }

    /// Marks the exchange ended (by `error`, or by URLSession's answer when nil) and takes out
    /// what it held; nil when it had ended already.
    private func take(ending error: NetworkError?) -> Taken? {
        state.withLock { state in
            guard !state.hasEnded else { return nil }
            state.hasEnded = true
            state.ending = error
            defer { (state.continuation, state.task, state.deadline) = (nil, nil, nil) }
            return Taken(continuation: state.continuation, task: state.task, deadline: state.deadline)
        }
    }

    /// The timer that ends the exchange when its timeout has passed.
    struct Deadline: @unchecked Sendable {
        // A dispatch source may be resumed and cancelled from any thread (libdispatch
        // synchronizes it); Dispatch on Linux does not mark it Sendable.
        let timer: any DispatchSourceTimer
    }

    /// `duration` for a dispatch deadline, at most about 292 years (`Int64` nanoseconds).
    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let seconds = max(0, duration.seconds)
        guard seconds < 9e9 else { return .never }
        return .nanoseconds(Int(seconds * 1e9))
    }
}
