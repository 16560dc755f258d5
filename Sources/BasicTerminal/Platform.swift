// Linux and Apple differences of BasicTerminal, in one place (STYLE.md 17). Each file that makes
// POSIX calls (termios, ioctl, signals) still imports Glibc or Darwin itself; what differs beyond
// the module's name is here.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum Platform {
    /// The C library's `write(2)`, named through its module: ``TerminalSession``'s own `write`
    /// hides the bare name.
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            // Apple: `write(2)` from the C library (libSystem), in every macOS, iOS, tvOS,
            // watchOS and visionOS release; the Darwin module declares it as Glibc does.
            Darwin.write(descriptor, bytes, count)
        #endif
    }
}
