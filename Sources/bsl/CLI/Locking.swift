import BasicLocking

/// The lock bsl keeps its shared state behind: the project's ``BasicLocking/Lock``,
/// `Synchronization.Mutex` unless the build sets `BASIC_TSAN_LOCKS` for ThreadSanitizer.
typealias Mutex<Value: ~Copyable> = BasicLocking.Lock<Value>
