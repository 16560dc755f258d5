// Linux and Apple differences of BasicCache, in one place (STYLE.md 17). Each file that makes
// POSIX calls still imports Glibc or Darwin itself; what differs beyond the module's name is here.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum Platform {
    /// A file's modification or access time in seconds since 1970. Darwin names the fields
    /// `st_mtimespec`/`st_atimespec`, Linux `st_mtim`/`st_atim`.
    static func seconds(of info: stat, access: Bool) -> Double {
        #if canImport(Darwin)
            let time = access ? info.st_atimespec : info.st_mtimespec
        #else
            let time = access ? info.st_atim : info.st_mtim
        #endif
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The name of a directory entry that `readdir` returned.
    static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafePointer(to: &entry.pointee.d_name) { pointer in
            pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
        }
    }

    /// Whether a directory entry is `.` or `..`, read without making a string.
    static func isDotOrDotDot(_ entry: UnsafeMutablePointer<dirent>) -> Bool {
        withUnsafePointer(to: &entry.pointee.d_name) { pointer in
            pointer.withMemoryRebound(to: UInt8.self, capacity: 3) { bytes in
                bytes[0] == UInt8(ascii: ".") && (bytes[1] == 0 || (bytes[1] == UInt8(ascii: ".") && bytes[2] == 0))
            }
        }
    }
}
