import Dispatch
import Foundation
import Synchronization

/// Ends the exchanges of one transport whose time has run out, with one dispatch timer for all
/// of them instead of one per request.
///
/// Every exchange gets the same time limit, so deadlines come in the order exchanges start: the
/// keeper holds them in that order, and the timer is set for the first that is still open. An
/// exchange that ends takes itself out (the front of the queue moves on past ended ones), and
/// the timer is only set again when it fires or when the keeper goes from idle to busy, so a
/// request costs a lock and two dictionary updates, not a timer of its own.
final class DeadlineKeeper: Sendable {
    /// How long each exchange may take.
    let timeout: Duration

    private struct Entry {
        let id: UInt64
        let deadline: DispatchTime
    }

    private struct State {
        var lastID: UInt64 = 0
        /// The exchanges in the order they started (so by deadline); those before `head` are gone.
        var queue: [Entry] = []
        var head = 0
        /// The exchanges still open, by id.
        var open: [UInt64: SessionExchange] = [:]
        /// The deadline the timer is set for; nil while no exchange is open.
        var armed: DispatchTime?
    }

    private let state = Mutex(State())
    private let timer: Timer

    /// The dispatch timer, in a `Sendable` value.
    private struct Timer: @unchecked Sendable {
        // A dispatch source may be set, resumed and cancelled from any thread (libdispatch
        // synchronizes it); Dispatch on Linux does not mark it Sendable.
        let source: any DispatchSourceTimer
    }

    /// A keeper ending exchanges after `timeout`.
    init(timeout: Duration) {
        self.timeout = timeout
        let source = DispatchSource.makeTimerSource(queue: .global())
        timer = Timer(source: source)
        source.setEventHandler { [weak self] in self?.fire() }
        source.schedule(deadline: .distantFuture)
        // Resumed at once: libdispatch traps when a source that was never resumed is released.
        source.resume()
    }

    deinit {
        timer.source.cancel()
    }

    /// Starts counting `exchange`'s time; returns the id that ``remove(_:)`` takes.
    ///
    /// - Complexity: amortized O(1).
    func add(_ exchange: SessionExchange) -> UInt64 {
        state.withLock { state in
            // Read under the lock, so that the queue stays in deadline order.
            let deadline = DispatchTime.now() + Self.interval(timeout)
            state.lastID += 1
            state.queue.append(Entry(id: state.lastID, deadline: deadline))
            state.open[state.lastID] = exchange
            if state.armed == nil {
                state.armed = deadline
                // Setting a dispatch timer does not wait for anything: safe under the lock.
                timer.source.schedule(deadline: deadline)
            }
            return state.lastID
        }
    }

    /// Stops counting the time of the exchange `id` (it has ended).
    ///
    /// - Complexity: amortized O(1).
    func remove(_ id: UInt64) {
        state.withLock { state in
            state.open[id] = nil
            Self.dropEnded(&state)
        }
    }

    /// The timer fired: ends the exchanges whose deadline has passed, and sets the timer for the next.
    private func fire() {
        let now = DispatchTime.now()
        let expired: [SessionExchange] = state.withLock { state in
            var expired: [SessionExchange] = []
            while state.head < state.queue.count, state.queue[state.head].deadline <= now {
                if let exchange = state.open.removeValue(forKey: state.queue[state.head].id) {
                    expired.append(exchange)
                }
                state.head += 1
            }
            Self.dropEnded(&state)
            if state.head < state.queue.count {
                let next = state.queue[state.head].deadline
                state.armed = next
                timer.source.schedule(deadline: next)
            } else {
                state.armed = nil
            }
            return expired
        }
        for exchange in expired {
            exchange.end(.timedOut(url: exchange.url, seconds: timeout.seconds))
        }
    }

    /// Moves the front of the queue past exchanges that have ended, and gives back the room
    /// they took once they are most of it.
    private static func dropEnded(_ state: inout State) {
        while state.head < state.queue.count, state.open[state.queue[state.head].id] == nil {
            state.head += 1
        }
        if state.head == state.queue.count {
            state.queue.removeAll(keepingCapacity: true)
            state.head = 0
        } else if state.head > 1024, state.head * 2 > state.queue.count {
            state.queue.removeFirst(state.head)
            state.head = 0
        }
    }

    /// `duration` for a dispatch deadline, at most about 292 years (`Int64` nanoseconds).
    static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let seconds = max(0, duration.seconds)
        guard seconds < 9e9 else { return .never }
        return .nanoseconds(Int(seconds * 1e9))
    }
}
