/// Which folders ``FolderCleaner`` refuses to clear or clean, decided on path values alone.
///
/// ```swift
/// let policy = DeletionPolicy(home: "/home/alice")
/// policy.refusal(for: "/etc/../")?.description
/// // refusing to clear /etc/../, which is / (the root folder); name a cache folder inside it
/// policy.refusal(for: "/home/alice/.cache/reader")   // nil: a cache folder may be cleared
/// ```
///
/// Refused, in this order:
/// 1. `/`, the root folder. Nothing overrides this (GNU `rm --preserve-root` is the model).
/// 2. Each of ``homes`` (the user's home folder) and every folder that holds one (`/home` for
///    `/home/alice`).
/// 3. ``systemTrees``: folders that hold only the system, refused with everything inside them
///    (`/etc`, `/etc/ssh`, `/usr/lib/…`), and every top-level folder whose name starts with `lib`
///    (`/lib`, `/lib64`, `/libx32`).
/// 4. ``systemFolders``: folders that hold the system and other things, refused themselves but
///    not what is inside (`/var` and `/var/cache` are refused, `/var/cache/reader` is not).
/// 5. Any folder directly inside `/home` or `/Users`: another user's home folder.
///
/// ``refusal(for:operation:)`` works on the path as written, after resolving `.`, `..` and
/// repeated slashes in the text; it neither reads nor changes the file system. ``FolderCleaner``
/// applies it to the real path (`realpath`, symlinks resolved), and also compares the folder's
/// identity (device and inode) with each protected folder's, so that a bind mount or a second
/// name for `/` or the home folder is refused too (see ``checkedFolder(_:for:)``).
///
/// Its paths are `String`s on purpose, the one exception to "locations are URLs": it judges the
/// text of a path as written, and quotes it so in its messages, where a `URL` would already have
/// changed it (dropped a trailing slash, joined a relative path to the working directory).
/// What reads the file system also takes a `URL`: ``checkedFolder(_:for:)-(URL,_)``.
public struct DeletionPolicy: Sendable, Hashable {
    /// The destructive operations the policy guards; they name the refusal (`refusing to clean …`).
    public enum Operation: String, Sendable, Hashable, CaseIterable {
        /// ``FolderCleaner/clear(_:policy:dryRun:progress:removing:)``: everything inside goes.
        case clear
        /// ``FolderCleaner/clean(_:olderThan:by:now:policy:dryRun:progress:removing:)``: old files go.
        case clean
    }

    /// Why a folder may not be cleared or cleaned.
    public enum Reason: Sendable, Hashable {
        /// It is `/`.
        case rootFolder
        /// It is the user's home folder.
        case homeFolder
        /// It holds the user's home folder, given here.
        case holdsHomeFolder(String)
        /// It is a system folder or inside one; the protected folder is given here.
        case systemFolder(String)
        /// It is directly inside `/home` or `/Users`: someone's home folder.
        case userHomeFolder
        /// The path is relative; the policy judges absolute paths only.
        case notAbsolute
    }

    /// A refusal: the path as given, the folder it names, and why that folder is protected.
    public struct Refusal: Sendable, Hashable, CustomStringConvertible {
        /// The path as the caller gave it.
        public var path: String
        /// The protected folder that `path` names (normalized or resolved).
        public var folder: String
        /// Why `folder` is protected.
        public var reason: Reason
        /// What was asked.
        public var operation: Operation
        /// Whether `path` was found to be `folder` by its identity (device and inode: a bind mount, a
        /// hard-linked folder) rather than by its resolved path.
        public var isSameFolderByIdentity: Bool

        /// Creates a refusal.
        public init(
            path: String, folder: String, reason: Reason, operation: Operation, isSameFolderByIdentity: Bool = false
        ) {
            self.path = path
            self.folder = folder
            self.reason = reason
            self.operation = operation
            self.isSameFolderByIdentity = isSameFolderByIdentity
        }

        /// One line: `refusing to clear / (the root folder); name a cache folder inside it`.
        public var description: String {
            var line = "refusing to \(operation.rawValue) \(path)"
            if isSameFolderByIdentity {
                line += ", which is the same folder as \(folder)"
            } else if path != folder {
                line += ", which is \(folder)"
            }
            switch reason {
            case .rootFolder:
                line += " (the root folder); name a cache folder inside it"
            case .homeFolder:
                line += " (your home folder); name a cache folder inside it"
            case .holdsHomeFolder(let home):
                line += " (it holds your home folder \(home)); name a cache folder inside \(home)"
            case .systemFolder(let protected):
                line += protected == folder ? " (a system folder)" : " (inside the system folder \(protected))"
                line += "; name an application's own cache folder, such as /var/cache/NAME"
            case .userHomeFolder:
                line += " (a user's home folder); name a cache folder inside it"
            case .notAbsolute:
                line += " (not an absolute path); resolve it to an absolute path first"
            }
            return line
        }
    }

    /// Folders refused with everything inside them: they never hold a cache.
    public static let defaultSystemTrees: Set<String> = [
        "/bin", "/boot", "/etc", "/lost+found", "/proc", "/sbin", "/sys",
        "/usr/bin", "/usr/include", "/usr/lib", "/usr/lib32", "/usr/lib64", "/usr/libexec", "/usr/libx32",
        "/usr/sbin", "/usr/share", "/usr/local/bin", "/usr/local/etc", "/usr/local/include", "/usr/local/lib",
        "/usr/local/sbin", "/usr/local/share",
        // Apple platforms.
        "/System", "/private/etc", "/Library/Apple",
    ]

    /// Folders refused themselves, though a cache folder may live inside them.
    public static let defaultSystemFolders: Set<String> = [
        "/dev", "/dev/shm", "/home", "/media", "/mnt", "/opt", "/root", "/run", "/snap", "/srv", "/tmp",
        "/usr", "/usr/local", "/usr/src", "/var", "/var/backups", "/var/cache", "/var/lib", "/var/local",
        "/var/lock", "/var/log", "/var/mail", "/var/opt", "/var/run", "/var/spool", "/var/tmp", "/var/www",
        // Apple platforms.
        "/Applications", "/Library", "/Library/Caches", "/Users", "/Volumes", "/cores", "/private",
        "/private/tmp", "/private/var", "/opt/homebrew",
    ]

    /// The user's home folders: each is refused, with every folder that holds it.
    public var homes: [String]
    /// Folders refused with everything inside them; ``defaultSystemTrees`` unless changed.
    public var systemTrees: Set<String>
    /// Folders refused themselves only; ``defaultSystemFolders`` unless changed.
    public var systemFolders: Set<String>

    /// A policy with the given home folders; `/` is refused whatever they are.
    public init(
        homes: [String], systemTrees: Set<String> = defaultSystemTrees,
        systemFolders: Set<String> = defaultSystemFolders
    ) {
        self.homes = homes.filter { $0.hasPrefix("/") }.map(Self.normalized)
        self.systemTrees = systemTrees
        self.systemFolders = systemFolders
    }

    /// A policy for one home folder, as tests inject it: `DeletionPolicy(home: "/home/alice")`.
    public init(home: String) {
        self.init(homes: [home])
    }

    /// Why `path` may not be cleared or cleaned, or `nil` when it may.
    ///
    /// A pure function of the path's text: `.`, `..` and repeated or trailing slashes are resolved
    /// in the text (`/etc/../` is `/`); symlinks are not, which is what ``checkedFolder(_:for:)``
    /// adds. A relative path is refused with ``Reason/notAbsolute``.
    ///
    /// - Complexity: O(*h* · *d*) for *h* home folders *d* levels deep.
    public func refusal(for path: String, operation: Operation = .clear) -> Refusal? {
        guard path.hasPrefix("/") else {
            return Refusal(path: path, folder: path, reason: .notAbsolute, operation: operation)
        }
        let folder = Self.normalized(path)
        guard let reason = reason(forNormalized: folder) else { return nil }
        return Refusal(path: path, folder: folder, reason: reason, operation: operation)
    }

    /// Every folder the policy protects by name: `/`, the home folders and their ancestors, and
    /// the system folders and trees. ``checkedFolder(_:for:)`` compares a folder's identity with
    /// each of these that exists.
    public var protectedFolders: [String] {
        var folders = ["/"]
        for home in homes { folders += [home] + Self.ancestors(of: home) }
        folders += systemTrees.sorted() + systemFolders.sorted()
        var seen: Set<String> = []
        return folders.filter { seen.insert($0).inserted }
    }

    /// The reason for an absolute path without `.`, `..` or repeated slashes.
    func reason(forNormalized folder: String) -> Reason? {
        if folder == "/" { return .rootFolder }
        if homes.contains(folder) { return .homeFolder }
        if let home = homes.first(where: { Self.isInside($0, folder) }) { return .holdsHomeFolder(home) }
        let components = folder.split(separator: "/")
        if components.count == 1, components[0].hasPrefix("lib") { return .systemFolder(folder) }
        if let tree = systemTrees.filter({ $0 == folder || Self.isInside(folder, $0) }).min(by: { $0.count < $1.count })
        {
            return .systemFolder(tree)
        }
        if components.count > 1, components[0].hasPrefix("lib") { return .systemFolder("/" + components[0]) }
        if systemFolders.contains(folder) { return .systemFolder(folder) }
        if components.count == 2, components[0] == "home" || components[0] == "Users" { return .userHomeFolder }
        return nil
    }

    /// `path` with `.`, `..`, repeated and trailing slashes resolved in the text; `..` at the top
    /// stays at `/`, as the file system does.
    static func normalized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// Whether `path` lies strictly inside `folder` (both normalized).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" ? path != "/" : path.hasPrefix(folder + "/")
    }

    /// The folders that hold `path` (normalized), nearest first, `/` excluded.
    static func ancestors(of path: String) -> [String] {
        var result: [String] = []
        var components = path.split(separator: "/")
        while components.count > 1 {
            components.removeLast()
            result.append("/" + components.joined(separator: "/"))
        }
        return result
    }
}
