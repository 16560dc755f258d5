import BasicLocking

/// The lock this test target's shared state sits behind: the project's `BasicLocking.Lock`,
/// so that under ThreadSanitizer (built with `BASIC_TSAN_LOCKS`) the tests' own locks are seen
/// too. This target's own declaration, it takes precedence over `Synchronization.Mutex`.
typealias Mutex<Value: ~Copyable> = BasicLocking.Lock<Value>
