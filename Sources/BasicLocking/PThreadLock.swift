#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value protected by a `pthread_mutex_t`, with the shape of `Synchronization.Mutex`:
/// `init(_:)`, `withLock(_:)` and `withLockIfAvailable(_:)` take and give the same `sending`
/// and typed-throws signatures, so code written for one compiles with the other.
///
/// ```swift
/// let log = PThreadLock<[String]>([])
/// log.withLock { $0.append("started") }
/// let lines = log.withLock { $0 }
/// ```
///
/// ``Lock`` is this type in builds with `BASIC_TSAN_LOCKS`: ThreadSanitizer intercepts the
/// pthread calls and so sees what the lock orders, which it cannot for the futex inside
/// `Synchronization.Mutex` on Linux. It is not recursive: taking it again on the thread that
/// holds it deadlocks, as `Mutex` does.
public struct PThreadLock<Value: ~Copyable>: ~Copyable {
    private let storage: Storage

    /// A lock protecting `initialValue`.
    public init(_ initialValue: consuming sending Value) {
        storage = Storage(initialValue)
    }

    /// Runs `body` with the value, holding the lock, and returns what it returns.
    ///
    /// - Throws: whatever `body` throws, after the lock is released.
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        storage.lock()
        defer { storage.unlock() }
        return try body(&storage.value.pointee)
    }

    /// Runs `body` with the value if the lock is free, and returns what it returns; returns nil
    /// at once, without running `body`, when another thread holds the lock.
    ///
    /// - Throws: whatever `body` throws, after the lock is released.
    public borrowing func withLockIfAvailable<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        guard storage.tryLock() else { return nil }
        defer { storage.unlock() }
        return try body(&storage.value.pointee)
    }

    /// The mutex and the value, at addresses that never move: a `pthread_mutex_t` must not be
    /// moved or copied once initialised, which a Swift value can be at any time.
    private final class Storage {
        let mutex: UnsafeMutablePointer<pthread_mutex_t>
        let value: UnsafeMutablePointer<Value>

        init(_ initialValue: consuming Value) {
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            // Fails only for an invalid attribute object; nil is the documented default.
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
            value = .allocate(capacity: 1)
            value.initialize(to: initialValue)
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
            value.deinitialize(count: 1)
            value.deallocate()
        }

        func lock() {
            // Fails only for a mutex that is not initialised or is held by this thread with error
            // checking on; neither can happen here.
            let status = pthread_mutex_lock(mutex)
            precondition(status == 0, "pthread_mutex_lock failed: \(status)")
        }

        func tryLock() -> Bool {
            pthread_mutex_trylock(mutex) == 0
        }

        func unlock() {
            let status = pthread_mutex_unlock(mutex)
            precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
        }
    }
}

// The value is only reached under the lock: each access goes through `withLock` or
// `withLockIfAvailable`, which hold `storage.mutex` for the whole of `body`.
extension PThreadLock: @unchecked Sendable where Value: ~Copyable {}
