// The one platform fence of BasicStore: `pthread_t` is an integer on Linux and a pointer on
// Apple platforms, and ``KeyValueStore`` needs a thread's identity as a number to tell a call
// made from inside its own `write` block (which would otherwise try to take its lock twice).

#if canImport(Glibc)
    import Glibc

    /// A number that identifies the calling thread while it runs; never 0.
    func currentThreadID() -> UInt { UInt(pthread_self()) }
#elseif canImport(Darwin)
    import Darwin

    // Apple: `pthread_self()` (libSystem's POSIX threads, every macOS, iOS, tvOS, watchOS and
    // visionOS release) returns a non-null pointer, whose bits are the number.

    /// A number that identifies the calling thread while it runs; never 0.
    func currentThreadID() -> UInt { UInt(bitPattern: pthread_self()) }
#endif
