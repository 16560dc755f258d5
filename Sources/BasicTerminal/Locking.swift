import BasicLocking

/// The lock this module keeps its shared state behind: the project's ``BasicLocking/Lock``.
typealias Mutex<Value: ~Copyable> = BasicLocking.Lock<Value>
