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
            // Apple: `struct stat`'s `st_atimespec`/`st_mtimespec` (<sys/stat.h>), in every macOS,
            // iOS, tvOS, watchOS and visionOS release.
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

    /// Whether the open folder `descriptor` is the root of a mount: another file system, or a bind
    /// mount of the same one (which a different `st_dev` alone does not reveal).
    ///
    /// Linux (5.8 and later) says so in `statx`'s `STATX_ATTR_MOUNT_ROOT`. Swift's Glibc module
    /// does not declare `statx`, so it is looked up with `dlsym` and its result read at the kernel
    /// ABI's fixed offsets. Without it (older kernels, Apple platforms) this is false and a
    /// different `st_dev` is the only sign of a mount.
    static func isMountRoot(_ descriptor: Int32) -> Bool {
        #if os(Linux)
            guard let statx = Statx.function else { return false }
            return withUnsafeTemporaryAllocation(byteCount: Statx.size, alignment: 8) { buffer in
                guard statx(descriptor, "", Statx.emptyPath, Statx.basicStats, buffer.baseAddress) == 0 else {
                    return false
                }
                let attributes = buffer.load(fromByteOffset: Statx.attributesOffset, as: UInt64.self)
                let supported = buffer.load(fromByteOffset: Statx.attributesMaskOffset, as: UInt64.self)
                return supported & Statx.mountRoot != 0 && attributes & Statx.mountRoot != 0
            }
        #else
            // Apple: no `statx`; a different `st_dev` (stat(2), every release) is the only sign.
            return false
        #endif
    }
}

#if os(Linux)
    /// `statx(2)` as `dlsym` finds it in the C library, with the constants and offsets of
    /// `<linux/stat.h>` (a stable kernel ABI).
    private enum Statx {
        typealias Function =
            @convention(c) (
                Int32, UnsafePointer<CChar>, Int32, UInt32, UnsafeMutableRawPointer?
            ) -> Int32

        static let size = 256  // sizeof(struct statx)
        static let emptyPath: Int32 = 0x1000  // AT_EMPTY_PATH
        static let basicStats: UInt32 = 0x7ff  // STATX_BASIC_STATS
        static let mountRoot: UInt64 = 0x2000  // STATX_ATTR_MOUNT_ROOT
        static let attributesOffset = 8  // stx_attributes
        static let attributesMaskOffset = 56  // stx_attributes_mask

        static let function: Function? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "statx") else { return nil }
            return unsafeBitCast(symbol, to: Function.self)
        }()
    }
#endif
