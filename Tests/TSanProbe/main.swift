// tsan-probe: two threads add to one counter 10,000 times each, in the way the argument names,
// and the total is printed. LockingTests runs it under ThreadSanitizer and reads its standard
// error, to prove that TSan still sees a race with BASIC_TSAN_LOCKS on, and sees none through
// the project's lock:
//
//   unsynchronised   a plain global: a real race, which TSan must report
//   mutex            Synchronization.Mutex: correct, but TSan cannot see it on Linux (a futex)
//   lock             BasicLocking.Lock, the project's lock: correct, and seen by TSan when the
//                    build sets BASIC_TSAN_LOCKS
//   pthread-lock     BasicLocking.PThreadLock: correct and seen, whatever the build
//
// Exit status 0 after printing the total; 64 for an unknown argument. (TSan itself may change
// the status when it reports: its exitcode option, 66 by default.)

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

/// Runs `body` on two threads at once and waits for both.
func onTwoThreads(_ body: @escaping @Sendable () -> Void) {
    final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var threads: [pthread_t] = []
    for _ in 0..<2 {
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

/// The counters behind each kind of lock (noncopyable locks are shared through a class).
final class Counters: Sendable {
    let mutex = Mutex(0)
    let lock = Lock(0)
    let pthreadLock = PThreadLock(0)
}

let counters = Counters()
let mode = CommandLine.arguments.dropFirst().first ?? ""
let total: Int
switch mode {
case "unsynchronised":
    onTwoThreads {
        for _ in 0..<increments { unsynchronisedCount += 1 }
    }
    total = unsynchronisedCount
case "mutex":
    onTwoThreads {
        for _ in 0..<increments { counters.mutex.withLock { $0 += 1 } }
    }
    total = counters.mutex.withLock { $0 }
case "lock":
    onTwoThreads {
        for _ in 0..<increments { counters.lock.withLock { $0 += 1 } }
    }
    total = counters.lock.withLock { $0 }
case "pthread-lock":
    onTwoThreads {
        for _ in 0..<increments { counters.pthreadLock.withLock { $0 += 1 } }
    }
    total = counters.pthreadLock.withLock { $0 }
default:
    print("usage: tsan-probe unsynchronised|mutex|lock|pthread-lock")
    exit(64)
}
print("total \(total) of \(2 * increments)")
