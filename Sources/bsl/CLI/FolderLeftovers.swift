import Foundation

/// The folders a run of bsl could leave behind empty, and their removal when the run ends.
///
/// Foundation on Linux makes two folders the first time anything asks for a
/// `URLSessionConfiguration`, which every network command does: one for `HTTPCookieStorage.shared`,
/// `$XDG_DATA_HOME/<the name of the executable's folder>` (else `~/.local/share/…`: `debug` for
/// `.build/debug/bsl`), and one for `URLCache.shared`,
/// `$XDG_CACHE_HOME/org.swift.foundation.URLCache/<the executable's name>` (else `~/.cache/…`),
/// with their missing parents. bsl's sessions use neither (they are ephemeral and have no URL
/// cache), so both stay empty. A `--record DIR` whose requests fail leaves an empty `DIR` too.
///
/// ``watch(environment:)`` notes which of those folders are missing when bsl starts;
/// ``removeEmptyFolders()`` removes, deepest first, the ones that exist when it ends and are
/// empty, with `rmdir`, which removes nothing but an empty folder. A folder that existed before
/// the run is never touched.
struct FolderLeftovers: Sendable {
    /// Where Foundation's folders go, and their parents, missing when the run started.
    let missing: [String]

    /// Folders the run itself is about to make (``willCreate(_:)``), and the parents they need.
    private static let announced = Mutex<[String]>([])

    /// Notes which of Foundation's folders, and their parents, are missing now.
    static func watch(environment: [String: String] = ProcessInfo.processInfo.environment) -> FolderLeftovers {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        func base(_ variable: String, default relative: String) -> [String] {
            var bases = [home + "/" + relative]
            if let value = environment[variable], value.hasPrefix("/") { bases.append(value) }
            return bases
        }
        // Names as typed and as resolved: run through a symbolic link, Foundation names the cache
        // folder after the executable the link points to.
        let invoked = URL(fileURLWithPath: CommandLine.arguments.first ?? "bsl")
        let executable = Bundle.main.executableURL ?? invoked
        let folderNames = Set(
            [Bundle.main.bundleURL, invoked.deletingLastPathComponent()].flatMap {
                [$0.lastPathComponent, $0.resolvingSymlinksInPath().lastPathComponent]
            })
        let executableNames = Set(
            [
                invoked.lastPathComponent, executable.resolvingSymlinksInPath().lastPathComponent,
                ProcessInfo.processInfo.processName,
            ])
        let leaves =
            base("XDG_DATA_HOME", default: ".local/share").flatMap { base in folderNames.map { base + "/" + $0 } }
            + base("XDG_CACHE_HOME", default: ".cache").flatMap { base in
                executableNames.map { base + "/org.swift.foundation.URLCache/" + $0 }
            }
        return FolderLeftovers(missing: leaves.flatMap { missingFolders(upTo: $0) })
    }

    /// Notes that the run is about to make `folder` (and its missing parents), so that they are
    /// removed at the end if they are still empty then, such as the cassette folder of a
    /// `--record` whose requests all failed.
    static func willCreate(_ folder: URL) {
        let missing = missingFolders(upTo: folder.standardizedFileURL.path)
        announced.withLock { $0 += missing }
    }

    /// Removes, deepest first, each folder noted as missing that exists now and is empty.
    func removeEmptyFolders() {
        let folders = Set(missing + Self.announced.withLock { $0 })
        for folder in folders.sorted(by: { $0.split(separator: "/").count > $1.split(separator: "/").count }) {
            // rmdir fails, removing nothing, on a folder that holds anything, or is no folder.
            _ = rmdir(folder)
        }
    }

    /// `path` and its parents that do not exist now, deepest first.
    private static func missingFolders(upTo path: String) -> [String] {
        var result: [String] = []
        var url = URL(fileURLWithPath: path).standardizedFileURL
        var status = stat()
        while url.path != "/", lstat(url.path, &status) != 0, errno == ENOENT {
            result.append(url.path)
            url.deleteLastPathComponent()
        }
        return result
    }
}
