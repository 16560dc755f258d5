import BasicCache
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The policy on path values. Nothing here deletes anything: `refusal(for:)` is a pure function of
/// a string, and `checkedFolder(_:for:)` only resolves and reads (`realpath`, `lstat`, `stat`).
@Suite struct DeletionPolicyTests {
    static let alice = DeletionPolicy(home: "/home/alice")

    @Test(
        "/, the home folder and the folders that hold it, and system folders are refused, however written",
        arguments: [
            ("/", DeletionPolicy.Reason.rootFolder, "/"),
            ("/..", .rootFolder, "/"),
            ("/etc/../", .rootFolder, "/"),
            ("//", .rootFolder, "/"),
            ("///./.", .rootFolder, "/"),
            ("/usr/lib/../../..", .rootFolder, "/"),
            ("/home/alice", .homeFolder, "/home/alice"),
            ("/home/alice/", .homeFolder, "/home/alice"),
            ("/home//alice/.cache/..", .homeFolder, "/home/alice"),
            ("/home", .holdsHomeFolder("/home/alice"), "/home"),
            ("/home/alice/..", .holdsHomeFolder("/home/alice"), "/home"),
            ("/home/bob", .userHomeFolder, "/home/bob"),
            ("/Users/carol/", .userHomeFolder, "/Users/carol"),
            ("/etc", .systemFolder("/etc"), "/etc"),
            ("/etc/ssh", .systemFolder("/etc"), "/etc/ssh"),
            ("/usr", .systemFolder("/usr"), "/usr"),
            ("/usr/lib/x86_64-linux-gnu", .systemFolder("/usr/lib"), "/usr/lib/x86_64-linux-gnu"),
            ("/usr/local", .systemFolder("/usr/local"), "/usr/local"),
            ("/usr/local/bin", .systemFolder("/usr/local/bin"), "/usr/local/bin"),
            ("/bin", .systemFolder("/bin"), "/bin"),
            ("/sbin/", .systemFolder("/sbin"), "/sbin"),
            ("/lib", .systemFolder("/lib"), "/lib"),
            ("/lib64", .systemFolder("/lib64"), "/lib64"),
            ("/libx32/sub", .systemFolder("/libx32"), "/libx32/sub"),
            ("/var", .systemFolder("/var"), "/var"),
            ("/var/cache", .systemFolder("/var/cache"), "/var/cache"),
            ("/var/lib", .systemFolder("/var/lib"), "/var/lib"),
            ("/boot", .systemFolder("/boot"), "/boot"),
            ("/dev", .systemFolder("/dev"), "/dev"),
            ("/proc/self", .systemFolder("/proc"), "/proc/self"),
            ("/sys", .systemFolder("/sys"), "/sys"),
            ("/opt", .systemFolder("/opt"), "/opt"),
            ("/srv", .systemFolder("/srv"), "/srv"),
            ("/root", .systemFolder("/root"), "/root"),
            ("/tmp", .systemFolder("/tmp"), "/tmp"),
            ("/tmp/", .systemFolder("/tmp"), "/tmp"),
            ("/tmp/x/..", .systemFolder("/tmp"), "/tmp"),
            ("/run", .systemFolder("/run"), "/run"),
            ("/mnt", .systemFolder("/mnt"), "/mnt"),
            ("/media", .systemFolder("/media"), "/media"),
            ("/System/Library", .systemFolder("/System"), "/System/Library"),
            ("/Library/Caches", .systemFolder("/Library/Caches"), "/Library/Caches"),
            ("relative/cache", .notAbsolute, "relative/cache"),
        ])
    func refused(path: String, reason: DeletionPolicy.Reason, folder: String) throws {
        let refusal = try #require(Self.alice.refusal(for: path))
        #expect(refusal.reason == reason)
        #expect(refusal.folder == folder)
        #expect(refusal.path == path)
    }

    @Test(
        "cache folders are allowed, inside the home folder and in the system's cache places",
        arguments: [
            "/home/alice/.cache/reader", "/home/alice/Library/Caches/reader", "/home/alice/Documents",
            "/var/cache/reader", "/var/tmp/reader", "/tmp/reader-cache", "/tmp/x/../reader", "/opt/app/cache",
            "/dev/shm/reader", "/run/user/1000/reader", "/srv/cache", "/data", "/etcetera", "/usr2", "/home/bob/.cache",
            "/Library/Caches/com.example.reader",
        ])
    func allowed(path: String) {
        #expect(Self.alice.refusal(for: path) == nil, "\(Self.alice.refusal(for: path)?.description ?? "")")
    }

    @Test("an injected home anywhere protects itself and each folder that holds it, but not its neighbours")
    func injectedHome() {
        let policy = DeletionPolicy(home: "/data/users/alice")
        #expect(policy.refusal(for: "/data/users/alice")?.reason == .homeFolder)
        #expect(policy.refusal(for: "/data/users")?.reason == .holdsHomeFolder("/data/users/alice"))
        #expect(policy.refusal(for: "/data")?.reason == .holdsHomeFolder("/data/users/alice"))
        #expect(policy.refusal(for: "/data/users/bob") == nil)
        #expect(policy.refusal(for: "/data/users/alice/.cache") == nil)
        #expect(policy.protectedFolders.prefix(4) == ["/", "/data/users/alice", "/data/users", "/data"])
    }

    @Test("a home of / protects only /; no home leaves the rest of the rules")
    func unusualHomes() {
        #expect(DeletionPolicy(home: "/").refusal(for: "/")?.reason == .rootFolder)
        #expect(DeletionPolicy(home: "/").refusal(for: "/tmp/cache") == nil)
        let none = DeletionPolicy(homes: [])
        #expect(none.refusal(for: "/") != nil)
        #expect(none.refusal(for: "/home/alice")?.reason == .userHomeFolder)
        #expect(none.refusal(for: "/etc")?.reason == .systemFolder("/etc"))
    }

    @Test("/ is refused whatever the system lists say")
    func rootHasNoOverride() {
        let emptied = DeletionPolicy(homes: [], systemTrees: [], systemFolders: [])
        #expect(emptied.refusal(for: "/")?.reason == .rootFolder)
        #expect(emptied.refusal(for: "//..")?.reason == .rootFolder)
        #expect(emptied.refusal(for: "/tmp") == nil)
    }

    @Test(
        "messages say what was refused, why, and what to name instead",
        arguments: [
            (
                "/", DeletionPolicy.Operation.clear,
                "refusing to clear / (the root folder); name a cache folder inside it"
            ),
            (
                "/etc/../", .clean,
                "refusing to clean /etc/../, which is / (the root folder); name a cache folder inside it"
            ),
            ("/home/alice", .clear, "refusing to clear /home/alice (your home folder); name a cache folder inside it"),
            (
                "/home", .clear,
                "refusing to clear /home (it holds your home folder /home/alice); name a cache folder inside /home/alice"
            ),
            (
                "/usr", .clear,
                "refusing to clear /usr (a system folder); name an application's own cache folder, such as /var/cache/NAME"
            ),
            (
                "/etc/ssh", .clean,
                "refusing to clean /etc/ssh (inside the system folder /etc); "
                    + "name an application's own cache folder, such as /var/cache/NAME"
            ),
        ])
    func messages(path: String, operation: DeletionPolicy.Operation, message: String) throws {
        let refusal = try #require(Self.alice.refusal(for: path, operation: operation))
        #expect(refusal.description == message)
        #expect(CacheError.refused(refusal).description == message)
    }

    @Test("the current policy protects HOME and the user database's home folder")
    func current() throws {
        let policy = DeletionPolicy.current
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        #expect(policy.homes.contains(home.count > 1 && home.hasSuffix("/") ? String(home.dropLast()) : home))
        let entry = try #require(getpwuid(getuid()))
        let database = String(cString: try #require(entry.pointee.pw_dir))
        #expect(policy.homes.contains(database))
        #expect(policy.refusal(for: home)?.reason == .homeFolder || home == "/")
    }

    // MARK: Resolving symlinks (reads only)

    static func realPath(_ url: URL) -> String {
        guard let resolved = realpath(url.path, nil) else { return url.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    @Test(
        "a symlink that resolves to /, or to a system folder, is refused as that folder",
        arguments: [
            ("root", "/", "/", DeletionPolicy.Reason.rootFolder),
            ("root/", "/", "/", .rootFolder),
            ("root/etc/..", "/", "/", .rootFolder),
            ("root/.", "/", "/", .rootFolder),
            ("usr", "/usr", "/usr", .systemFolder("/usr")),
            ("etc", "/etc", "/etc", .systemFolder("/etc")),
            ("usr/lib/..", "/usr", "/usr", .systemFolder("/usr")),
        ])
    func symlinksResolved(name: String, target: String, folder: String, reason: DeletionPolicy.Reason) throws {
        let temporary = try TemporaryDirectory()
        let link = String(name.prefix { $0 != "/" })
        try FileManager.default.createSymbolicLink(
            atPath: temporary.path(link).path, withDestinationPath: target)
        let path = temporary.url.path + "/" + name
        #expect(throws: CacheError.refused(.init(path: path, folder: folder, reason: reason, operation: .clean))) {
            try Self.alice.checkedFolder(path, for: .clean)
        }
    }

    @Test("a symlink to an injected home, and a path through one, are refused as the home folder")
    func symlinkToHome() throws {
        let temporary = try TemporaryDirectory()
        let home = temporary.path("home")
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: temporary.path("link").path, withDestinationPath: home.path)
        let policy = DeletionPolicy(home: Self.realPath(home))
        for path in [home.path, temporary.path("link").path, temporary.path("link").path + "/sub/..", home.path + "/"] {
            #expect(
                throws: CacheError.refused(
                    .init(path: path, folder: Self.realPath(home), reason: .homeFolder, operation: .clear))
            ) {
                try policy.checkedFolder(path)
            }
        }
        let parent = Self.realPath(temporary.url)
        #expect(
            throws: CacheError.refused(
                .init(
                    path: home.path + "/..", folder: parent, reason: .holdsHomeFolder(Self.realPath(home)),
                    operation: .clear))
        ) {
            try policy.checkedFolder(home.path + "/..")
        }
    }

    @Test("an allowed folder comes back as its real path; a missing one, a file and a symlink are errors")
    func checkedFolderErrors() throws {
        let temporary = try TemporaryDirectory()
        let cache = temporary.path("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: temporary.path("file"))
        try FileManager.default.createSymbolicLink(atPath: temporary.path("link").path, withDestinationPath: cache.path)
        let policy = DeletionPolicy(homes: [])
        #expect(try policy.checkedFolder(cache.path + "/") == Self.realPath(cache))
        #expect(try policy.checkedFolder(temporary.path("link").path + "/.") == Self.realPath(cache))
        #expect(throws: CacheError.noSuchFolder(temporary.path("missing").path)) {
            try policy.checkedFolder(temporary.path("missing").path)
        }
        #expect(throws: CacheError.noSuchFolder("")) { try policy.checkedFolder("") }
        #expect(throws: CacheError.notAFolder(temporary.path("file").path)) {
            try policy.checkedFolder(temporary.path("file").path)
        }
        #expect(throws: CacheError.notAFolder(temporary.path("file/sub").path)) {
            try policy.checkedFolder(temporary.path("file/sub").path)
        }
        #expect(throws: CacheError.symbolicLink(temporary.path("link").path, target: Self.realPath(cache))) {
            try policy.checkedFolder(temporary.path("link").path)
        }
        #expect(!FileManager.default.fileExists(atPath: temporary.path("missing").path))
    }

    @Test("checkedFolder takes a file URL too and answers the real folder as a URL; a web URL is notAFileURL")
    func checkedFolderURLs() throws {
        let temporary = try TemporaryDirectory()
        let cache = temporary.path("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: temporary.path("link").path, withDestinationPath: cache.path)
        let policy = DeletionPolicy(homes: [])
        #expect(try policy.checkedFolder(cache).path == Self.realPath(cache))
        #expect(throws: CacheError.symbolicLink(temporary.path("link").path, target: Self.realPath(cache))) {
            try policy.checkedFolder(temporary.path("link"))
        }
        let web = try #require(URL(string: "https://example.com/cache"))
        #expect(throws: CacheError.notAFileURL("https://example.com/cache")) { try policy.checkedFolder(web) }
        #expect(throws: CacheError.self) { try DeletionPolicy(home: temporary.url.path).checkedFolder(temporary.url) }
    }
}
