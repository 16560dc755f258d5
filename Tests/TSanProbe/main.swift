// tsan-probe MODE: two threads change one counter, in the way MODE names, and the total is
// printed. ThreadSanitizerProofTests runs it under ThreadSanitizer and reads its standard error,
// to prove that TSan still sees a race with BASIC_TSAN_LOCKS on, and sees none through the
// project's lock:
//
//   unsynchronised   a plain global: a real race, which TSan must report
//   mutex            Synchronization.Mutex: correct, but on Linux TSan cannot see its futex, so
//                    the contended hand-over below is reported as a race
//   lock             BasicLocking.Lock, the project's lock: correct, and seen by TSan when the
//                    build sets BASIC_TSAN_LOCKS
//   pthread-lock     BasicLocking.PThreadLock: correct and seen, whatever the build
//
// With a lock, the two threads first add 10,000 each, then hand the lock over under contention:
// one holds it for 0.3 s and changes the value while the other waits in `withLock` (an
// uncontended lock is taken with atomics that TSan may see even in Mutex; a waiter goes through
// the futex). Exit status 0 after printing the total; 64 for an unknown MODE. (TSan changes the
// status when it reports: its exitcode option, 66 by default.)

import BasicLocking
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let increments = 10_000

/// The racy counter: a global that both threads change with no lock at all, on purpose.
nonisolated(unsafe) var unsynchronisedCount = 0

/// Runs each body on a thread of its own, all at once, and waits for them.
func onThreads(_ bodies: [@Sendable () -> Void]) {
    final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var threads: [pthread_t] = []
    for body in bodies {
        var thread = pthread_t()
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, work)
        guard status == 0 else {
            print("pthread_create failed: \(status)")
            exit(1)
        }
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
}

/// A POSIX semaphore that threads share (TSan sees the order it makes).
struct Semaphore: @unchecked Sendable {
    // sem_post and sem_wait are safe from any thread; the pointer never changes.
    let pointer: UnsafeMutablePointer<sem_t>

    init() {
        pointer = .allocate(capacity: 1)
        sem_init(pointer, 0, 0)
    }

    func post() { sem_post(pointer) }
    func wait() { while sem_wait(pointer) != 0 {} }
}

/// A way to run a body holding some lock around the counter.
typealias WithLock = @Sendable (_ body: (inout Int) -> Void) -> Void

/// The counting and the contended hand-over described at the top; returns the total.
func exercise(_ withLock: @escaping WithLock) -> Int {
    onThreads([
        { for _ in 0..<increments { withLock { $0 += 1 } } },
        { for _ in 0..<increments { withLock { $0 += 1 } } },
    ])
    let holding = Semaphore()
    onThreads([
        {
            withLock { value in
                holding.post()
                usleep(300_000)
                value += 1
            }
        },
        {
            holding.wait()
            withLock { $0 += 1 }
        },
    ])
    var total = 0
    withLock { total = $0 }
    return total
}

/// The counters behind each kind of lock (noncopyable locks are shared through a class).
final class Counters: Sendable {
    let mutex = Synchronization.Mutex(0)
    let lock = Lock(0)
    let pthreadLock = PThreadLock(0)
}

let counters = Counters()
let mode = CommandLine.arguments.dropFirst().first ?? ""
let total: Int
let expected: Int
switch mode {
case "unsynchronised":
    onThreads([
        { for _ in 0..<increments { unsynchronisedCount += 1 } },
        { for _ in 0..<increments { unsynchronisedCount += 1 } },
    ])
    total = unsynchronisedCount
    expected = 2 * increments
case "mutex":
    total = exercise { body in counters.mutex.withLock { body(&$0) } }
    expected = 2 * increments + 2
case "lock":
    total = exercise { body in counters.lock.withLock { body(&$0) } }
    expected = 2 * increments + 2
case "pthread-lock":
    total = exercise { body in counters.pthreadLock.withLock { body(&$0) } }
    expected = 2 * increments + 2
default:
    print("usage: tsan-probe unsynchronised|mutex|lock|pthread-lock")
    exit(64)
}
print("total \(total) of \(expected)")
