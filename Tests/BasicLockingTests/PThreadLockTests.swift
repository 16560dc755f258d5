import BasicLocking
import Dispatch
import Testing
import TestSupport

/// Shares noncopyable locks between tasks and threads.
private final class Shared: Sendable {
    let counter = PThreadLock(0)
    let lock = Lock(0)
}

private struct Refusal: Error, Equatable {}

/// A value that cannot be copied, as `Mutex` allows.
private struct Token: ~Copyable {
    var uses = 0
}

@Suite struct PThreadLockTests {
    @Test("concurrent increments under withLock all count")
    func countsEveryIncrement() async {
        let shared = Shared()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 {
                        shared.counter.withLock { $0 += 1 }
                        shared.lock.withLock { $0 += 1 }
                    }
                }
            }
        }
        #expect(shared.counter.withLock { $0 } == 8_000)
        #expect(shared.lock.withLock { $0 } == 8_000)
    }

    @Test("withLock returns what its body returns")
    func returnsTheBodysResult() {
        let lock = PThreadLock([1, 2])
        let count = lock.withLock { values in
            values.append(3)
            return values.count
        }
        #expect(count == 3)
        #expect(lock.withLock { $0 } == [1, 2, 3])
    }

    @Test("a body that throws passes its typed error on and releases the lock")
    func throwingBodyReleasesTheLock() {
        let lock = PThreadLock(0)
        #expect(throws: Refusal.self) {
            try lock.withLock { (value: inout Int) throws(Refusal) -> Void in
                value = 5
                throw Refusal()
            }
        }
        // Free again (withLockIfAvailable answers nil while it is held), with the change kept.
        #expect(lock.withLockIfAvailable { $0 } == 5)
    }

    @Test("withLockIfAvailable gives nil, without running its body, while another thread holds the lock")
    func tryLockWhileHeld() async {
        let shared = Shared()
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        async let holder: Void = onOwnThread {
            shared.counter.withLock { _ in
                held.signal()
                release.wait()
            }
        }
        await onOwnThread { held.wait() }
        let ranWhileHeld = shared.counter.withLockIfAvailable { value -> Bool in
            value += 1
            return true
        }
        release.signal()
        await holder
        #expect(ranWhileHeld == nil)
        #expect(shared.counter.withLockIfAvailable { $0 } == 0)
    }

    @Test("a noncopyable value can be kept and changed")
    func keepsNoncopyableValues() {
        let lock = PThreadLock(Token())
        lock.withLock { $0.uses += 1 }
        lock.withLock { $0.uses += 1 }
        #expect(lock.withLock { $0.uses } == 2)
    }
}
