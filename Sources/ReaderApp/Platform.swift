// Linux and Apple differences of ReaderApp, in one place (STYLE.md 17). The files that make POSIX
// calls still import Glibc or Darwin themselves; what differs beyond the module's name is here.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum Platform {
    #if os(macOS)
        /// The program that opens a URL in the person's default browser when `$BROWSER` is not
        /// set. macOS: `open(1)`, at `/usr/bin/open` in every macOS release (LaunchServices).
        static let browserOpener = "/usr/bin/open"
    #else
        /// The program that opens a URL in the person's default browser when `$BROWSER` is not
        /// set. Linux and the BSDs: `xdg-open` (freedesktop.org's xdg-utils), found on `PATH`.
        static let browserOpener = "xdg-open"
    #endif

    #if canImport(Darwin)
        /// `posix_spawn`'s file actions and attributes, before their `…_init`. Apple: opaque
        /// pointers that `posix_spawn_file_actions_init` and `posix_spawnattr_init` allocate
        /// (<spawn.h>, macOS 10.5 and later), so Swift sees them as optionals, nil until then.
        typealias SpawnFileActions = posix_spawn_file_actions_t?
        typealias SpawnAttributes = posix_spawnattr_t?
        static func spawnFileActions() -> SpawnFileActions { nil }
        static func spawnAttributes() -> SpawnAttributes { nil }
    #else
        /// `posix_spawn`'s file actions and attributes, before their `…_init`. Glibc: structs
        /// that the `…_init` calls fill in place.
        typealias SpawnFileActions = posix_spawn_file_actions_t
        typealias SpawnAttributes = posix_spawnattr_t
        static func spawnFileActions() -> SpawnFileActions { posix_spawn_file_actions_t() }
        static func spawnAttributes() -> SpawnAttributes { posix_spawnattr_t() }
    #endif
}
