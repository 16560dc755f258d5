// The one place where the project's lock type is chosen. Every module that keeps shared state
// behind a lock says `typealias Mutex<Value> = BasicLocking.Lock<Value>` in its `Locking.swift`,
// so its call sites read `Mutex(…)` and `withLock { … }` whichever lock this file picks.
//
// Normally that is `Synchronization.Mutex`. ThreadSanitizer cannot see that lock on Linux (it
// is a futex, and TSan only knows the locks it intercepts), so under TSan every access inside
// `withLock` is reported as a race. Building with `-Xswiftc -DBASIC_TSAN_LOCKS` swaps in
// ``PThreadLock``, built on `pthread_mutex_t`, which TSan understands; `.ci/run` does that for
// its ThreadSanitizer pass.

import Synchronization

#if BASIC_TSAN_LOCKS
    /// The project's lock: ``PThreadLock``, because this build was made with `BASIC_TSAN_LOCKS`
    /// for ThreadSanitizer.
    public typealias Lock<Value: ~Copyable> = PThreadLock<Value>
#else
    /// The project's lock: `Synchronization.Mutex`. A build with `BASIC_TSAN_LOCKS` (for
    /// ThreadSanitizer) makes it ``PThreadLock`` instead.
    ///
    /// ```swift
    /// let counter = Lock(0)
    /// counter.withLock { $0 += 1 }
    /// ```
    public typealias Lock<Value: ~Copyable> = Synchronization.Mutex<Value>
#endif

#if BASIC_TSAN_LOCKS
    /// Whether ``Lock`` is ``PThreadLock``: true, this build was made with `BASIC_TSAN_LOCKS`.
    public let isUsingPThreadLocks = true
#else
    /// Whether ``Lock`` is ``PThreadLock``: false, this build was made without `BASIC_TSAN_LOCKS`.
    public let isUsingPThreadLocks = false
#endif
