import BasicLocking

/// The lock this module keeps its shared state behind: the project's ``BasicLocking/Lock``,
/// `Synchronization.Mutex` unless the build sets `BASIC_TSAN_LOCKS` for ThreadSanitizer. Being
/// this module's own declaration, it takes precedence over `Synchronization.Mutex` in every file
/// here, so call sites say `Mutex(…)` either way.
typealias Mutex<Value: ~Copyable> = BasicLocking.Lock<Value>
