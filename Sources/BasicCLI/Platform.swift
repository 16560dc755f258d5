// The terminal's size comes from the C library: Glibc on Linux, Darwin on Apple platforms.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum Platform {
    /// The columns of the terminal on `fileDescriptor` (TIOCGWINSZ), or nil when it is not a
    /// terminal or reports no width.
    static func windowColumns(of fileDescriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
